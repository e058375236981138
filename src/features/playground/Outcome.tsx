import type { ReactNode } from 'react';
import styles from './Playground.module.css';

interface OutcomeProps {
  title: ReactNode;
  /** Colours the card: a warning (something to do) or a danger (it failed); none for a plain ending. */
  tone?: 'warning' | 'danger';
  /** Read out at once: the run ended in a way the user must act on. */
  alert?: boolean;
  children: ReactNode;
}

/** How a run ended, as a card in the results column: what happened, what it means and what to do next. */
export function Outcome({ title, tone, alert = false, children }: OutcomeProps) {
  return (
    <div className={styles.outcome} role={alert ? 'alert' : undefined} data-tone={tone}>
      <h2 className={styles.outcomeTitle}>{title}</h2>
      {children}
    </div>
  );
}
