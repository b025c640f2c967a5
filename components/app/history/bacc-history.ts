import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import type { ScoreboardStore, ShoeSummary, StorageError } from '../shared/data/scoreboard-store.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import { HistoryStorageController } from './history-storage.js';
import { storageStatusText } from '../shared/data/storage-words.js';
import { whileNoOtherConsole } from '../shared/data/table-lock.js';
import { bigRoadThumbnail } from './big-road-thumbnail.js';
import { allShoesFileName, downloadFile, shoeFileName } from './downloads.js';
import { formatBytes, MAX_IMPORT_BYTES } from './file-sizes.js';
import type { ImportProgress } from './import-checks.js';
import { controlStyles } from '../shared/control-styles.js';
import { loadOnDemand } from '../shared/on-demand.js';
import { themeTokens } from '../../styles/theme.js';
import type {} from './bacc-replay.js';
import { historyStyles } from './bacc-history.styles.js';
import { dayRange, errorText, recordSummary, renumberedText, shoeName } from './history-text.js';
import { renderToolbar, type ExportProgress, type ImportProgressShown } from './history-toolbar.js';
import { renderShoeList } from './history-list.js';
import type { RecordKeepDetail } from './record-shoes.js';

export { dayRange, outcomeCounts } from './history-text.js';

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

/**
 * The export and import code (shoe-files.ts), loaded the first time a file is written or read.
 * @throws PartMissingError saying to reload when it cannot be loaded.
 */
function loadShoeFiles(): Promise<typeof import('./shoe-files.js')> {
  return loadOnDemand(() => import('./shoe-files.js'));
}

/** Where History reads its shoes: this browser's store, or the room's record through its recorder. */
export type HistorySource = 'browser' | 'record';

/**
 * The shoes kept in this browser, or (`source="record"`) the room's record read from its recorder
 * (`<bacc-record-shoes>`, the same rows, replay, trail and exports): newest first, a page at a time, filtered by table and date, with
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
@customElement('bacc-history')
@localized()
export class BaccHistory extends LitElement {
  static override styles = [themeTokens, controlStyles, historyStyles];

  /** Shoes per page. */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;

  /** The largest import file read, in bytes (default 64 MiB). */
  @property({ type: Number, attribute: 'max-import-bytes' }) maxImportBytes = MAX_IMPORT_BYTES;

  /** Where the shoes come from: this browser (default) or the room's record; the page's switch changes it. */
  @property() source: HistorySource = 'browser';

  /** The table the list shows at first (either source), by name; empty for every table. */
  @property() table = '';

  @state() private page = 0;
  /** Whether the record's view was ever shown: it is kept (hidden) from then on, with its place in the record. */
  @state() private recordShown = false;
  /** A shoe of the record is being replayed: the record's view is shown alone. */
  @state() private recordReplaying = false;
  /** The table the record's view opens with: the `table` given first. */
  private recordTable: string | null = null;
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
      this.notice = { role: 'status', text: renumbered.length === 0 ? text : `${text} ${renumberedText(renumbered)}` };
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
    if (this.source === 'record' && !this.recordShown) {
      this.recordShown = true;
      // The record's view (and the recorder's API) loads when first asked for; its element upgrades then.
      loadOnDemand(() => import('./record-shoes.js')).catch((error: unknown) => (this.notice = { role: 'alert', text: errorText(error) }));
    }
    this.recordTable ??= this.table;
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
    // The record's view keeps its place in the template whatever else shows, so it keeps its sign-in, choices and page.
    const browser = this.source === 'browser';
    const title = html`<h1 tabindex="-1">${msg('Shoes kept', { id: 'history-title' })}</h1>`;
    const head =
      this.replaying || this.recordReplaying ? nothing : browser && this.titleOnly() ? title : html`${title} ${this.renderSourceSwitch()}`;
    const record = this.recordShown
      ? html`<bacc-record-shoes
          ?hidden=${browser}
          table=${this.recordTable ?? ''}
          page-size=${this.pageSize}
          ?busy=${this.busy}
          @bacc-record-keep=${(event: CustomEvent<RecordKeepDetail>) => void this.keepRecordShoe(event.detail)}
          @bacc-record-replay=${(event: CustomEvent<{ open: boolean }>) => (this.recordReplaying = event.detail.open)}
        ></bacc-record-shoes>`
      : nothing;
    const shoes = !browser
      ? nothing
      : this.replaying
        ? html`<bacc-replay .shoe=${this.replaying} @bacc-replay-close=${this.closeReplay}></bacc-replay>`
        : this.titleOnly()
          ? nothing
          : html`${this.renderStorage()} ${this.renderNotice()} ${this.renderToolbar()} ${this.renderList()}`;
    return html`${head} ${browser || this.recordReplaying ? nothing : this.renderNotice()} ${record} ${shoes}`;
  }

  /** The switch between this browser's shoes and the room's record. */
  private renderSourceSwitch() {
    const choice = (value: HistorySource, label: string) =>
      html`<label
        ><input type="radio" name="source" .value=${value} .checked=${this.source === value} @change=${() => this.chooseSource(value)} />
        ${label}</label
      >`;
    return html`<fieldset class="source">
      <legend>${msg('Shoes from', { id: 'history-source-switch' })}</legend>
      ${choice('browser', msg('This browser', { id: 'history-source-browser' }))}
      ${choice('record', msg('The room’s record', { id: 'history-source-record' }))}
    </fieldset>`;
  }

  private chooseSource(source: HistorySource): void {
    this.source = source;
    this.notice = null;
    if (source === 'browser') void this.refresh();
  }

  /**
   * Keeps a shoe of the record in this browser, as the person asked: imported as a file's shoe is
   * (origin `import`), the list of this browser's shoes showing it.
   */
  private async keepRecordShoe({ shoe }: RecordKeepDetail): Promise<void> {
    const store = this.storage.store;
    if (!store) {
      this.notice = {
        role: 'alert',
        text: msg('The stored shoes are not open, so nothing can be imported.', { id: 'history-import-no-storage' }),
      };
      return;
    }
    this.busy = true;
    this.notice = null;
    const name = shoeName(recordSummary(shoe));
    try {
      const { added, renumbered } = await store.importShoes([shoe]);
      if (added.length > 0)
        this.storage.announce({ shoeId: shoe.id, table: shoe.table, handCount: shoe.hands.length, origin: 'import', change: 'import' });
      const text =
        added.length > 0
          ? msg(str`${name} is now kept in this browser.`, { id: 'history-record-kept' })
          : msg(str`${name} was already kept in this browser.`, { id: 'history-record-already-kept' });
      this.notice = { role: 'status', text: renumbered.length === 0 ? text : `${text} ${renumberedText(renumbered)}` };
      void this.refresh();
      void this.storage.refreshUse();
    } catch (error) {
      this.notice = { role: 'alert', text: errorText(error) };
    } finally {
      this.busy = false;
    }
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
    return renderToolbar({
      tables: this.tables,
      table: this.table,
      fromDay: this.fromDay,
      toDay: this.toDay,
      dateFields: this.dateFields,
      disabled: !this.storage.store || this.busy,
      total: this.total,
      exportProgress: this.exportProgress,
      importProgress: this.importProgress,
      onTableChange: (event) => this.onTableChange(event),
      onFromChange: (event) => this.onFromChange(event),
      onToChange: (event) => this.onToChange(event),
      onImportChosen: (event) => void this.onImportChosen(event),
      exportAll: (format) => void this.exportAll(format),
      cancelImport: () => this.cancelImport(),
    });
  }

  private renderList() {
    if (!this.loaded) return nothing;
    return renderShoeList({
      shoes: this.shoes,
      total: this.total,
      page: this.page,
      pageSize: this.pageSize,
      filtered: Boolean(this.table || this.fromDay || this.toDay),
      confirmingDelete: this.confirmingDelete,
      deleteBlocked: this.deleteBlocked,
      busy: this.busy,
      trailOpen: this.trailOpen,
      thumbnail: (shoe) => this.thumbnails.get(`${shoe.id}\n${shoe.outcomes}`),
      goToPage: (page) => this.goToPage(page),
      replay: (id) => void this.replay(id),
      toggleTrail: (id) => (this.trailOpen = this.trailOpen === id ? null : id),
      exportOne: (id, format) => void this.exportOne(id, format),
      askToDelete: (id) => void this.askToDelete(id),
      deleteShoe: (id) => void this.deleteShoe(id),
      closeQuestion: (id) => void this.closeQuestion(id),
    });
  }

  /** Closes the delete question, the focus back on the shoe's Delete button. */
  private async closeQuestion(id: string): Promise<void> {
    const was = this.rowFocus(id, 'delete');
    this.confirmingDelete = null;
    await this.updateComplete;
    this.rescueFocus(was);
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
      const name = inConsole && shoe ? shoeName(shoe) : null;
      this.notice = {
        role: 'alert',
        text:
          name === null
            ? errorText(error)
            : msg(str`${name}: a console is still recording this shoe. End it there first (key E), then delete it here.`, {
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
