import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { LegalDocument } from '../../domain/legalPages';
import { LegalText } from './LegalText';
import styles from './Legal.module.css';

/** The name of the text's language in the visitor's, or null when the visitor reads that language already. */
function otherLanguageName(textLanguage: string, visitorLocale: string): string | null {
  const primary = (tag: string) => tag.split('-')[0]?.toLowerCase();
  if (primary(textLanguage) === primary(visitorLocale)) return null;
  try {
    return new Intl.DisplayNames([visitorLocale], { type: 'language' }).of(textLanguage) ?? textLanguage;
  } catch {
    return textLanguage;
  }
}

/**
 * A legal page: the heading and the note about the language are the app's (translated); the text is the
 * operator's, in the one language it was written in, marked with that language for screen readers and search.
 */
export function LegalPage({ title, document }: { title: ReactNode; document: LegalDocument }) {
  const { i18n } = useLingui();
  const language = otherLanguageName(document.language, i18n.locale);
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {language ? (
        <p className={styles.note}>
          <Trans>This text is only available in {language}.</Trans>
        </p>
      ) : null}
      <div className={styles.text} lang={document.language}>
        <LegalText nodes={document.content} />
      </div>
    </article>
  );
}
