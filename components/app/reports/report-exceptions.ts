import { css, html, nothing, type LitElement, type ReactiveController, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import {
  RecorderError,
  acknowledgeException,
  readExceptions,
  reportSearch,
  type ExceptionPage,
  type RecorderSession,
  type ReportQuery,
  type RoomException,
} from '../shared/recorder-api.js';
import { problemText, UNKNOWN } from './report-words.js';
import {
  acknowledgedText,
  exceptionCards,
  exceptionReason,
  exceptionWhat,
  exceptionWhere,
  exceptionWho,
  exceptionsPosition,
  formatMoment,
  reasonGivenText,
} from './exception-words.js';

/** Exceptions in a page of the list. */
export const EXCEPTIONS_PAGE_SIZE = 20;

/** The longest note the recorder keeps. */
const MAX_NOTE = 1000;

/**
 * The reports page's Exceptions (#26), for the same time and tables as the report: a surveillance or
 * admin login reads the recorder's list a page at a time, newest first, and acknowledges each with a
 * note; a pit login is told that exceptions are for surveillance without asking the recorder, and a
 * login it refuses them (403) is told so once, the route not asked again while it stays signed in. The page's poll reads the page shown again.
 */
export class ReportExceptions implements ReactiveController {
  private session: RecorderSession | null = null;
  private query: ReportQuery | null = null;
  /** The time and tables the list is of (reportSearch), so that new choices go back to the first page. */
  private asked = '';
  /** The recorder refused this login the exceptions (403): not asked again. */
  private forbidden = false;
  private page = 1;
  private list: ExceptionPage | null = null;
  private problem = '';
  /** The exception whose acknowledgement form is open, its note and what is wrong with it. */
  private open: string | null = null;
  private note = '';
  private formProblem = '';
  private sending = false;
  /** The recorder's sentences about an exception's acknowledgement (a 409), by id. */
  private readonly notices = new Map<string, string>();

  constructor(private readonly host: LitElement) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Forgets the list and the login's refusal (signed out). */
  reset(): void {
    this.session = null;
    this.query = null;
    this.asked = '';
    this.forbidden = false;
    this.page = 1;
    this.list = null;
    this.problem = '';
    this.close();
    this.notices.clear();
  }

  /** Reads the page shown of the exceptions of `query` (back to the first when the time or tables changed). */
  async read(session: RecorderSession, query: ReportQuery | null): Promise<void> {
    if (session !== this.session) {
      this.reset();
      this.session = session;
      // The recorder refuses a pit login the route (403): not asked at all (a refused request is an error in the browser's console).
      this.forbidden = session.role === 'pit';
    }
    if (!query || this.forbidden) return;
    const key = reportSearch(query);
    if (key !== this.asked) {
      this.asked = key;
      this.page = 1;
      this.list = null;
      this.close();
    }
    this.query = query;
    const page = this.page;
    try {
      const list = await readExceptions(session, query, page, EXCEPTIONS_PAGE_SIZE);
      if (this.session !== session || this.asked !== key || this.page !== page) return;
      this.list = list;
      this.problem = '';
    } catch (error) {
      if (this.session !== session) return;
      if (error instanceof RecorderError && error.problem.kind === 'forbidden') this.forbidden = true;
      // A sign-in that ended is the report's to say (it goes back to the sign-in form).
      else if (!(error instanceof RecorderError && error.problem.kind === 'signed-out')) this.problem = this.problemOf(error);
    }
    this.host.requestUpdate();
  }

  private problemOf(error: unknown): string {
    if (!(error instanceof RecorderError)) console.error(error);
    const problem = error instanceof RecorderError ? error.problem : { kind: 'unreadable' as const, status: 0 };
    return problemText(problem, this.session?.address ?? '');
  }

  private again(): void {
    if (this.session) void this.read(this.session, this.query);
  }

  private go(page: number): void {
    this.page = page;
    this.close();
    this.host.requestUpdate();
    this.again();
  }

  private close(): void {
    this.open = null;
    this.note = '';
    this.formProblem = '';
  }

  private async openForm(id: string): Promise<void> {
    this.close();
    this.open = id;
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.host.renderRoot.querySelector<HTMLTextAreaElement>('form.ack textarea')?.focus();
  }

  private async acknowledge(event: SubmitEvent, exception: RoomException): Promise<void> {
    event.preventDefault();
    const session = this.session;
    const note = this.note.trim();
    if (!session || this.sending) return;
    if (note === '') {
      this.formProblem = msg('Write a note: an acknowledgement needs one.', { id: 'exceptions-note-needed' });
      this.host.requestUpdate();
      return;
    }
    this.sending = true;
    this.host.requestUpdate();
    try {
      const acknowledgement = await acknowledgeException(session, exception.id, note);
      if (this.session !== session) return;
      if (this.list) {
        const exceptions = this.list.exceptions.map((row) => (row.id === exception.id ? { ...row, acknowledgement } : row));
        this.list = { ...this.list, exceptions };
      }
      this.close();
    } catch (error) {
      if (this.session !== session) return;
      if (error instanceof RecorderError && error.problem.kind === 'refused' && error.problem.status === 409) {
        // Acknowledged already (by another login): say so, and show the row as the recorder now has it.
        this.notices.set(exception.id, this.problemOf(error));
        this.close();
        this.again();
      } else this.formProblem = this.problemOf(error);
    } finally {
      this.sending = false;
      this.host.requestUpdate();
    }
  }

  /** The section: the list and its pages, or why there is none. */
  render(withDate: boolean): TemplateResult | typeof nothing {
    if (!this.session) return nothing;
    return html`<section class="exceptions" aria-labelledby="exceptions-title">
      <h2 id="exceptions-title">${msg('Exceptions', { id: 'exceptions-title' })}</h2>
      ${this.forbidden ? html`<p class="for-surveillance">${msg('Exceptions are for surveillance and admin logins: this login does not see them.', { id: 'exceptions-for-surveillance' })}</p>` : this.renderList(withDate)}
    </section>`;
  }

  private renderList(withDate: boolean): TemplateResult {
    const list = this.list;
    const problem = this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing;
    if (!list)
      return html`${problem}
        <p class="muted">${msg('Reading the exceptions…', { id: 'exceptions-reading' })}</p>`;
    const pages = Math.max(1, Math.ceil(list.total / list.size));
    return html`${problem}
      <p class="position" aria-live="polite">${exceptionsPosition(list.page, list.size, list.exceptions.length, list.total)}</p>
      ${
        list.exceptions.length === 0
          ? nothing
          : html`<div class="scroll">
              <table data-table="exceptions">
                <caption class="visually-hidden">
                  ${msg('Exceptions, newest first', { id: 'exceptions-caption' })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">${msg('Time', { id: 'exceptions-time' })}</th>
                    <th scope="col">${msg('Table', { id: 'exceptions-table' })}</th>
                    <th scope="col">${msg('What happened', { id: 'exceptions-what' })}</th>
                    <th scope="col">${msg('Shoe and hand', { id: 'exceptions-where' })}</th>
                    <th scope="col">${msg('Reason', { id: 'exceptions-reason' })}</th>
                    <th scope="col">${msg('Acknowledgement', { id: 'exceptions-ack' })}</th>
                  </tr>
                </thead>
                <tbody>
                  ${list.exceptions.map((exception) => this.renderRow(exception, withDate))}
                </tbody>
              </table>
            </div>`
      }
      ${
        pages > 1
          ? html`<nav class="pages" aria-label=${msg('Pages of exceptions', { id: 'exceptions-pages' })}>
              <button type="button" data-page="previous" ?disabled=${list.page <= 1} @click=${() => this.go(list.page - 1)}>
                ${msg('Previous', { id: 'exceptions-previous' })}
              </button>
              <button type="button" data-page="next" ?disabled=${list.page >= pages} @click=${() => this.go(list.page + 1)}>
                ${msg('Next', { id: 'exceptions-next' })}
              </button>
            </nav>`
          : nothing
      }`;
  }

  private renderRow(exception: RoomException, withDate: boolean): TemplateResult {
    const who = exceptionWho(exception);
    const cards = exceptionCards(exception);
    const given = reasonGivenText(exception, withDate);
    return html`<tr data-id=${exception.id} data-kind=${`${exception.source}:${exception.kind}`}>
      <td class="time">${formatMoment(exception.time, withDate)}</td>
      <td class="table">${exception.table ?? UNKNOWN}</td>
      <td class="what">
        ${exceptionWhat(exception)}${cards ? html` <span class="cards">(${cards})</span>` : nothing}
        ${who ? html`<span class="muted who-did">${who}</span>` : nothing}
      </td>
      <td class="where">${exceptionWhere(exception)}</td>
      <td class="reason">${exceptionReason(exception)} ${given ? html`<span class="muted">${given}</span>` : nothing}</td>
      <td class="ack">${this.renderAck(exception, withDate)}</td>
    </tr>`;
  }

  private renderAck(exception: RoomException, withDate: boolean): TemplateResult {
    const notice = this.notices.get(exception.id);
    const noticeLine = notice ? html`<p class="problem notice" role="status">${notice}</p>` : nothing;
    const ack = exception.acknowledgement;
    if (ack) {
      return html`${noticeLine}<span class="acknowledged">${acknowledgedText(ack, withDate)}</span> <q class="note">${ack.note}</q>`;
    }
    if (this.open !== exception.id) {
      return html`${noticeLine}<button type="button" class="acknowledge" @click=${() => void this.openForm(exception.id)}>
          ${msg('Acknowledge', { id: 'exceptions-acknowledge' })}
        </button>`;
    }
    const noteId = `note-${exception.id}`;
    return html`${noticeLine}
      <form class="ack" novalidate @submit=${(event: SubmitEvent) => this.acknowledge(event, exception)}>
        <label for=${noteId}>${msg('Note (required)', { id: 'exceptions-note' })}</label>
        <textarea
          id=${noteId}
          required
          rows="2"
          maxlength=${MAX_NOTE}
          aria-invalid=${this.formProblem ? 'true' : 'false'}
          .value=${this.note}
          @input=${(event: Event) => (this.note = (event.target as HTMLTextAreaElement).value)}
        ></textarea>
        ${this.formProblem ? html`<p class="problem" role="alert">${this.formProblem}</p>` : nothing}
        <div class="actions">
          <button type="submit" ?disabled=${this.sending}>${msg('Send', { id: 'exceptions-send' })}</button>
          <button
            type="button"
            @click=${() => {
              this.close();
              this.host.requestUpdate();
            }}
          >
            ${msg('Cancel', { id: 'exceptions-cancel' })}
          </button>
        </div>
      </form>`;
  }
}

/** The section's own styles: long names and reasons wrap rather than widen the page. */
export const exceptionsStyles = css`
  table[data-table='exceptions'] th {
    padding: 0.3em 0.6em;
    font-size: 0.9em;
  }
  table[data-table='exceptions'] td {
    overflow-wrap: anywhere;
    max-width: 24em;
  }
  table[data-table='exceptions'] td.time {
    white-space: nowrap;
  }
  table[data-table='exceptions'] .muted,
  table[data-table='exceptions'] q.note {
    display: block;
  }
  form.ack {
    display: grid;
    gap: 0.3em;
    min-width: 14em;
  }
  form.ack textarea {
    font: inherit;
  }
  nav.pages {
    display: flex;
    gap: 0.6em;
    margin-top: 0.5em;
  }
  @media print {
    form.ack,
    button.acknowledge,
    nav.pages {
      display: none;
    }
  }
`;
