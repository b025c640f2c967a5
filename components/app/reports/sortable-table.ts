/**
 * A table of the reports page that sorts by any column: each column's heading is a button (so
 * the keyboard sorts as the pointer does), the sorted column carries `aria-sort`, and a second
 * press turns the order round. Rows without a value (unknown) stay last either way.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { sortRows, type SortDirection, type SortOrder } from './report-figures.js';

export interface Column<T> {
  key: string;
  /** The heading. */
  label: string;
  /** The value the column sorts by; null for unknown. */
  value: (row: T) => number | string | null;
  /** The cell. */
  cell: (row: T) => TemplateResult | string;
  /** Numbers: aligned right, and sorted largest first when first chosen. */
  numeric?: boolean;
}

/** The order after a press on `column`'s heading: the same column turned round, another in its natural first order. */
export function nextOrder(order: SortOrder, column: Column<unknown>): SortOrder {
  if (order.column === column.key) return { column: column.key, direction: order.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column: column.key, direction: column.numeric ? 'descending' : 'ascending' };
}

/** `rows` in `order` (as given when no column has that key). */
export function sortedRows<T>(rows: readonly T[], columns: readonly Column<T>[], order: SortOrder): T[] {
  const column = columns.find((candidate) => candidate.key === order.column);
  return column ? sortRows(rows, column.value, order.direction) : [...rows];
}

const arrow = (direction: SortDirection): string => (direction === 'ascending' ? '▲' : '▼');

/**
 * The table, its rows already sorted: `caption` names it (to screen readers too), `onSort` is
 * called with the column pressed. `name` is its `data-table`, for the page's styles and tests.
 */
export function sortableTable<T>(options: {
  name: string;
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  order: SortOrder;
  onSort: (column: Column<T>) => void;
  rowClass?: (row: T) => string;
}): TemplateResult {
  const { columns, order } = options;
  const sortHint = msg('Press a heading to sort by it.', { id: 'reports-sort-hint' });
  return html`<table data-table=${options.name}>
    <caption>
      ${options.caption}<span class="visually-hidden">. ${sortHint}</span>
    </caption>
    <thead>
      <tr>
        ${columns.map((column) => {
          const sorted = order.column === column.key;
          return html`<th scope="col" class=${column.numeric ? 'numeric' : ''} aria-sort=${sorted ? order.direction : nothing}>
            <button type="button" data-column=${column.key} @click=${() => options.onSort(column)}>
              ${column.label}<span class="arrow" aria-hidden="true">${sorted ? arrow(order.direction) : '↕'}</span>
            </button>
          </th>`;
        })}
      </tr>
    </thead>
    <tbody>
      ${options.rows.map(
        (row) =>
          html`<tr class=${options.rowClass?.(row) ?? ''}>
            ${columns.map((column, index) =>
              index === 0
                ? html`<th scope="row" class=${column.numeric ? 'numeric' : ''}>${column.cell(row)}</th>`
                : html`<td class=${column.numeric ? 'numeric' : ''}>${column.cell(row)}</td>`,
            )}
          </tr>`,
      )}
    </tbody>
  </table>`;
}
