import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** What the page is for, in a line under the title. */
  lead?: ReactNode;
  /**
   * A word above the title naming the part of the site ("Docs"). A header with one is a reading page's: a larger
   * title, the actions under the lead; without one, a working page's, the actions beside the title.
   */
  eyebrow?: ReactNode;
  /** Buttons and links about the whole page. */
  actions?: ReactNode;
}

/** The top of a page: its one `<h1>`, what the page is for, and the actions about the whole page. */
export function PageHeader({ title, lead, eyebrow, actions }: PageHeaderProps) {
  const text = (
    <>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </>
  );
  const actionRow = actions ? <div className={styles.actions}>{actions}</div> : null;
  return eyebrow ? (
    <header className={styles.intro}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      {text}
      {actionRow}
    </header>
  ) : (
    <header className={styles.header}>
      <div>{text}</div>
      {actionRow}
    </header>
  );
}
