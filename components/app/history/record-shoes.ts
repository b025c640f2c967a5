import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import { DEFAULT_RULES } from '../../../src/game/rules.js';
import type { ShoeRecord } from '../../../src/shoes/document.js';
import type { ShoeSummary } from '../shared/data/scoreboard-store.js';
import {
  RecorderError,
  readShoeDocument,
  readShoePage,
  readTables,
  recorderAddress,
  servedByRecorder,
  signIn,
  signOut,
  type ListedShoe,
  type RecorderSession,
} from '../shared/recorder-api.js';
import { keepSession, keptSession, rememberAddress, rememberedAddress } from '../shared/recorder-session.js';
import { controlStyles } from '../shared/control-styles.js';
import { loadOnDemand } from '../shared/on-demand.js';
import { themeTokens } from '../../styles/theme.js';
import { historyStyles } from './bacc-history.styles.js';
import { bigRoadThumbnail } from './big-road-thumbnail.js';
import { downloadFile, shoeFileName } from './downloads.js';
import { dayRange, errorText, recordSummary, shoeName } from './history-text.js';
import { renderShoeList } from './history-list.js';
import { recordProblemText } from './record-words.js';
import type {} from './bacc-replay.js';

/** A shoe of the page on screen: as the list row shows it, and its document once read (or why it could not be). */
interface RecordShoe {
  summary: ShoeSummary;
  /** The shoe as the document's reader gave it; null when its document could not be read. */
  shoe: ShoeRecord | null;
  /** The document's bytes as the recorder sent them: the shoe's JSON export. */
  document: Blob | null;
  /** Why the shoe cannot be shown, in words; null when it can. */
  problem: string | null;
}

/** What `bacc-record-keep` carries: the shoe the person chose to keep in this browser. */
export interface RecordKeepDetail {
  shoe: ShoeRecord;
}

/** The export and import code (shoe-files.ts), loaded the first time a document is read or a file written. */
function loadShoeFiles(): Promise<typeof import('./shoe-files.js')> {
  return loadOnDemand(() => import('./shoe-files.js'));
}

/** A listed shoe whose document could not be read: the list's own fields, no hands to count or draw. */
function listedSummary(listed: ListedShoe): ShoeSummary {
  return {
    id: listed.id,
    table: listed.table,
    number: listed.number ?? 0,
    source: listed.source === 'simulated' ? 'simulated' : 'recorded',
    seed: null,
    startedAt: listed.startedAt,
    endedAt: listed.endedAt,
    rules: DEFAULT_RULES,
    handCount: listed.hands,
    outcomes: '',
    updatedAt: listed.endedAt ?? listed.startedAt,
    startKey: listed.startedAt,
    origin: 'received',
  };
}

/**
 * History's view of the room's record (`<bacc-history source="record">`): signs in to the room's
 * recorder as the reports page does (the same sign-in, kept for the tab), then lists the record's
 * shoes of any table and any days, newest first, a page at a time through the recorder's paging,
 * with the same rows, replay, trail and exports as the shoes of this browser. Each shoe's document
 * goes through the import's reader before anything shows it; its JSON export is the document's own
 * bytes. Nothing is stored in this browser unless the person presses "Keep in this browser", which
 * fires `bacc-record-keep` for History to import the shoe.
 *
 * @fires bacc-record-keep - The person chose to keep a shoe in this browser (`detail.shoe`).
 * @fires bacc-record-replay - A replay opened or closed (`detail.open`), so History shows it alone.
 */
@customElement('bacc-record-shoes')
@localized()
export class BaccRecordShoes extends LitElement {
  static override styles = [
    themeTokens,
    controlStyles,
    historyStyles,
    css`
      :host {
        padding: 0;
      }
    `,
  ];

  /** Shoes per page (at most the recorder's 200). */
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;

  /** The table chosen, by name; empty for every table. */
  @property() table = '';

  /** Set while History is storing a shoe kept: the Keep buttons wait. */
  @property({ type: Boolean }) busy = false;

  @state() private session: RecorderSession | null = null;
  @state() private address = '';
  @state() private signInProblem = '';
  @state() private signingIn = false;
  @state() private tables: string[] = [];
  @state() private fromDay = '';
  @state() private toDay = '';
  @state() private page = 0;
  /** The page whose rows are on screen: the one asked for once the recorder has answered it. */
  @state() private shownPage = 0;
  @state() private total = 0;
  @state() private rows: RecordShoe[] = [];
  @state() private loaded = false;
  @state() private reading = false;
  /** Why the page on screen is not the choices' (or a shoe cannot be shown), in words; '' when all is well. */
  @state() private problem = '';
  /** The last reading of the list was not answered: the list on screen is not the choices'. */
  @state() private refused = false;
  @state() private trailOpen: string | null = null;
  @state() private replaying: ShoeRecord | null = null;

  /** Whether the person changed the address field (the page's own origin then does not replace it). */
  private addressTyped = false;
  /** Lets only the newest of overlapping reads write the list. */
  private generation = 0;
  private thumbnails = new Map<string, TemplateResult>();

  override connectedCallback(): void {
    super.connectedCallback();
    const kept = keptSession();
    if (kept) {
      this.session = kept;
      this.address = kept.address;
      this.startReading();
      return;
    }
    this.address = rememberedAddress();
    if (/^https?:$/.test(location.protocol)) {
      void servedByRecorder(location.origin).then((served) => {
        if (served && !this.addressTyped && !this.session) this.address = location.origin;
      });
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    // The kiosk (or a person) naming another table, or another page size: the list from its first page.
    const tableChanged = changed.has('table') && changed.get('table') !== undefined;
    const sizeChanged = changed.has('pageSize') && changed.get('pageSize') !== undefined;
    if (this.session && (tableChanged || sizeChanged)) this.goToPage(0);
    if (changed.has('rows')) {
      const next = new Map<string, TemplateResult>();
      for (const { summary } of this.rows) {
        const key = `${summary.id}\n${summary.outcomes}`;
        next.set(key, this.thumbnails.get(key) ?? bigRoadThumbnail(summary.outcomes));
      }
      this.thumbnails = next;
    }
  }

  /** Reads the page on screen again; resolves when it is shown (or its problem said). */
  async refresh(): Promise<void> {
    await this.load();
    await this.updateComplete;
  }

  private startReading(): void {
    const session = this.session;
    if (!session) return;
    void readTables(session)
      .then((tables) => {
        if (this.session === session) this.tables = tables;
      })
      .catch((error: unknown) => this.showProblem(error));
    void this.load();
  }

  private async load(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const generation = ++this.generation;
    const { from, to } = dayRange(this.fromDay, this.toDay);
    this.reading = true;
    try {
      const size = Math.max(1, Math.min(this.pageSize, 200));
      const list = await readShoePage(session, {
        table: this.table || null,
        from: from === undefined ? null : new Date(from),
        to: to === undefined ? null : new Date(to),
        page: this.page + 1,
        size,
      });
      if (generation !== this.generation) return;
      const [files, ...documents] = await Promise.all([
        loadShoeFiles(),
        ...list.shoes.map((listed) => readShoeDocument(session, listed.id).catch((error: unknown) => error)),
      ]);
      const rows = await Promise.all(list.shoes.map((listed, index) => this.readRow(listed, documents[index], files.checkShoeDocument)));
      if (generation !== this.generation) return;
      // A sign-in that ended while the documents were read: back to the sign-in form.
      const ended = documents.find(
        (answer): answer is RecorderError => answer instanceof RecorderError && answer.problem.kind === 'signed-out',
      );
      if (ended) throw ended;
      this.rows = rows;
      this.total = list.total;
      this.shownPage = this.page;
      this.problem = '';
      this.loaded = true;
      this.refused = false;
    } catch (error) {
      if (generation !== this.generation) return;
      // The rows on screen stay those of the page they are, and the next step goes on from it.
      this.page = this.shownPage;
      this.refused = true;
      this.showProblem(error);
    } finally {
      if (generation === this.generation) this.reading = false;
    }
  }

  /** One row: the shoe's document read as an import is, or the list's fields and why it could not be. */
  private async readRow(
    listed: ListedShoe,
    answer: unknown,
    check: (document: Blob, name: string) => Promise<ShoeRecord[]>,
  ): Promise<RecordShoe> {
    const fallback = listedSummary(listed);
    if (!(answer instanceof Blob)) {
      const problem =
        answer instanceof RecorderError
          ? recordProblemText(answer.problem, this.session?.address ?? this.address, false)
          : errorText(answer);
      return { summary: fallback, shoe: null, document: null, problem };
    }
    try {
      const shoes = await check(answer, shoeName(fallback));
      const shoe = shoes.length === 1 ? shoes[0]! : null;
      if (!shoe || shoe.id !== listed.id) {
        const name = shoeName(fallback);
        return {
          summary: fallback,
          shoe: null,
          document: answer,
          problem: msg(str`The record's document of ${name} holds another shoe than the list names.`, { id: 'history-record-other-shoe' }),
        };
      }
      return { summary: recordSummary(shoe), shoe, document: answer, problem: null };
    } catch (error) {
      return { summary: fallback, shoe: null, document: answer, problem: errorText(error) };
    }
  }

  private showProblem(error: unknown): void {
    if (!(error instanceof RecorderError)) {
      console.error(error);
      this.problem = errorText(error);
      return;
    }
    if (error.problem.kind === 'signed-out') {
      this.forget();
      this.signInProblem = recordProblemText(error.problem, this.address, false);
    } else this.problem = recordProblemText(error.problem, this.session?.address ?? this.address, false);
  }

  /** Forgets the sign-in and what it showed: back to the sign-in form. */
  private forget(): void {
    this.generation++;
    keepSession(null);
    this.session = null;
    this.rows = [];
    this.total = 0;
    this.loaded = false;
    this.reading = false;
    this.problem = '';
    this.refused = false;
    this.shownPage = 0;
    this.tables = [];
    this.trailOpen = null;
    this.replaying = null;
  }

  private async onSignIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = (name: string): HTMLInputElement => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const address = recorderAddress(field('address').value);
    const password = field('password');
    if (!address) {
      this.signInProblem = msg('The address is not one: give the recorder as host:port, or http://host:port.', {
        id: 'history-record-bad-address',
      });
      return;
    }
    this.signingIn = true;
    try {
      const session = await signIn(address, field('name').value, password.value);
      password.value = '';
      rememberAddress(address);
      keepSession(session);
      this.address = address;
      this.session = session;
      this.signInProblem = '';
      this.page = 0;
      this.shownPage = 0;
      this.startReading();
    } catch (error) {
      this.signInProblem = error instanceof RecorderError ? recordProblemText(error.problem, address, true) : errorText(error);
    } finally {
      this.signingIn = false;
    }
  }

  private onSignOut(): void {
    const session = this.session;
    this.forget();
    this.signInProblem = '';
    if (session) void signOut(session);
  }

  private goToPage(page: number): void {
    this.page = Math.max(0, page);
    this.trailOpen = null;
    void this.load();
  }

  private row(id: string): RecordShoe | undefined {
    return this.rows.find((row) => row.summary.id === id);
  }

  /** The shoe of a row, or null with its problem said. */
  private readable(id: string): RecordShoe | null {
    const row = this.row(id);
    if (!row) return null;
    if (row.shoe) return row;
    this.problem = row.problem ?? '';
    return null;
  }

  private async replay(id: string): Promise<void> {
    const row = this.readable(id);
    if (!row?.shoe) return;
    try {
      await loadOnDemand(() => import('./bacc-replay.js'));
    } catch (error) {
      this.problem = errorText(error);
      return;
    }
    this.replaying = row.shoe;
    this.dispatchEvent(new CustomEvent('bacc-record-replay', { detail: { open: true }, bubbles: true }));
    await this.updateComplete;
    const replay = this.renderRoot.querySelector('bacc-replay');
    await replay?.updateComplete;
    replay?.focus();
  }

  private async closeReplay(event: Event): Promise<void> {
    event.stopPropagation();
    const id = this.replaying?.id;
    this.replaying = null;
    this.dispatchEvent(new CustomEvent('bacc-record-replay', { detail: { open: false }, bubbles: true }));
    await this.updateComplete;
    if (id) this.renderRoot.querySelector<HTMLButtonElement>(`tr[data-shoe-id="${CSS.escape(id)}"] [data-action="replay"]`)?.focus();
  }

  private async exportOne(id: string, format: 'json' | 'csv' | 'png'): Promise<void> {
    const row = this.readable(id);
    const shoe = row?.shoe;
    if (!row?.document || !shoe) return;
    try {
      const fileName = shoeFileName(shoe, format);
      // The JSON is the record's own document, byte for byte, as the recorder sent it.
      if (format === 'json') {
        downloadFile(row.document.slice(0, row.document.size, 'application/json'), fileName);
        return;
      }
      const { shoesToCsv, roadPicturePng } = await loadShoeFiles();
      if (format === 'csv') downloadFile(shoesToCsv([shoe]), fileName, 'text/csv');
      else
        downloadFile(
          await roadPicturePng(shoe.hands, { table: shoe.table, startedAt: shoe.startedAt, rules: shoe.rules, colorSource: this }),
          fileName,
        );
    } catch (error) {
      this.problem = errorText(error);
    }
  }

  private keep(id: string): void {
    const shoe = this.readable(id)?.shoe;
    if (!shoe) return;
    this.dispatchEvent(new CustomEvent<RecordKeepDetail>('bacc-record-keep', { detail: { shoe }, bubbles: true }));
  }

  protected override render(): TemplateResult {
    if (this.replaying) return html`<bacc-replay .shoe=${this.replaying} @bacc-replay-close=${this.closeReplay}></bacc-replay>`;
    if (!this.session) return this.renderSignIn();
    return html`${this.renderChoices()} ${this.problem ? html`<p part="notice" class="alert" role="alert">${this.problem}</p>` : nothing}
    ${
      // A list the recorder did not answer for these choices says nothing of them (not "no shoe").
      this.loaded && !(this.refused && this.rows.length === 0)
        ? renderShoeList({
            shoes: this.rows.map((row) => row.summary),
            total: this.total,
            page: this.shownPage,
            pageSize: Math.max(1, Math.min(this.pageSize, 200)),
            filtered: true,
            confirmingDelete: null,
            deleteBlocked: false,
            busy: this.busy,
            trailOpen: this.trailOpen,
            thumbnail: (shoe) => (shoe.outcomes ? this.thumbnails.get(`${shoe.id}\n${shoe.outcomes}`) : undefined),
            goToPage: (page) => this.goToPage(page),
            replay: (id) => void this.replay(id),
            toggleTrail: (id) => (this.trailOpen = this.trailOpen === id ? null : id),
            exportOne: (id, format) => void this.exportOne(id, format),
            askToDelete: () => undefined,
            deleteShoe: () => undefined,
            closeQuestion: () => undefined,
            record: { keep: (id) => this.keep(id) },
          })
        : html`<p class="reading" role="status">${msg('Reading the record…', { id: 'history-record-reading' })}</p>`
    }`;
  }

  private renderSignIn(): TemplateResult {
    return html`<form class="sign-in" @submit=${this.onSignIn} aria-labelledby="record-sign-in-title">
      <h2 id="record-sign-in-title">${msg('Sign in to the recorder', { id: 'history-record-sign-in-title' })}</h2>
      <p class="note">
        ${msg('The room’s record is kept by its recorder: sign in with a pit login.', { id: 'history-record-sign-in-note' })}
      </p>
      <label for="record-address">${msg('Recorder address', { id: 'history-record-address' })}</label>
      <input
        id="record-address"
        name="address"
        required
        autocomplete="url"
        placeholder="http://127.0.0.1:8090"
        .value=${this.address}
        @input=${(event: Event) => {
          this.addressTyped = true;
          this.address = (event.target as HTMLInputElement).value;
        }}
      />
      <label for="record-name">${msg('Login name', { id: 'history-record-login-name' })}</label>
      <input id="record-name" name="name" required autocomplete="username" />
      <label for="record-password">${msg('Password', { id: 'history-record-password' })}</label>
      <input id="record-password" name="password" type="password" required autocomplete="current-password" />
      ${this.signInProblem ? html`<p part="notice" class="alert" role="alert">${this.signInProblem}</p>` : nothing}
      <button type="submit" ?disabled=${this.signingIn}>${msg('Sign in', { id: 'history-record-sign-in' })}</button>
    </form>`;
  }

  private renderChoices(): TemplateResult {
    const session = this.session!;
    const { name, role, address } = session;
    const tables = this.table && !this.tables.includes(this.table) ? [this.table, ...this.tables] : this.tables;
    return html`<p class="who">
        <span>${msg(str`${name} (${role}) signed in to the recorder at ${address}`, { id: 'history-record-signed-in' })}</span>
        <button type="button" data-action="sign-out" @click=${this.onSignOut}>${msg('Sign out', { id: 'history-record-sign-out' })}</button>
      </p>
      <div class="toolbar">
        <label>
          ${msg('Table', { id: 'history-table' })}
          <select
            name="table"
            @change=${(event: Event) => {
              this.table = (event.target as HTMLSelectElement).value;
            }}
          >
            <option value="" ?selected=${this.table === ''}>${msg('All tables', { id: 'history-all-tables' })}</option>
            ${tables.map((table) => html`<option .value=${table} ?selected=${table === this.table}>${table}</option>`)}
          </select>
        </label>
        <label>
          ${msg('From', { id: 'history-from' })}
          <input
            type="date"
            name="from"
            .value=${this.fromDay}
            @change=${(event: Event) => {
              this.fromDay = (event.target as HTMLInputElement).value;
              this.goToPage(0);
            }}
          />
        </label>
        <label>
          ${msg('To', { id: 'history-to' })}
          <input
            type="date"
            name="to"
            .value=${this.toDay}
            @change=${(event: Event) => {
              this.toDay = (event.target as HTMLInputElement).value;
              this.goToPage(0);
            }}
          />
        </label>
        ${this.reading && this.loaded ? html`<span class="reading">${msg('Reading the record…', { id: 'history-record-reading' })}</span>` : nothing}
      </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-record-shoes': BaccRecordShoes;
  }
  interface HTMLElementEventMap {
    'bacc-record-keep': CustomEvent<RecordKeepDetail>;
    'bacc-record-replay': CustomEvent<{ open: boolean }>;
  }
}
