import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import type { Chart } from 'chart.js';
import { themeTokens, visuallyHidden } from '../../styles/theme.js';
import { ChartController } from '../../controllers/chart-controller.js';
import { ThemeWatcher } from '../../controllers/theme-watcher.js';
import { controlStyles } from '../shared/control-styles.js';
import {
  RecorderError,
  readReport,
  readReportCsv,
  readTables,
  recorderAddress,
  reportSearch,
  servedByRecorder,
  signIn,
  signOut,
  type RecorderSession,
  type Report,
  type ReportQuery,
} from '../shared/recorder-api.js';
import { localDay, periodRange, shiftAt, type Period } from './report-period.js';
import { hourRows, roomHands, roomOutcomes, tableRows, type HourRow, type TableRow } from './report-figures.js';
import { explanationText, flaggedSentence, formatClock, formatHour, formatLevel, problemText, tooFewSentence } from './report-words.js';
import { handsChart, handsChartText, outcomesChart, outcomesChartText, readPalette, type Palette } from './report-charts.js';
import { nextOrder, sortableTable, sortedRows, type Column } from './sortable-table.js';
import { hourColumns, tableColumns, testColumns, type ReportTableName } from './report-columns.js';
import { ReportPolling } from './report-polling.js';
import { PrintLayout } from './print-layout.js';
import {
  keepSession,
  keptSession,
  rememberAddress,
  rememberTarget,
  rememberedAddress,
  rememberedTarget,
} from '../shared/recorder-session.js';
import { reportsStyles } from './bacc-reports.styles.js';
import { ReportExceptions, exceptionsStyles } from './report-exceptions.js';

/** The period as the page's one choice names it: a whole day, a shift, 8 hours from a start, or a range. */
type PeriodChoice = 'day' | 'shift-0' | 'shift-1' | 'shift-2' | 'from' | 'range';

/** Saves a file the recorder sent (a Blob behind an `<a download>` click: nothing leaves the browser). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it is long started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The pit's reports (`?mode=reports`, issue #26): from the room's recorder (`bacc recorder --http`),
 * for a day, a shift or a range and the tables chosen, per table and per hour the hands dealt,
 * shoes, pace against the pit's target, banker/player/tie, naturals and pairs, each beside its
 * exact expectation; the recorder's chi-square tests, each flag said in plain words, with its
 * explanation that a flag is a reason to look, not proof; the room's hands by hour and its
 * outcomes against exact in two charts; CSV. Read again every few seconds while the page is
 * visible. Prints as a shift report. Play money only.
 *
 * Signing in sends the password to the recorder in the request's body and nowhere else; the token
 * it gives is kept for this tab (sessionStorage), the recorder's address and the pace target for
 * this browser (localStorage).
 *
 * @csspart sign-in - The sign-in form.
 * @cssprop --bacc-reports-font-size - Base text size (default grows a little with the window).
 */
@customElement('bacc-reports')
@localized()
export class BaccReports extends LitElement {
  static override styles = [themeTokens, visuallyHidden, controlStyles, reportsStyles, exceptionsStyles];

  /** Seconds between reads of the report while the page is visible (0: read only when the choices change). */
  @property({ type: Number, attribute: 'refresh-seconds' }) refreshSeconds = 3;

  /** Saves the CSV the recorder sent (tests replace it). */
  @property({ attribute: false }) saveFile: (blob: Blob, fileName: string) => void = saveBlob;

  /** Set while the page prints: the charts draw in ink colours. */
  @property({ type: Boolean, reflect: true }) printing = false;

  @state() private session: RecorderSession | null = null;
  @state() private address = '';
  @state() private signInProblem = '';
  @state() private signingIn = false;
  /** The tables the recorder knows, by name. */
  @state() private knownTables: string[] = [];
  /** The tables chosen; null for every table (new ones included). */
  @state() private chosenTables: ReadonlySet<string> | null = null;
  @state() private day = localDay(new Date());
  @state() private periodChoice: PeriodChoice = 'day';
  @state() private start = '06:00';
  @state() private rangeFrom = '';
  @state() private rangeTo = '';
  @state() private target = rememberedTarget();
  @state() private report: Report | null = null;
  /** Why the report on screen is not the choices' (or there is none), in words; '' when it is. */
  @state() private problem = '';
  @state() private updatedAt: Date | null = null;
  @state() private downloading = false;
  @state() private orders: Record<ReportTableName, { column: string; direction: 'ascending' | 'descending' }> = {
    tables: { column: 'table', direction: 'ascending' },
    hours: { column: 'hour', direction: 'ascending' },
    tests: { column: 'table', direction: 'ascending' },
  };

  private tables: TableRow[] = [];
  private hours: HourRow[] = [];
  private hoursByTime: { hour: string; hands: number }[] = [];
  private outcomes: ReturnType<typeof roomOutcomes> = null;
  /** The report spans more than a day: hours carry their date. */
  private severalDays = false;
  /** Whether the person changed the address field (the page's own origin then does not replace it). */
  private addressTyped = false;
  private palette: Palette | null = null;
  private readonly chartPalettes = new WeakMap<object, Palette>();

  private readonly exceptions = new ReportExceptions(this);
  private readonly polling = new ReportPolling(
    this,
    async () => void (await Promise.all([this.readReport(), this.session && this.exceptions.read(this.session, this.query())])),
    () => this.refreshSeconds,
  );

  constructor() {
    super();
    new ThemeWatcher(this, () => {
      this.palette = null;
      this.requestUpdate();
    });
    new PrintLayout(this, (printing) => {
      this.printing = printing;
      this.palette = null;
    });
    new ChartController<'bar'>(this, {
      canvas: () => this.renderRoot.querySelector<HTMLCanvasElement>('canvas[data-chart="hands"]'),
      configure: () => handsChart(this.hoursByTime, this.severalDays, this.currentPalette()),
      refresh: (chart) => this.refreshChart(chart, handsChart(this.hoursByTime, this.severalDays, this.currentPalette())),
    });
    new ChartController<'bar'>(this, {
      canvas: () => this.renderRoot.querySelector<HTMLCanvasElement>('canvas[data-chart="outcomes"]'),
      configure: () => outcomesChart(this.outcomes, this.currentPalette()),
      refresh: (chart) => this.refreshChart(chart, outcomesChart(this.outcomes, this.currentPalette())),
    });
  }

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
    // Served by the recorder itself, the page's own origin is the address.
    if (/^https?:$/.test(location.protocol)) {
      void servedByRecorder(location.origin).then((served) => {
        if (served && !this.addressTyped && !this.session) this.address = location.origin;
      });
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('report') || changed.has('target')) {
      const report = this.report;
      this.tables = report ? tableRows(report, this.target) : [];
      this.hours = report ? hourRows(report, this.target) : [];
      this.hoursByTime = report ? roomHands(report) : [];
      this.outcomes = report ? roomOutcomes(report) : null;
      this.severalDays = report ? Date.parse(report.to) - Date.parse(report.from) > 86_400_000 : false;
    }
  }

  private currentPalette(): Palette {
    return (this.palette ??= readPalette(this));
  }

  /** New data every time; new options (which make chart.js resolve every font again) only when the colours changed. */
  private refreshChart(chart: Chart<'bar'>, next: ReturnType<typeof handsChart>): void {
    chart.data = next.data;
    const palette = this.currentPalette();
    if (this.chartPalettes.get(chart) !== palette) {
      chart.options = next.options ?? {};
      this.chartPalettes.set(chart, palette);
    }
  }

  /** What the choices ask for, or null when they name no time (a range backwards) or no table. */
  private query(): ReportQuery | null {
    const range = periodRange(this.day, this.period());
    if (!range) return null;
    if (this.chosenTables?.size === 0) return null;
    return { ...range, tables: this.chosenTables ? [...this.chosenTables] : [] };
  }

  private period(): Period {
    switch (this.periodChoice) {
      case 'day':
        return { kind: 'day' };
      case 'shift-0':
        return { kind: 'shift', shift: 0 };
      case 'shift-1':
        return { kind: 'shift', shift: 1 };
      case 'shift-2':
        return { kind: 'shift', shift: 2 };
      case 'from':
        return { kind: 'from', start: this.start };
      case 'range':
        return { kind: 'range', from: this.rangeFrom, to: this.rangeTo };
    }
  }

  private startReading(): void {
    const session = this.session;
    if (!session) return;
    void readTables(session)
      .then((tables) => {
        if (this.session === session) this.knownTables = tables;
      })
      .catch((error: unknown) => this.showProblem(error));
    this.polling.start();
  }

  /** Reads the report of the choices; an answer that arrives after they changed is dropped. */
  private async readReport(): Promise<void> {
    const session = this.session;
    const query = this.query();
    if (!session) return;
    if (!query) {
      this.problem =
        this.chosenTables?.size === 0
          ? msg('Choose at least one table.', { id: 'reports-no-table' })
          : msg('Choose a time that ends after it starts.', { id: 'reports-bad-time' });
      return;
    }
    const asked = reportSearch(query);
    try {
      const report = await readReport(session, query);
      const current = this.query();
      if (this.session !== session || !current || reportSearch(current) !== asked) return;
      this.report = report;
      this.problem = '';
      this.updatedAt = new Date();
    } catch (error) {
      if (this.session === session) this.showProblem(error);
    }
  }

  private showProblem(error: unknown): void {
    if (!(error instanceof RecorderError)) {
      console.error(error);
      this.problem = problemText({ kind: 'unreadable', status: 0 }, this.address);
      return;
    }
    const text = problemText(error.problem, this.session?.address ?? this.address);
    if (error.problem.kind === 'signed-out') {
      this.forget();
      this.signInProblem = text;
    } else this.problem = text;
  }

  /** Forgets the sign-in and what it showed: back to the sign-in form. */
  private forget(): void {
    this.polling.stop();
    keepSession(null);
    this.session = null;
    this.report = null;
    this.problem = '';
    this.updatedAt = null;
    this.knownTables = [];
    this.exceptions.reset();
  }

  private async onSignIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = (name: string): HTMLInputElement => form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    const address = recorderAddress(field('address').value);
    const password = field('password');
    if (!address) {
      this.signInProblem = msg('The address is not one: give the recorder as host:port, or http://host:port.', {
        id: 'reports-bad-address',
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
      this.startReading();
    } catch (error) {
      this.signInProblem = error instanceof RecorderError ? problemText(error.problem, address) : String(error);
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

  /** The choices changed: read the report for them now. */
  private chosen(): void {
    this.report = null;
    void this.polling.now();
  }

  private onPeriod(event: Event): void {
    const choice = (event.target as HTMLSelectElement).value as PeriodChoice;
    if (choice.startsWith('shift-') && this.periodChoice === 'day') {
      // A shift chosen on today's page: the one in play (the night shift after midnight began the day before).
      const now = shiftAt(new Date());
      if (this.day === localDay(new Date()) && choice === `shift-${now.shift}`) this.day = now.day;
    }
    if (choice === 'range' && !this.rangeFrom) {
      this.rangeFrom = `${this.day}T00:00`;
      this.rangeTo = `${this.day}T23:59`;
    }
    this.periodChoice = choice;
    this.chosen();
  }

  private onTable(table: string | null, checked: boolean): void {
    if (table === null) this.chosenTables = checked ? null : new Set();
    else {
      const chosen = new Set(this.chosenTables ?? this.knownTables);
      if (checked) chosen.add(table);
      else chosen.delete(table);
      this.chosenTables = this.knownTables.every((known) => chosen.has(known)) ? null : chosen;
    }
    this.chosen();
  }

  private onTarget(event: Event): void {
    const value = Number((event.target as HTMLInputElement).value);
    if (!Number.isInteger(value) || value < 1 || value > 1000) return;
    this.target = value;
    rememberTarget(value);
  }

  private async onDownload(): Promise<void> {
    const session = this.session;
    const query = this.query();
    if (!session || !query) return;
    this.downloading = true;
    try {
      const csv = await readReportCsv(session, query);
      const name = `report-${localDay(query.from)}-${formatHour(query.from.toISOString(), false).replace(':', '')}-${localDay(query.to)}-${formatHour(query.to.toISOString(), false).replace(':', '')}.csv`;
      this.saveFile(csv, name);
    } catch (error) {
      this.showProblem(error);
    } finally {
      this.downloading = false;
    }
  }

  private sortBy(name: ReportTableName, column: Column<never>): void {
    this.orders = { ...this.orders, [name]: nextOrder(this.orders[name], column as Column<unknown>) };
  }

  protected override render(): TemplateResult {
    return html`
      <header>
        <h1>${msg('Reports', { id: 'reports-title' })}</h1>
        ${
          this.session
            ? html`<p class="who">
                <span>${this.signedInText(this.session)}</span>
                <button type="button" @click=${this.onSignOut}>${msg('Sign out', { id: 'reports-sign-out' })}</button>
              </p>`
            : nothing
        }
      </header>
      ${this.session ? this.renderReport() : this.renderSignIn()}
    `;
  }

  private signedInText(session: RecorderSession): string {
    const { name, role, address } = session;
    return msg(str`${name} (${role}) signed in to the recorder at ${address}`, { id: 'reports-signed-in' });
  }

  private renderSignIn(): TemplateResult {
    return html`<form class="sign-in" part="sign-in" @submit=${this.onSignIn} aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" class="visually-hidden">${msg('Sign in to the recorder', { id: 'reports-sign-in-title' })}</h2>
      <p class="note">${msg('The reports come from the room’s recorder: sign in with a pit login.', { id: 'reports-sign-in-note' })}</p>
      <label for="address">${msg('Recorder address', { id: 'reports-address' })}</label>
      <input
        id="address"
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
      <label for="name">${msg('Login name', { id: 'reports-login-name' })}</label>
      <input id="name" name="name" required autocomplete="username" />
      <label for="password">${msg('Password', { id: 'reports-password' })}</label>
      <input id="password" name="password" type="password" required autocomplete="current-password" />
      ${this.signInProblem ? html`<p class="problem" role="alert">${this.signInProblem}</p>` : nothing}
      <button type="submit" ?disabled=${this.signingIn}>${msg('Sign in', { id: 'reports-sign-in' })}</button>
    </form>`;
  }

  private renderChoices(): TemplateResult {
    const periods: [PeriodChoice, string][] = [
      ['day', msg('Whole day', { id: 'reports-period-day' })],
      ['shift-0', msg('Shift 06:00–14:00', { id: 'reports-period-shift-0' })],
      ['shift-1', msg('Shift 14:00–22:00', { id: 'reports-period-shift-1' })],
      ['shift-2', msg('Shift 22:00–06:00', { id: 'reports-period-shift-2' })],
      ['from', msg('8 hours from…', { id: 'reports-period-from' })],
      ['range', msg('Range…', { id: 'reports-period-range' })],
    ];
    const all = this.chosenTables === null;
    return html`<form class="choices" @submit=${(event: Event) => event.preventDefault()}>
      <fieldset class="time">
        <legend>${msg('Time (local)', { id: 'reports-time' })}</legend>
        ${
          this.periodChoice === 'range'
            ? nothing
            : html`<label class="field"
                ><span>${msg('Day', { id: 'reports-day' })}</span>
                <input
                  type="date"
                  required
                  .value=${this.day}
                  @change=${(event: Event) => {
                    this.day = (event.target as HTMLInputElement).value;
                    this.chosen();
                  }}
              /></label>`
        }
        <label class="field"
          ><span>${msg('Period', { id: 'reports-period' })}</span>
          <select @change=${this.onPeriod}>
            ${periods.map(([value, label]) => html`<option value=${value} ?selected=${value === this.periodChoice}>${label}</option>`)}
          </select></label
        >
        ${
          this.periodChoice === 'from'
            ? html`<label class="field"
                ><span>${msg('Start', { id: 'reports-start' })}</span>
                <input
                  type="time"
                  required
                  .value=${this.start}
                  @change=${(event: Event) => {
                    this.start = (event.target as HTMLInputElement).value;
                    this.chosen();
                  }}
              /></label>`
            : nothing
        }
        ${
          this.periodChoice === 'range'
            ? html`<label class="field"
                  ><span>${msg('From', { id: 'reports-from' })}</span>
                  <input
                    type="datetime-local"
                    required
                    .value=${this.rangeFrom}
                    @change=${(event: Event) => {
                      this.rangeFrom = (event.target as HTMLInputElement).value;
                      this.chosen();
                    }}
                /></label>
                <label class="field"
                  ><span>${msg('To', { id: 'reports-to' })}</span>
                  <input
                    type="datetime-local"
                    required
                    .value=${this.rangeTo}
                    @change=${(event: Event) => {
                      this.rangeTo = (event.target as HTMLInputElement).value;
                      this.chosen();
                    }}
                /></label>`
            : nothing
        }
      </fieldset>
      <fieldset class="tables">
        <legend>${msg('Tables', { id: 'reports-tables' })}</legend>
        <div class="table-choices">
          <label
            ><input
              type="checkbox"
              .checked=${all}
              @change=${(event: Event) => this.onTable(null, (event.target as HTMLInputElement).checked)}
            />
            ${msg('All tables', { id: 'reports-all-tables' })}</label
          >
          ${this.knownTables.map(
            (table) =>
              html`<label
                ><input
                  type="checkbox"
                  .checked=${all || this.chosenTables!.has(table)}
                  @change=${(event: Event) => this.onTable(table, (event.target as HTMLInputElement).checked)}
                />
                ${table}</label
              >`,
          )}
        </div>
      </fieldset>
      <label class="field"
        ><span>${msg('Pace target (hands per hour)', { id: 'reports-target' })}</span>
        <input type="number" min="1" max="1000" step="1" required .value=${String(this.target)} @change=${this.onTarget}
      /></label>
      <div class="actions">
        <button type="button" ?disabled=${this.downloading || !this.query()} @click=${this.onDownload}>
          ${msg('Download CSV', { id: 'reports-download' })}
        </button>
      </div>
    </form>`;
  }

  private renderStatus(): TemplateResult {
    const query = this.query();
    const covers = query
      ? (() => {
          const from = `${localDay(query.from)} ${formatHour(query.from.toISOString(), false)}`;
          const to = `${localDay(query.to)} ${formatHour(query.to.toISOString(), false)}`;
          return msg(str`From ${from} to ${to}, local time`, { id: 'reports-covers' });
        })()
      : '';
    const updated = this.updatedAt ? formatClock(this.updatedAt) : null;
    return html`<div class="status">
        <p class="covers">${covers}</p>
        <p class="updated">
          ${updated ? msg(str`Last updated ${updated}`, { id: 'reports-updated' }) : msg('Reading the report…', { id: 'reports-reading' })}
        </p>
      </div>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}`;
  }

  private renderReport(): TemplateResult {
    const report = this.report;
    return html`${this.renderChoices()} ${this.renderStatus()}
    ${
      report
        ? html`${this.renderTests(report)} ${this.renderTables()} ${this.renderCharts()} ${this.renderHours()}
          ${this.renderTestTable(report)}`
        : nothing
    }
    ${this.exceptions.render(this.severalDays)}`;
  }

  private renderTests(report: Report): TemplateResult {
    const flagged = report.tests.rows.filter((row) => row.verdict === 'flagged');
    const tooFew = report.tests.rows.filter((row) => row.verdict === 'too-few');
    const { count } = report.tests;
    const level = formatLevel(report.tests.level);
    return html`<section class="tests" aria-labelledby="tests-title">
      <h2 id="tests-title">${msg('Outcome tests', { id: 'reports-tests-title' })}</h2>
      <p class="explanation">${explanationText(report.tests.explanation)}</p>
      <p class="muted">
        ${msg(str`${count} tests at the ${level} level, corrected for the number of tests.`, { id: 'reports-tests-level' })}
      </p>
      ${
        flagged.length === 0
          ? html`<p>${msg('No test is flagged.', { id: 'reports-none-flagged' })}</p>`
          : html`<ul class="sentences flags">
              ${flagged.map((row) => html`<li>${flaggedSentence(row)}</li>`)}
            </ul>`
      }
      ${
        tooFew.length === 0
          ? nothing
          : html`<ul class="sentences too-few">
              ${tooFew.map((row) => html`<li>${tooFewSentence(row)}</li>`)}
            </ul>`
      }
    </section>`;
  }

  private renderTables(): TemplateResult {
    const columns = tableColumns(this.target);
    return html`<section aria-labelledby="tables-title">
      <h2 id="tables-title">${msg('Tables', { id: 'reports-tables' })}</h2>
      ${
        this.tables.length === 0
          ? html`<p>${msg('No hands in this time.', { id: 'reports-no-hands' })}</p>`
          : html`<div class="scroll">
              ${sortableTable({
                name: 'tables',
                caption: msg('Per table, against the exact expectation for its decks', { id: 'reports-tables-caption' }),
                columns,
                rows: sortedRows(this.tables, columns, this.orders.tables),
                order: this.orders.tables,
                onSort: (column) => this.sortBy('tables', column as Column<never>),
              })}
            </div>`
      }
    </section>`;
  }

  private renderHours(): TemplateResult | typeof nothing {
    if (this.hours.length === 0) return nothing;
    const columns = hourColumns(this.severalDays, this.target);
    return html`<section aria-labelledby="hours-title">
      <h2 id="hours-title">${msg('Per table and hour', { id: 'reports-hours-title' })}</h2>
      <div class="scroll">
        ${sortableTable({
          name: 'hours',
          caption: msg('Hours with play, local time', { id: 'reports-hours-caption' }),
          columns,
          rows: sortedRows(this.hours, columns, this.orders.hours),
          order: this.orders.hours,
          onSort: (column) => this.sortBy('hours', column as Column<never>),
        })}
      </div>
    </section>`;
  }

  private renderTestTable(report: Report): TemplateResult | typeof nothing {
    if (report.tests.rows.length === 0) return nothing;
    const columns = testColumns();
    return html`<section aria-labelledby="test-table-title">
      <h2 id="test-table-title">${msg('Every test', { id: 'reports-test-table-title' })}</h2>
      <div class="scroll">
        ${sortableTable({
          name: 'tests',
          caption: msg('Chi-square tests against the exact odds', { id: 'reports-test-table-caption' }),
          columns,
          rows: sortedRows(report.tests.rows, columns, this.orders.tests),
          order: this.orders.tests,
          onSort: (column) => this.sortBy('tests', column as Column<never>),
          rowClass: (row) => (row.verdict === 'flagged' ? 'flagged' : ''),
        })}
      </div>
    </section>`;
  }

  private renderCharts(): TemplateResult {
    return html`<section class="charts" aria-label=${msg('Charts', { id: 'reports-charts' })}>
      <figure>
        <figcaption>${msg('Hands per hour, all tables', { id: 'reports-chart-hands' })}</figcaption>
        <div class="plot">
          <canvas data-chart="hands" role="img" aria-label=${handsChartText(this.hoursByTime, this.severalDays)}></canvas>
        </div>
      </figure>
      <figure>
        <figcaption>${msg('Outcomes against exact, all tables', { id: 'reports-chart-outcomes' })}</figcaption>
        <div class="plot">
          <canvas data-chart="outcomes" role="img" aria-label=${outcomesChartText(this.outcomes)}></canvas>
        </div>
        <p class="legend">
          <span class="swatch solid"></span>${msg('observed', { id: 'reports-observed' })}
          <span class="swatch"></span>${msg('exact', { id: 'reports-exact-legend' })}
        </p>
      </figure>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-reports': BaccReports;
  }
}
