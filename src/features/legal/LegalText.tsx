import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isAllowedLegalHref, type LegalNode } from '../../domain/legalPages';

/** A legal text's tree as React elements: text stays text, and only the allowed elements exist (legal-pages.ts). */
export function LegalText({ nodes }: { nodes: readonly LegalNode[] }): ReactNode {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const children = node.children.length ? <LegalText nodes={node.children} /> : undefined;
    if (node.tag === 'a') {
      const href = node.href ?? '';
      // The build refused any other link already (legal-pages.ts); checked again where it becomes one.
      if (!isAllowedLegalHref(href)) return <span key={index}>{children}</span>;
      // The site's own pages open in the app; anything else is an ordinary link.
      return href.startsWith('/') ? (
        <Link key={index} href={href}>
          {children}
        </Link>
      ) : (
        <a key={index} href={href}>
          {children}
        </a>
      );
    }
    if (node.tag === 'ol') {
      return (
        <ol key={index} start={node.start}>
          {children}
        </ol>
      );
    }
    const Tag = node.tag;
    return <Tag key={index}>{children}</Tag>;
  });
}
