import { LitElement, html, css, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { localized, msg, str } from '@lit/localize';
import type { RenumberedShoe, ScoreboardStore, ShoeSummary, StorageError } from '../shared/data/scoreboard-store.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { HistoryStorageController } from './history-storage.js';
import { storageStatusText } from '../shared/data/storage-words.js';
import { storageErrorText } from '../shared/data/storage-words.js';
import { whileNoOtherConsole } from '../shared/data/table-lock.js';
import { bigRoadThumbnail } from './big-road-thumbnail.js';
import { allShoesFileName, downloadFile, fileDate, shoeFileName } from './downloads.js';
import { formatBytes, MAX_IMPORT_BYTES } from './file-sizes.js';
import type { ImportProgress, ImportStep } from './import-checks.js';
import { controlStyles } from '../shared/control-styles.js';
import { loadOnDemand } from '../shared/on-demand.js';
import { themeTokens } from '../../styles/theme.js';
import type {} from './bacc-replay.js';
import { afterHandText, auditActionText, eventText, operatorText, reasonText } from './shoe-trail.js';
import { explainedAudit } from '../../../src/shoes/records.js';

/** A message for the person: `status` for news, `alert` for trouble. */
interface Notice {
  role: 'status' | 'alert';
  text: string;
}

/** Where the focus was in the list: which shoe's row, which of its buttons, and where that row stood. */
interface RowFocus {
  id: string;
  action: string;
  index: number;
  page: number;
}

/** How far an export of every shoe has got. */
interface ExportProgress {
  done: number;
  total: number;
  /** Set when the export is finished: what was saved. */
  result?: string;
}

/** How far an import has got, and of which file. */
interface ImportProgressShown extends ImportProgress {
  name: string;
}

/** The import's steps, in the order the progress bar covers them. */
const IMPORT_STEPS: readonly ImportStep[] = ['reading', 'checking', 'storing'];

/** Banker, player and tie counts of an outcome string such as "BPPTB". */
export function outcomeCounts(outcomes: string): { banker: number; player: number; tie: number } {
  let banker = 0;
  let player = 0;
  let tie = 0;
  for (const outcome of outcomes) {
    if (outcome === 'B') banker++;
    else if (outcome === 'P') player++;
    else if (outcome === 'T') tie++;
  }
  return { banker, player, tie };
}

/**
 * The export and import code (shoe-files.ts), loaded the first time a file is written or read.
 * @throws PartMissingError saying to reload when it cannot be loaded.
 */
function loadShoeFiles(): Promise<typeof import('./shoe-files.js')> {
  return loadOnDemand(() => import('./shoe-files.js'));
}

/**
 * The ISO range of a date filter: from local midnight of `fromDay` to local midnight after `toDay`
 * (both `YYYY-MM-DD` from a date input, either empty for no bound), as listShoes compares them.
 */
export function dayRange(fromDay: string, toDay: string): { from: string | undefined; to: string | undefined } {
  const midnight = (day: string, addDays = 0) => {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year!, month! - 1, date! + addDays).toISOString();
  };
  return { from: fromDay ? midnight(fromDay) : undefined, to: toDay ? midnight(toDay, 1) : undefined };
}

/**
 * Errors the page worded with msg() when it threw them: a refused import file (shoe-import.ts), a
 * part that could not be loaded (on-demand.ts), a PNG that could not be made (road-picture.ts). By
 * name, as two of them live in code loaded on demand.
 */
const WORDED_ERRORS = new Set(['ImportRefusedError', 'PartMissingError', 'PictureError']);

/** An error in words for the screen: one the page worded as it is, storage trouble (and anything else) by storage-words. */
function errorText(error: unknown): string {
  return error instanceof Error && WORDED_ERRORS.has(error.name) ? error.message : storageErrorText(error);
}

/**
 * The shoes kept in this browser: newest first, a page at a time, filtered by table and date, with
 * counts and a small big-road picture per shoe. Each shoe can be replayed, exported (JSON, CSV, PNG)
 * or deleted after a confirmation; every shoe can be exported at once with a progress bar; export
 * files can be imported (all or nothing: a refused file changes nothing stored). Shows the space the
 * shoes take, asks the browser to keep them, and says so when storage is in trouble.
 * Fires no events of its own.
 *
 * @csspart list - The table of shoes.
 * @csspart thumbnail - A shoe's small big-road picture.
 * @csspart notice - Messages about imports, exports, deletions and storage trouble.
 * @cssprop --bacc-banker-color - Banker rings in the pictures.
 * @cssprop --bacc-player-color - Player rings in the pictures.
 * @cssprop --bacc-tie-color - Tie slashes in the pictures.
 */
@localized()
@customElement('bacc-history')
export class BaccHistory extends LitElement {
  static override styles = [
    themeTokens,
    controlStyles,
    css`
      :host {
        display: block;
        box-sizing: border-box;
        padding: 12px;
        font-size: 15px;
      }
      h1 {
        font-size: 1.4em;
        margin: 0 0 0.5em;
      }
      /* The heading takes the focus only when the row that had it is gone (see rescueFocus). */
      h1:focus-visible {
        outline: 3px solid var(--_focus);
        outline-offset: 2px;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: 8px 16px;
        margin-bottom: 10px;
      }
      .toolbar label {
        display: flex;
        flex-direction: column;
        gap: 2px;
        font-size: 0.9em;
      }
      /* A date field and the box that holds its place until it is drawn: the same size, so nothing moves. */
      input[type='date'],
      .date-placeholder {
        box-sizing: border-box;
        inline-size: 11em;
        block-size: 2.4em;
      }
      .date-placeholder {
        display: block;
        border: 1px dashed var(--bacc-control-border-color, color-mix(in srgb, currentColor 40%, transparent));
        border-radius: 6px;
      }
      .storage {
        color: var(--_muted);
        font-size: 0.9em;
        margin: 0 0 8px;
        /* Its line is kept while the browser is asked for the space used, so the list does not move when the answer comes. */
        min-block-size: 1lh;
      }
      [part='notice'] {
        padding: 0.5em 0.8em;
        border-radius: 6px;
        margin: 0 0 8px;
        border: 1px solid currentColor;
      }
      [part='notice'].alert {
        border-color: var(--_banker);
      }
      .in-play-warning {
        font-weight: 600;
        border-inline-start: 4px solid var(--_banker);
        padding-inline-start: 6px;
      }
      .scroller {
        overflow-x: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
      }
      th,
      td {
        text-align: start;
        padding: 6px 8px;
        border-bottom: 1px solid var(--_grid-line);
        vertical-align: middle;
      }
      tr.trail-row > td {
        padding: 8px 12px 12px;
      }
      .trail h2 {
        font-size: 1em;
        margin: 8px 0 4px;
      }
      .trail table {
        margin-bottom: 8px;
      }
      /* Not a name or a reason: set apart by its slant, never by colour alone. */
      td.unsigned,
      td.unexplained {
        font-style: italic;
      }
      td.number {
        text-align: end;
        font-variant-numeric: tabular-nums;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
      }
      .thumbnail {
        display: block;
        max-width: 240px;
        height: auto;
        fill: none;
        stroke-width: 1.2;
      }
      .thumbnail .banker {
        stroke: var(--_banker);
      }
      .thumbnail .player {
        stroke: var(--_player);
      }
      .thumbnail .ties {
        stroke: var(--_tie);
        stroke-width: 1.4;
      }
      .pages {
        display: flex;
        align-items: center;
        gap: 10px;
        margin-top: 10px;
      }
      progress {
        width: 16em;
      }
      .visually-hidden {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
    `,
  ];

  /** Shoes per page. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;

  /** The largest import file read, in bytes (default 64 MiB). */
  @property({ type: Number, attribute: 'max-import-bytes' }) maxImportBytes = MAX_IMPORT_BYTES;

  @state() private page = 0;
  @state() private table = '';
  @state() private fromDay = '';
  @state() private toDay = '';
  @state() private shoes: ShoeSummary[] = [];
  @state() private total = 0;
  @state() private tables: string[] = [];
  @state() private loaded = false;
  /**
   * Whether the date filters are drawn: only once the first page is on screen. Chromium builds its
   * date picker the first time a page creates a date field, ~17 ms of script and more of layout on
   * this machine: with 1,000 stored shoes, the opening's profile showed 20 ms in cloning the
   * toolbar against 3 ms with plain fields, and the first page came 20–45 ms sooner (323 and
   * 348 ms against 279 and 325 ms, builds alternating, 31 openings each).
   */
  @state() private dateFields = false;
  private dateFieldsScheduled = false;
  @state() private confirmingDelete: string | null = null;
  /** The shoe asked about is open in a console at work: the question says to end it there, and offers no Delete. */
  @state() private deleteBlocked = false;
  @state() private notice: Notice | null = null;
  @state() private exportProgress: ExportProgress | null = null;
  @state() private busy = false;
  @state() private replaying: ShoeRecord | null = null;
  /** The shoe whose trail (events and audit entries) is open under its row, or null. */
  @state() private trailOpen: string | null = null;
  @state() private importProgress: ImportProgressShown | null = null;
  /** Aborts the import under way (the Cancel button). */
  private importing: AbortController | null = null;

  /** Thumbnails by shoe id and outcomes, kept for the shoes of the page on screen. */
  private thumbnails = new Map<string, TemplateResult>();
  /** Lets only the newest of overlapping loads write the list. */
  private loadGeneration = 0;
  private loading: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  private readonly storage = new HistoryStorageController(this, () => void this.refresh());

  /** Reads the page of history on screen again (and the table names); resolves when it is shown. */
  async refresh(): Promise<void> {
    if (this.queued) {
      // A load is already waiting to start: it will read the newest filters and page.
      await this.queued;
    } else if (this.loading) {
      // The load running may have read older filters: one more follows it, and a burst of changes costs two loads.
      this.queued = this.loading.then(() => {
        this.queued = null;
        return this.startLoad();
      });
      await this.queued;
    } else {
      await this.startLoad();
    }
    await this.updateComplete;
  }

  private startLoad(): Promise<void> {
    const loading = this.load().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  /**
   * Imports an export file: all of it or, when anything in it is wrong, none of it, with a message
   * naming the first bad shoe, hand and field. A progress bar follows the reading, the checking (in a
   * worker, so the page keeps drawing) and the storing; Cancel stops it with nothing stored. The list
   * shows the result.
   */
  async importFile(file: File): Promise<void> {
    const store = this.storage.store;
    if (!store) {
      this.notice = {
        role: 'alert',
        text: msg('The stored shoes are not open, so nothing can be imported.', { id: 'history-import-no-storage' }),
      };
      return;
    }
    const cancel = new AbortController();
    this.importing = cancel;
    this.busy = true;
    this.notice = null;
    this.importProgress = { name: file.name, step: 'reading', done: 0, total: file.size };
    const onProgress = ({ step, done, total }: ImportProgress): void => {
      this.importProgress = { name: file.name, step, done, total };
    };
    try {
      const { readImportFile } = await loadShoeFiles();
      const shoes = await readImportFile(file, this.maxImportBytes, { onProgress, signal: cancel.signal });
      onProgress({ step: 'storing', done: 0, total: shoes.length });
      // All or nothing: Cancel aborts the store's transaction, and nothing of the file is stored.
      const { added, skipped, renumbered } = await store.importShoes(shoes, {
        signal: cancel.signal,
        onProgress: (done, total) => onProgress({ step: 'storing', done, total }),
      });
      // Other History windows read their page again (one message for the file will do: they reread
      // whatever the shoe); displays and consoles skip it by its origin, as they never show imports.
      const first = shoes.find((shoe) => shoe.id === added[0]);
      if (first)
        this.storage.announce({ shoeId: first.id, table: first.table, handCount: first.hands.length, origin: 'import', change: 'import' });
      this.page = 0;
      this.importProgress = null;
      await this.refresh();
      const text =
        added.length === 1
          ? msg(str`Imported 1 shoe (${skipped} already stored).`, { id: 'history-imported-one' })
          : msg(str`Imported ${added.length} shoes (${skipped} already stored).`, { id: 'history-imported' });
      this.notice = { role: 'status', text: renumbered.length === 0 ? text : `${text} ${this.renumberedText(renumbered)}` };
      void this.storage.refreshUse();
    } catch (error) {
      // Every refusal says why in its own words (ImportRefusedError, StorageError, anything else) and
      // none of them says that nothing was stored: this sentence is said here, once, for all of them.
      const nothing = msg('Nothing was imported.', { id: 'history-nothing-imported' });
      this.notice = cancel.signal.aborted
        ? { role: 'status', text: `${msg('Import cancelled.', { id: 'history-import-cancelled' })} ${nothing}` }
        : { role: 'alert', text: `${errorText(error)} ${nothing}` };
    } finally {
      this.importProgress = null;
      this.importing = null;
      this.busy = false;
    }
  }

  /**
   * The shoes an import stored under a new number, as the number in their file was taken on their
   * table and day: the first few by name, then how many more.
   */
  private renumberedText(renumbered: readonly RenumberedShoe[]): string {
    const SHOWN = 3;
    const items = renumbered.slice(0, SHOWN).map(({ table, startedAt, from, to }) => {
      const started = this.formatTime(startedAt);
      return msg(str`${table}, ${started}, shoe ${from} is now shoe ${to}`, { id: 'history-renumbered-shoe' });
    });
    let list = items.join(msg('; ', { id: 'history-list-separator' }));
    const more = renumbered.length - items.length;
    if (more > 0) list = msg(str`${list}; and ${more} more`, { id: 'history-renumbered-more' });
    const count = renumbered.length;
    return count === 1
      ? msg(str`A shoe's number was taken, so it got the next free one: ${list}.`, { id: 'history-renumbered-one' })
      : msg(str`${count} shoes' numbers were taken, so they got the next free ones: ${list}.`, { id: 'history-renumbered' });
  }

  /** Stops the import under way; nothing of it is stored. */
  cancelImport(): void {
    this.importing?.abort();
  }

  /** Exports every stored shoe as one file, with the progress bar following the reading. */
  async exportAll(format: 'json' | 'csv'): Promise<void> {
    const store = this.storage.store;
    if (!store) return;
    this.busy = true;
    this.exportProgress = { done: 0, total: this.total };
    try {
      const [shoes, { shoeDocumentText, shoesToCsv }] = await Promise.all([
        store.exportShoes(undefined, (done, total) => {
          this.exportProgress = { done, total };
        }),
        loadShoeFiles(),
      ]);
      const fileName = allShoesFileName(format);
      if (format === 'json') downloadFile(shoeDocumentText(shoes), fileName, 'application/json');
      else downloadFile(shoesToCsv(shoes), fileName, 'text/csv');
      const count = shoes.length;
      this.exportProgress = {
        done: count,
        total: count,
        result:
          count === 1
            ? msg(str`Exported 1 shoe to ${fileName}.`, { id: 'history-exported-one' })
            : msg(str`Exported ${count} shoes to ${fileName}.`, { id: 'history-exported-all' }),
      };
    } catch (error) {
      this.exportProgress = null;
      this.notice = { role: 'alert', text: errorText(error) };
    } finally {
      this.busy = false;
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('shoes')) {
      // Only this page's thumbnails are kept; a shoe whose outcomes did not change is not drawn again.
      const next = new Map<string, TemplateResult>();
      for (const shoe of this.shoes) {
        const key = `${shoe.id}\n${shoe.outcomes}`;
        next.set(key, this.thumbnails.get(key) ?? bigRoadThumbnail(shoe.outcomes));
      }
      this.thumbnails = next;
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('pageSize') && changed.get('pageSize') !== undefined) this.goToPage(0);
    if (!this.titleOnly() && !this.dateFieldsScheduled) {
      this.dateFieldsScheduled = true;
      // After the frame that shows the first page: a task queued from its animation frame.
      requestAnimationFrame(() => setTimeout(() => (this.dateFields = true), 0));
    }
  }

  protected override render() {
    if (this.replaying) {
      return html`<bacc-replay .shoe=${this.replaying} @bacc-replay-close=${this.closeReplay}></bacc-replay>`;
    }
    const title = html`<h1 tabindex="-1">${msg('Shoes kept', { id: 'history-title' })}</h1>`;
    if (this.titleOnly()) return title;
    return html` ${title} ${this.renderStorage()} ${this.renderNotice()} ${this.renderToolbar()} ${this.renderList()} `;
  }

  /**
   * Until the first page arrives (about 100 ms with 1,000 shoes) only the title is drawn: laying
   * the toolbar and an empty table out first, then again with the rows, cost about 20 ms more.
   * Storage that failed, is blocked or keeps the page waiting shows the toolbar and its message at once.
   */
  private titleOnly(): boolean {
    const state = this.storage.status.state;
    return !this.loaded && (state === 'opening' || state === 'open');
  }

  private renderStorage() {
    const { status, use } = this.storage;
    const troubleText = storageStatusText(status);
    const trouble = troubleText === null ? nothing : html`<p part="notice" class="alert storage-trouble" role="alert">${troubleText}</p>`;
    const used =
      use.usage !== null && use.quota !== null
        ? msg(str`${formatBytes(use.usage)} used of ${formatBytes(use.quota)}.`, { id: 'history-storage-used' })
        : '';
    const persisted =
      use.persisted === null
        ? ''
        : use.persisted
          ? msg('The browser keeps these shoes even when space runs low.', { id: 'history-persisted' })
          : msg('The browser may clear these shoes when space runs low: export the ones to keep.', { id: 'history-not-persisted' });
    return html`${trouble}
      <p class="storage">
        ${status.state === 'opening' ? msg('Opening the stored shoes…', { id: 'history-opening' }) : ''} ${used} ${persisted}
      </p>`;
  }

  private renderNotice() {
    if (!this.notice) return nothing;
    return html`<p part="notice" class=${this.notice.role} role=${this.notice.role}>${this.notice.text}</p>`;
  }

  private renderToolbar() {
    const disabled = !this.storage.store || this.busy;
    const progress = this.exportProgress;
    return html`
      <div class="toolbar">
        <label>
          ${msg('Table', { id: 'history-table' })}
          <select name="table" @change=${this.onTableChange}>
            <option value="" ?selected=${this.table === ''}>${msg('All tables', { id: 'history-all-tables' })}</option>
            ${this.tables.map((table) => html`<option .value=${table} ?selected=${table === this.table}>${table}</option>`)}
          </select>
        </label>
        <label>
          ${msg('From', { id: 'history-from' })}
          ${this.dateFields ? html`<input type="date" name="from" .value=${this.fromDay} @change=${this.onFromChange} />` : html`<span class="date-placeholder"></span>`}
        </label>
        <label>
          ${msg('To', { id: 'history-to' })}
          ${this.dateFields ? html`<input type="date" name="to" .value=${this.toDay} @change=${this.onToChange} />` : html`<span class="date-placeholder"></span>`}
        </label>
        <button
          type="button"
          data-action="export-all-json"
          ?disabled=${disabled || this.total === 0}
          @click=${() => this.exportAll('json')}
        >
          ${msg('Export all (JSON)', { id: 'history-export-all-json' })}
        </button>
        <button type="button" data-action="export-all-csv" ?disabled=${disabled || this.total === 0} @click=${() => this.exportAll('csv')}>
          ${msg('Export all (CSV)', { id: 'history-export-all-csv' })}
        </button>
        <label>
          ${msg('Import shoes (JSON export)', { id: 'history-import' })}
          <input type="file" name="import" accept=".json,application/json" ?disabled=${disabled} @change=${this.onImportChosen} />
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
      ${this.renderImportProgress()}
    `;
  }

  /** The import's progress bar: one bar over its three steps, each step's share following its own count. */
  private renderImportProgress() {
    const progress = this.importProgress;
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
      <button type="button" data-action="cancel-import" @click=${this.cancelImport}>
        ${msg('Cancel import', { id: 'history-import-cancel' })}
      </button>
    </p>`;
  }

  private renderList() {
    if (!this.loaded) return nothing;
    if (this.total === 0) {
      return html`<p>
        ${this.table || this.fromDay || this.toDay ? msg('No stored shoe matches these filters.', { id: 'history-none-match' }) : msg('No shoes are stored yet.', { id: 'history-empty' })}
      </p>`;
    }
    const pages = Math.max(1, Math.ceil(this.total / this.pageSize));
    const first = this.page * this.pageSize + 1;
    const last = this.page * this.pageSize + this.shoes.length;
    return html`
      <div class="scroller">
        <table part="list">
          <caption class="visually-hidden">
            ${msg('Stored shoes, newest first', { id: 'history-caption' })}
          </caption>
          <thead>
            <tr>
              <th scope="col">${msg('Table', { id: 'history-table' })}</th>
              <th scope="col">${msg('Shoe', { id: 'history-shoe-number' })}</th>
              <th scope="col">${msg('Started', { id: 'history-started' })}</th>
              <th scope="col">${msg('Ended', { id: 'history-ended' })}</th>
              <th scope="col">${msg('Source', { id: 'history-source' })}</th>
              <th scope="col">${msg('Hands', { id: 'history-hands' })}</th>
              <th scope="col">${msg('Banker', { id: 'banker-long' })}</th>
              <th scope="col">${msg('Player', { id: 'player-long' })}</th>
              <th scope="col">${msg('Tie', { id: 'tie-long' })}</th>
              <th scope="col">${msg('Big Road', { id: 'big-road' })}</th>
              <th scope="col">${msg('Actions', { id: 'history-actions' })}</th>
            </tr>
          </thead>
          <tbody>
            ${
              // Keyed by shoe, so a refresh that shifts the rows leaves the focus on the shoe it was on.
              repeat(
                this.shoes,
                (shoe) => shoe.id,
                (shoe) => this.renderRow(shoe),
              )
            }
          </tbody>
        </table>
      </div>
      <div class="pages">
        <button type="button" data-action="previous-page" ?disabled=${this.page === 0} @click=${() => this.goToPage(this.page - 1)}>
          ${msg('Previous page', { id: 'history-previous' })}
        </button>
        <span class="page-position"
          >${msg(str`Shoes ${first}–${last} of ${this.total} (page ${this.page + 1} of ${pages})`, { id: 'history-page' })}</span
        >
        <button type="button" data-action="next-page" ?disabled=${this.page >= pages - 1} @click=${() => this.goToPage(this.page + 1)}>
          ${msg('Next page', { id: 'history-next' })}
        </button>
      </div>
    `;
  }

  private renderRow(shoe: ShoeSummary) {
    const counts = outcomeCounts(shoe.outcomes);
    const confirming = this.confirmingDelete === shoe.id;
    // A shoe still in play may be being written by a console or the kiosk (in this or another
    // window). It can still be deleted, with a plain warning, rather than refused: a console closed
    // without ending its shoe (a crash, a power cut, a closed tab) leaves it "in play" for good, and
    // this screen is the only place to clear it. An imported open shoe is never resumed, so nothing
    // writes it and it gets the ordinary question.
    const inPlay = shoe.endedAt === null && shoe.origin !== 'import';
    return html`
      <tr data-shoe-id=${shoe.id}>
        <td class="table-name">${shoe.table}</td>
        <td class="number shoe-number">${shoe.number}</td>
        <td>${this.formatTime(shoe.startedAt)}</td>
        <td>${shoe.endedAt ? this.formatTime(shoe.endedAt) : msg('in play', { id: 'history-in-play' })}</td>
        <td>
          ${shoe.source === 'simulated' ? msg('simulated', { id: 'history-simulated' }) : msg('recorded', { id: 'history-recorded' })}
        </td>
        <td class="number hand-count">${shoe.handCount}</td>
        <td class="number banker-count">${counts.banker}</td>
        <td class="number player-count">${counts.player}</td>
        <td class="number tie-count">${counts.tie}</td>
        <td>${this.thumbnails.get(`${shoe.id}\n${shoe.outcomes}`)}</td>
        <td>
          ${
            confirming && this.deleteBlocked
              ? this.renderEndItFirst(shoe)
              : confirming
                ? html`<div class="actions" role="group" aria-label=${msg('Confirm deletion', { id: 'history-confirm-group' })}>
                    <span id="delete-question" class=${inPlay ? 'in-play-warning' : ''}>
                      ${
                        inPlay && shoe.handCount === 1
                          ? msg(
                              'This shoe is still in play: an operator console or the attract kiosk may be recording it now. Delete it and its 1 hand for good? Hands dealt there afterwards will not be saved.',
                              { id: 'history-confirm-delete-in-play-one' },
                            )
                          : inPlay
                            ? msg(
                                str`This shoe is still in play: an operator console or the attract kiosk may be recording it now. Delete it and its ${shoe.handCount} hands for good? Hands dealt there afterwards will not be saved.`,
                                {
                                  id: 'history-confirm-delete-in-play',
                                },
                              )
                            : shoe.handCount === 1
                              ? msg('Delete this shoe and its 1 hand for good?', { id: 'history-confirm-delete-one' })
                              : msg(str`Delete this shoe and its ${shoe.handCount} hands for good?`, { id: 'history-confirm-delete' })
                      }
                    </span>
                    <button
                      type="button"
                      class="danger"
                      data-action="confirm-delete"
                      aria-describedby="delete-question"
                      ?disabled=${this.busy}
                      @click=${() => this.deleteShoe(shoe.id)}
                    >
                      ${msg('Delete', { id: 'history-delete-confirm' })}
                    </button>
                    <button
                      type="button"
                      data-action="cancel-delete"
                      aria-describedby="delete-question"
                      @click=${() => this.closeQuestion(shoe.id)}
                    >
                      ${msg('Keep', { id: 'history-delete-cancel' })}
                    </button>
                  </div>`
                : this.renderRowActions(shoe)
          }
        </td>
      </tr>
      ${this.trailOpen === shoe.id ? this.renderTrail(shoe) : nothing}
    `;
  }

  /** How many events and audited actions a shoe has (a reason given afterwards is part of its action). */
  private trailSize(shoe: ShoeSummary): number {
    return (shoe.events?.length ?? 0) + (shoe.audit ?? []).filter((entry) => entry.action !== 'reason').length;
  }

  /**
   * A shoe's trail, under its row: its audited actions (time, operator or "not signed in", action,
   * hand, reason: its own, one given afterwards with when, or "not given") and the events of its
   * dealing procedure (time, place, what, cards), each in the order they happened.
   */
  private renderTrail(shoe: ShoeSummary) {
    const audit = explainedAudit(shoe.audit ?? []);
    const events = shoe.events ?? [];
    const name = this.shoeName(shoe);
    return html`<tr class="trail-row" data-trail-of=${shoe.id}>
      <td colspan="11">
        <section class="trail" id=${`trail-${shoe.id}`} aria-label=${msg(str`Trail of ${name}`, { id: 'history-trail-of' })}>
          <h2>${msg('Audit trail', { id: 'history-audit-trail' })}</h2>
          ${
            audit.length === 0
              ? html`<p>${msg('No undo, correction, cancel, void or reopen was recorded.', { id: 'history-audit-none' })}</p>`
              : html`<table class="audit">
                  <thead>
                    <tr>
                      <th scope="col">${msg('Time', { id: 'history-trail-time' })}</th>
                      <th scope="col">${msg('Operator', { id: 'history-trail-operator' })}</th>
                      <th scope="col">${msg('Action', { id: 'history-trail-action' })}</th>
                      <th scope="col">${msg('Hand', { id: 'history-trail-hand' })}</th>
                      <th scope="col">${msg('Reason', { id: 'history-trail-reason' })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${audit.map(
                      ({ entry, reason, given }) =>
                        html`<tr data-action-kind=${entry.action}>
                          <td>${this.formatTime(entry.at)}</td>
                          <td class=${entry.operator === null ? 'unsigned' : nothing}>${operatorText(entry.operator)}</td>
                          <td>${auditActionText(entry.action)}</td>
                          <td class="number">${entry.hand ?? '—'}</td>
                          <td class=${reason === null ? 'unexplained' : nothing}>${reasonText(reason, given, entry)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }
          <h2>${msg('Dealing procedure', { id: 'history-procedure' })}</h2>
          ${
            events.length === 0
              ? html`<p>${msg('No burn, cut card, cancelled card, void or dummy hand was recorded.', { id: 'history-procedure-none' })}</p>`
              : html`<table class="events">
                  <thead>
                    <tr>
                      <th scope="col">${msg('Time', { id: 'history-trail-time' })}</th>
                      <th scope="col">${msg('When', { id: 'history-trail-place' })}</th>
                      <th scope="col">${msg('Event', { id: 'history-trail-event' })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${events.map(
                      (event) =>
                        html`<tr data-event-kind=${event.kind}>
                          <td>${this.formatTime(event.at)}</td>
                          <td>${afterHandText(event.afterHand)}</td>
                          <td>${eventText(event)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }
        </section>
      </td>
    </tr>`;
  }

  /**
   * The answer to Delete for a shoe a console is recording now: no deletion is offered (the store
   * would refuse it), only what to do first, and Close.
   */
  private renderEndItFirst(shoe: ShoeSummary) {
    const name = this.shoeName(shoe);
    return html`<div class="actions" role="group" aria-label=${msg('Cannot delete yet', { id: 'history-delete-blocked-group' })}>
      <span id="delete-question" class="in-play-warning">
        ${msg(str`${name}: an operator console is recording this shoe. End it there first (key E); then it can be deleted here.`, {
          id: 'history-delete-end-first',
        })}
      </span>
      <button type="button" data-action="cancel-delete" aria-describedby="delete-question" @click=${() => this.closeQuestion(shoe.id)}>
        ${msg('Close', { id: 'history-delete-close' })}
      </button>
    </div>`;
  }

  /**
   * A shoe as the person knows it, never by its internal id: its table, its number (every stored
   * shoe has one, migration 4 numbered the older ones) and its start time as the rows show it.
   */
  private shoeName(shoe: ShoeSummary): string {
    const { table, number } = shoe;
    const started = this.formatTime(shoe.startedAt);
    return msg(str`${table}, shoe ${number}, started ${started}`, { id: 'history-shoe-name' });
  }

  /** Closes the delete question, the focus back on the shoe's Delete button. */
  private async closeQuestion(id: string): Promise<void> {
    const was = this.rowFocus(id, 'delete');
    this.confirmingDelete = null;
    await this.updateComplete;
    this.rescueFocus(was);
  }

  /**
   * A row's buttons. Each is named with its shoe as the messages name it (`shoeName`: table, shoe
   * number, start time), beginning with the words on it: a screen reader listing the page's buttons
   * hears "Replay Table 1, shoe 2, started 2026-12-01 14:02", not twenty times "Replay", and two
   * shoes of one table started in the same minute never share a name.
   */
  private renderRowActions(shoe: ShoeSummary) {
    const name = this.shoeName(shoe);
    const size = this.trailSize(shoe);
    return html`<div class="actions">
      <button
        type="button"
        data-action="replay"
        aria-label=${msg(str`Replay ${name}`, { id: 'history-replay-shoe' })}
        @click=${() => this.replay(shoe.id)}
      >
        ${msg('Replay', { id: 'history-replay' })}
      </button>
      ${
        size === 0
          ? nothing
          : html`<button
              type="button"
              data-action="trail"
              aria-expanded=${this.trailOpen === shoe.id ? 'true' : 'false'}
              aria-controls=${`trail-${shoe.id}`}
              aria-label=${msg(str`Trail of ${name}`, { id: 'history-trail-of' })}
              @click=${() => (this.trailOpen = this.trailOpen === shoe.id ? null : shoe.id)}
            >
              ${msg(str`Trail (${size})`, { id: 'history-trail' })}
            </button>`
      }
      <button
        type="button"
        data-action="export-json"
        aria-label=${msg(str`JSON file of ${name}`, { id: 'history-export-json-shoe' })}
        @click=${() => this.exportOne(shoe.id, 'json')}
      >
        JSON
      </button>
      <button
        type="button"
        data-action="export-csv"
        aria-label=${msg(str`CSV file of ${name}`, { id: 'history-export-csv-shoe' })}
        @click=${() => this.exportOne(shoe.id, 'csv')}
      >
        CSV
      </button>
      <button
        type="button"
        data-action="export-png"
        aria-label=${msg(str`PNG picture of ${name}`, { id: 'history-export-png-shoe' })}
        @click=${() => this.exportOne(shoe.id, 'png')}
      >
        PNG
      </button>
      <button
        type="button"
        data-action="delete"
        aria-label=${msg(str`Delete ${name}…`, { id: 'history-delete-shoe' })}
        @click=${() => this.askToDelete(shoe.id)}
      >
        ${msg('Delete…', { id: 'history-delete' })}
      </button>
    </div>`;
  }

  /**
   * "2026-11-30 14:05" in local time: read the same in every language, and cheap. Intl.DateTimeFormat
   * cost about 37 ms of the first page's 500 (its first use loads the locale's data), measured with
   * 1,000 stored shoes in the history benchmark.
   */
  private formatTime(iso: string): string {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const two = (n: number): string => String(n).padStart(2, '0');
    return `${fileDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}`;
  }

  private async load(): Promise<void> {
    const store = this.storage.store;
    if (!store) return;
    const generation = ++this.loadGeneration;
    try {
      const [list, tables] = await Promise.all([this.listPage(store, this.page), store.tables()]);
      if (generation !== this.loadGeneration) return;
      const focused = this.focusedRow();
      let { shoes, total } = list;
      // The last shoe of the last page was deleted (here or in another window): show the page before.
      if (shoes.length === 0 && total > 0 && this.page > 0) {
        const lastPage = Math.ceil(total / this.pageSize) - 1;
        ({ shoes, total } = await this.listPage(store, lastPage));
        if (generation !== this.loadGeneration) return;
        this.page = lastPage;
      }
      this.shoes = shoes;
      this.total = total;
      this.tables = tables;
      // A refresh (another window changed a shoe) never moves the focus, unless its row left the page.
      if (focused) void this.updateComplete.then(() => this.rescueFocus(focused));
      if (!this.loaded) {
        this.loaded = true;
        // Only now: the browser measuring the database would slow the first page (see the controller).
        void this.storage.refreshUse();
        void this.storage.requestPersistence();
      }
    } catch (error) {
      if (generation === this.loadGeneration) this.notice = { role: 'alert', text: errorText(error) };
    }
  }

  private listPage(store: ScoreboardStore, page: number) {
    const { from, to } = dayRange(this.fromDay, this.toDay);
    return store.listShoes({ table: this.table || undefined, from, to, offset: page * this.pageSize, limit: this.pageSize });
  }

  private goToPage(page: number): void {
    this.page = Math.max(0, page);
    this.confirmingDelete = null;
    void this.refresh();
  }

  private onTableChange(event: Event): void {
    this.table = (event.target as HTMLSelectElement).value;
    this.goToPage(0);
  }

  private onFromChange(event: Event): void {
    this.fromDay = (event.target as HTMLInputElement).value;
    this.goToPage(0);
  }

  private onToChange(event: Event): void {
    this.toDay = (event.target as HTMLInputElement).value;
    this.goToPage(0);
  }

  private async onImportChosen(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    await this.importFile(file);
    // The same file can be chosen again (after fixing it, say) and still fire a change.
    input.value = '';
  }

  private async askToDelete(id: string): Promise<void> {
    const shoe = this.shoes.find((listed) => listed.id === id);
    // Only an open console shoe waits for the answer; any other is asked about at once.
    this.deleteBlocked = shoe?.origin === 'console' && shoe.endedAt === null && (await this.recordedInConsole(shoe));
    this.confirmingDelete = id;
    await this.updateComplete;
    // Keyboard users land on the safe choice.
    this.renderRoot.querySelector<HTMLButtonElement>('[data-action="cancel-delete"]')?.focus();
  }

  /**
   * Whether a console is recording `shoe`, an open console shoe (askToDelete asks only for one), now,
   * as History can tell: its table is held by a console (without Web Locks, one may: the store then refuses the delete, and so does this).
   */
  private async recordedInConsole(shoe: ShoeSummary): Promise<boolean> {
    try {
      return await whileNoOtherConsole(shoe.table, (free) => Promise.resolve(!free));
    } catch {
      // Asked the ordinary question, the delete still refuses the shoe in its own transaction.
      return false;
    }
  }

  private async deleteShoe(id: string): Promise<void> {
    const store = this.storage.store;
    if (!store) return;
    // Taken before the confirm button is disabled, which can drop the focus.
    const deleted = this.rowFocus(id);
    const shoe = this.shoes[deleted.index];
    const table = shoe?.table ?? '';
    this.busy = true;
    try {
      // A console never goes on recording a shoe deleted under it: while a console keeps the table, an
      // open console shoe is refused (in the delete's own transaction); with none there (one closed
      // without ending its shoe), the table's lock is held for the delete, so none takes the shoe up meanwhile.
      await whileNoOtherConsole(table, (free) => store.deleteShoe(id, { refuseOpenConsoleShoe: !free }));
      // A display showing it moves on to the table's latest shoe left.
      this.storage.announce({ shoeId: id, table, handCount: 0, change: 'delete' });
      this.confirmingDelete = null;
      this.notice = { role: 'status', text: msg('The shoe was deleted.', { id: 'history-deleted' }) };
      await this.refresh();
      this.rescueFocus(deleted);
      void this.storage.refreshUse();
    } catch (error) {
      const inConsole = (error as StorageError | null)?.conflict?.conflict === 'shoe-in-play';
      // A console took the shoe up after the question was asked: the shoe is named as the list shows it.
      const name = inConsole && shoe ? this.shoeName(shoe) : null;
      this.notice = {
        role: 'alert',
        text:
          name === null
            ? errorText(error)
            : msg(str`${name}: an operator console is still recording this shoe. End it there first (key E), then delete it here.`, {
                id: 'history-delete-refused-in-play',
              }),
      };
      // Asking again would change nothing until the console ends the shoe: the question is closed,
      // and the focus goes back to the shoe's Delete button.
      if (inConsole) {
        this.confirmingDelete = null;
        await this.updateComplete;
        this.rescueFocus({ ...deleted, action: 'delete' });
      }
    } finally {
      this.busy = false;
    }
  }

  /** Reads one whole shoe, or says why it could not. */
  private async readShoe(id: string): Promise<ShoeRecord | undefined> {
    try {
      const shoe = await this.storage.store?.getShoe(id);
      if (!shoe) this.notice = { role: 'alert', text: msg('That shoe is no longer stored.', { id: 'history-shoe-gone' }) };
      return shoe;
    } catch (error) {
      this.notice = { role: 'alert', text: errorText(error) };
      return undefined;
    }
  }

  private async exportOne(id: string, format: 'json' | 'csv' | 'png'): Promise<void> {
    const shoe = await this.readShoe(id);
    if (!shoe) return;
    try {
      const { shoeDocumentText, shoesToCsv, roadPicturePng } = await loadShoeFiles();
      const fileName = shoeFileName(shoe, format);
      if (format === 'json') downloadFile(shoeDocumentText([shoe]), fileName, 'application/json');
      else if (format === 'csv') downloadFile(shoesToCsv([shoe]), fileName, 'text/csv');
      else
        downloadFile(
          await roadPicturePng(shoe.hands, { table: shoe.table, startedAt: shoe.startedAt, rules: shoe.rules, colorSource: this }),
          fileName,
        );
    } catch (error) {
      this.notice = { role: 'alert', text: errorText(error) };
    }
  }

  private async replay(id: string): Promise<void> {
    // The replay (and with it the scoreboard and chart.js) loads when first asked for, not with the list.
    let shoe: ShoeRecord | undefined;
    try {
      [shoe] = await Promise.all([this.readShoe(id), loadOnDemand(() => import('./bacc-replay.js'))]);
    } catch (error) {
      this.notice = { role: 'alert', text: errorText(error) };
      return;
    }
    if (!shoe) return;
    this.replaying = shoe;
    await this.updateComplete;
    // The Replay button is gone with the list: the focus goes into the replay, whose keys then work at once.
    const replay = this.renderRoot.querySelector('bacc-replay');
    await replay?.updateComplete;
    replay?.focus();
  }

  private async closeReplay(event: Event): Promise<void> {
    // The history screen handles the close; the page around it need not hear of it.
    event.stopPropagation();
    const id = this.replaying?.id;
    this.replaying = null;
    await this.updateComplete;
    // Back on the Replay button of the shoe just watched (the list on screen is the one left).
    if (id) this.rescueFocus(this.rowFocus(id));
    void this.refresh();
  }

  /** The row button that has the focus, if any. */
  private focusedRow(): RowFocus | null {
    const active = this.shadowRoot?.activeElement;
    const row = active?.closest<HTMLElement>('tr[data-shoe-id]');
    const id = row?.dataset.shoeId;
    if (!active || id === undefined) return null;
    return this.rowFocus(id, active.getAttribute('data-action') ?? 'replay');
  }

  /** Where a shoe's row button is on the page on screen, for rescueFocus. */
  private rowFocus(id: string, action = 'replay'): RowFocus {
    return { id, action, index: this.shoes.findIndex((shoe) => shoe.id === id), page: this.page };
  }

  /** A button of a shoe's row on screen (its Replay button unless another is named). */
  private rowButton(id: string, action = 'replay'): HTMLButtonElement | null {
    return this.renderRoot.querySelector<HTMLButtonElement>(`tr[data-shoe-id="${CSS.escape(id)}"] [data-action="${action}"]`);
  }

  /**
   * Puts the focus back near where it was, when it fell to the page (its button was removed):
   * on the same shoe's button, else on the row that took the shoe's place (the next shoe), else the
   * one before it, else the heading. A focus the person moved elsewhere is left alone.
   */
  private rescueFocus(was: RowFocus): void {
    const active = document.activeElement;
    if (this.replaying || (active && active !== document.body)) return;
    const same = this.rowButton(was.id, was.action) ?? this.rowButton(was.id);
    if (same) {
      same.focus();
      return;
    }
    // After the last shoe of a page went, the list shows the page before: its last row is the shoe before.
    const near = was.index < 0 ? undefined : this.page < was.page ? this.shoes.at(-1) : (this.shoes[was.index] ?? this.shoes.at(-1));
    const button = near ? this.rowButton(near.id) : null;
    if (button) button.focus();
    else this.renderRoot.querySelector<HTMLElement>('h1')?.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-history': BaccHistory;
  }
}
