import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './DataTable.module.css';

/** One column of a data table: its header and how a row fills its cell. */
export interface DataColumn<Row> {
  /** Keys the column's cells; unique within the table. */
  id: string;
  header: ReactNode;
  /** The header is read by screen readers but not shown: the cells say what they are (a preview, a row's buttons). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned in tabular digits, header and cells alike. */
  numeric?: boolean;
  /** The cell names its row (a `<th scope="row">`), as a date names a row of numbers. */
  rowHeader?: boolean;
  /** A class for the column's header and cells (a width, a clipped prompt). */
  className?: string;
  /** The whole text of a cell that may be clipped, shown on hover. */
  tooltip?: (row: Row) => string | undefined;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers; not shown, as the heading above already says it. */
  caption: ReactNode;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The rows are being replaced (the next page loads): they stay readable but look on their way out. */
  busy?: boolean;
  /** A class added to the scrolling box around the table. */
  className?: string;
  /**
   * Makes the scrolling box a named region that takes focus, for a table likely wider than its box: keyboard users
   * then scroll it with the arrow keys.
   */
  scrollRegionLabel?: string;
}

/**
 * A data table built from its columns: real table semantics, the one look of DataTable.module.css. Below 640 px
 * each row is a card of label and value pairs (its buttons at the bottom), so nothing sits off-screen to the right.
 * The roles are written out because a table laid out as blocks loses them in some browsers. A card's labels are
 * the column headers' text, copied onto the cells after each render (the headers are rendered nodes, in the
 * reader's language) and drawn by CSS for the eye only: the column header already names a cell for screen readers,
 * and the cell's text stays its value.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, busy, className, scrollRegionLabel }: DataTableProps<Row>) {
  const columnClass = (column: DataColumn<Row>) => [column.numeric ? styles.number : '', column.className ?? ''].join(' ').trim() || undefined;
  const table = useRef<HTMLTableElement>(null);
  // No dependencies: a header's text changes with the language, the rows with every page.
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const labels = Array.from(element.querySelectorAll(':scope > thead > tr > th'), (header) =>
      header.hasAttribute('data-unlabelled') ? null : (header.textContent ?? '').trim(),
    );
    for (const row of Array.from(element.querySelectorAll(':scope > tbody > tr'))) {
      Array.from(row.children).forEach((cell, index) => {
        const label = labels[index];
        if (!(cell instanceof HTMLElement)) return;
        if (label) cell.dataset.label = label;
        else delete cell.dataset.label;
      });
    }
  });
  return (
    <div
      className={className ? `${styles.wrap} ${className}` : styles.wrap}
      aria-busy={busy || undefined}
      {...(scrollRegionLabel ? { role: 'region', 'aria-label': scrollRegionLabel, tabIndex: 0 } : {})}
    >
      <table ref={table} role="table" className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.id} role="columnheader" scope="col" className={columnClass(column)} data-unlabelled={column.headerHidden || undefined}>
                {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={column.id}
                    role={column.rowHeader ? 'rowheader' : 'cell'}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={columnClass(column)}
                    title={column.tooltip?.(row)}
                    data-unlabelled={column.headerHidden || undefined}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
