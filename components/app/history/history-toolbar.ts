/**
 * History's toolbar: the table and date filters, Export all, the import's file field, and the
 * progress bars of an export of every shoe and of an import (with its Cancel).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { formatBytes } from './file-sizes.js';
import type { ImportProgress, ImportStep } from './import-checks.js';

/** How far an export of every shoe has got. */
export interface ExportProgress {
  done: number;
  total: number;
  /** Set when the export is finished: what was saved. */
  result?: string;
}

/** How far an import has got, and of which file. */
export interface ImportProgressShown extends ImportProgress {
  name: string;
}

/** The import's steps, in the order the progress bar covers them. */
const IMPORT_STEPS: readonly ImportStep[] = ['reading', 'checking', 'storing'];

/** What the toolbar shows, and what its controls do. */
export interface ToolbarView {
  tables: readonly string[];
  table: string;
  fromDay: string;
  toDay: string;
  /** Whether the date fields are drawn yet (a placeholder of their size until then). */
  dateFields: boolean;
  /** No store, or a change under way: nothing can be exported or imported. */
  disabled: boolean;
  /** The shoes matching the filters. */
  total: number;
  exportProgress: ExportProgress | null;
  importProgress: ImportProgressShown | null;
  onTableChange: (event: Event) => void;
  onFromChange: (event: Event) => void;
  onToChange: (event: Event) => void;
  onImportChosen: (event: Event) => void;
  exportAll: (format: 'json' | 'csv') => void;
  cancelImport: () => void;
}

export function renderToolbar(view: ToolbarView): TemplateResult {
  const { disabled } = view;
  const progress = view.exportProgress;
  return html`
    <div class="toolbar">
      <label>
        ${msg('Table', { id: 'history-table' })}
        <select name="table" @change=${view.onTableChange}>
          <option value="" ?selected=${view.table === ''}>${msg('All tables', { id: 'history-all-tables' })}</option>
          ${view.tables.map((table) => html`<option .value=${table} ?selected=${table === view.table}>${table}</option>`)}
        </select>
      </label>
      <label>
        ${msg('From', { id: 'history-from' })}
        ${view.dateFields ? html`<input type="date" name="from" .value=${view.fromDay} @change=${view.onFromChange} />` : html`<span class="date-placeholder"></span>`}
      </label>
      <label>
        ${msg('To', { id: 'history-to' })}
        ${view.dateFields ? html`<input type="date" name="to" .value=${view.toDay} @change=${view.onToChange} />` : html`<span class="date-placeholder"></span>`}
      </label>
      <button type="button" data-action="export-all-json" ?disabled=${disabled || view.total === 0} @click=${() => view.exportAll('json')}>
        ${msg('Export all (JSON)', { id: 'history-export-all-json' })}
      </button>
      <button type="button" data-action="export-all-csv" ?disabled=${disabled || view.total === 0} @click=${() => view.exportAll('csv')}>
        ${msg('Export all (CSV)', { id: 'history-export-all-csv' })}
      </button>
      <label>
        ${msg('Import shoes (JSON export)', { id: 'history-import' })}
        <input type="file" name="import" accept=".json,application/json" ?disabled=${disabled} @change=${view.onImportChosen} />
      </label>
    </div>
    ${
      progress
        ? html`<p>
            <label>
              ${
                progress.result ??
                (progress.total === 1
                  ? msg(str`Exporting: ${progress.done} of 1 shoe`, { id: 'history-exporting-one' })
                  : msg(str`Exporting: ${progress.done} of ${progress.total} shoes`, { id: 'history-exporting' }))
              }
              <progress max=${Math.max(progress.total, 1)} .value=${progress.total === 0 ? 1 : progress.done}></progress>
            </label>
          </p>`
        : nothing
    }
    ${renderImportProgress(view)}
  `;
}

/** The import's progress bar: one bar over its three steps, each step's share following its own count. */
function renderImportProgress(view: ToolbarView): TemplateResult | typeof nothing {
  const progress = view.importProgress;
  if (!progress) return nothing;
  const { name, done, total } = progress;
  const step = IMPORT_STEPS.indexOf(progress.step);
  const share = total === 0 ? 0 : Math.min(done / total, 1);
  let text: string;
  switch (progress.step) {
    case 'reading': {
      const read = formatBytes(done);
      const size = formatBytes(total);
      text = msg(str`Reading "${name}": ${read} of ${size}`, { id: 'history-import-reading-bytes' });
      break;
    }
    case 'checking':
      text = msg(str`Checking the shoes of "${name}": ${done} of ${total}`, { id: 'history-import-checking' });
      break;
    case 'storing':
      text = msg(str`Storing the shoes of "${name}": ${done} of ${total}`, { id: 'history-import-storing' });
      break;
  }
  return html`<p class="import-progress">
    <label>
      ${text}
      <progress max=${IMPORT_STEPS.length} .value=${step + share}></progress>
    </label>
    <button type="button" data-action="cancel-import" @click=${view.cancelImport}>
      ${msg('Cancel import', { id: 'history-import-cancel' })}
    </button>
  </p>`;
}
