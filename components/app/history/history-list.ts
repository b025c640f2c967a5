/**
 * History's list of shoes: a table of the page on screen, newest first, with each shoe's counts,
 * small big-road picture and buttons (or the delete question in their place), its trail when open,
 * and the page buttons under it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '@lit/localize';
import type { ShoeSummary } from '../shared/data/scoreboard-store.js';
import { formatTime, outcomeCounts, shoeName } from './history-text.js';
import { renderTrail, trailSize } from './history-trail-view.js';

/** What the list shows, and what its buttons do. */
export interface ShoeListView {
  /** The shoes of the page on screen. */
  shoes: readonly ShoeSummary[];
  /** The shoes matching the filters, on every page. */
  total: number;
  page: number;
  pageSize: number;
  /** Whether a table or date filter is set (an empty list then says none matches). */
  filtered: boolean;
  /** The shoe whose Delete asks its question, or null. */
  confirmingDelete: string | null;
  /** That shoe is recorded by a console at work: the question offers no Delete. */
  deleteBlocked: boolean;
  busy: boolean;
  /** The shoe whose trail is open under its row, or null. */
  trailOpen: string | null;
  thumbnail: (shoe: ShoeSummary) => TemplateResult | undefined;
  goToPage: (page: number) => void;
  replay: (id: string) => void;
  toggleTrail: (id: string) => void;
  exportOne: (id: string, format: 'json' | 'csv' | 'png') => void;
  askToDelete: (id: string) => void;
  deleteShoe: (id: string) => void;
  closeQuestion: (id: string) => void;
  /**
   * The shoes are the room's record's, read from its recorder, not this browser's: they are in the
   * record (the central mark says so), cannot be deleted, and can be kept in this browser on purpose.
   */
  record?: { keep: (id: string) => void };
}

export function renderShoeList(view: ShoeListView): TemplateResult | typeof nothing {
  if (view.total === 0) {
    return html`<p>
      ${
        view.record
          ? msg('The record holds no shoe of this table and time.', { id: 'history-record-none' })
          : view.filtered
            ? msg('No stored shoe matches these filters.', { id: 'history-none-match' })
            : msg('No shoes are stored yet.', { id: 'history-empty' })
      }
    </p>`;
  }
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  const first = view.page * view.pageSize + 1;
  const last = view.page * view.pageSize + view.shoes.length;
  return html`
    <div class="scroller">
      <table part="list">
        <caption class="visually-hidden">
          ${
            view.record
              ? msg('The record’s shoes, newest first', { id: 'history-record-caption' })
              : msg('Stored shoes, newest first', { id: 'history-caption' })
          }
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Table', { id: 'history-table' })}</th>
            <th scope="col">${msg('Shoe', { id: 'history-shoe-number' })}</th>
            <th scope="col">${msg('Started', { id: 'history-started' })}</th>
            <th scope="col">${msg('Ended', { id: 'history-ended' })}</th>
            <th scope="col">${msg('Source', { id: 'history-source' })}</th>
            <th scope="col">${msg('Recorded centrally', { id: 'history-central' })}</th>
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
              view.shoes,
              (shoe) => shoe.id,
              (shoe) => renderRow(view, shoe),
            )
          }
        </tbody>
      </table>
    </div>
    <div class="pages">
      <button type="button" data-action="previous-page" ?disabled=${view.page === 0} @click=${() => view.goToPage(view.page - 1)}>
        ${msg('Previous page', { id: 'history-previous' })}
      </button>
      <span class="page-position"
        >${msg(str`Shoes ${first}–${last} of ${view.total} (page ${view.page + 1} of ${pages})`, { id: 'history-page' })}</span
      >
      ${
        pages > 1
          ? html`<label class="go-to-page"
              >${msg('Go to page', { id: 'history-go-to-page' })}
              <input
                type="number"
                name="page"
                min="1"
                max=${pages}
                step="1"
                .value=${String(view.page + 1)}
                @change=${(event: Event) => {
                  const input = event.target as HTMLInputElement;
                  const wanted = Number(input.value);
                  if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages) view.goToPage(wanted - 1);
                  // Not a page of the list: the browser says which numbers are (1 to the last page).
                  else input.reportValidity();
                }}
            /></label>`
          : nothing
      }
      <button type="button" data-action="next-page" ?disabled=${view.page >= pages - 1} @click=${() => view.goToPage(view.page + 1)}>
        ${msg('Next page', { id: 'history-next' })}
      </button>
    </div>
  `;
}

function renderRow(view: ShoeListView, shoe: ShoeSummary): TemplateResult {
  const counts = outcomeCounts(shoe.outcomes);
  const confirming = view.confirmingDelete === shoe.id;
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
      <td>${formatTime(shoe.startedAt)}</td>
      <td>${shoe.endedAt ? formatTime(shoe.endedAt) : msg('in play', { id: 'history-in-play' })}</td>
      <td>${shoe.source === 'simulated' ? msg('simulated', { id: 'history-simulated' }) : msg('recorded', { id: 'history-recorded' })}</td>
      ${view.record ? html`<td class="central-mark" data-recorded>${msg('yes', { id: 'history-central-yes' })}</td>` : renderCentralMark(shoe)}
      <td class="number hand-count">${shoe.handCount}</td>
      <td class="number banker-count">${counts.banker}</td>
      <td class="number player-count">${counts.player}</td>
      <td class="number tie-count">${counts.tie}</td>
      <td>${view.thumbnail(shoe)}</td>
      <td>
        ${
          confirming && view.deleteBlocked
            ? renderEndItFirst(view, shoe)
            : confirming
              ? html`<div class="actions" role="group" aria-label=${msg('Confirm deletion', { id: 'history-confirm-group' })}>
                  <span id="delete-question" class=${inPlay ? 'in-play-warning' : ''}>
                    ${
                      inPlay && shoe.handCount === 1
                        ? msg(
                            'This shoe is still in play: a console or the attract kiosk may be recording it now. Delete it and its 1 hand for good? Hands dealt there afterwards will not be saved.',
                            { id: 'history-confirm-delete-in-play-one' },
                          )
                        : inPlay
                          ? msg(
                              str`This shoe is still in play: a console or the attract kiosk may be recording it now. Delete it and its ${shoe.handCount} hands for good? Hands dealt there afterwards will not be saved.`,
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
                    ?disabled=${view.busy}
                    @click=${() => view.deleteShoe(shoe.id)}
                  >
                    ${msg('Delete', { id: 'history-delete-confirm' })}
                  </button>
                  <button
                    type="button"
                    data-action="cancel-delete"
                    aria-describedby="delete-question"
                    @click=${() => view.closeQuestion(shoe.id)}
                  >
                    ${msg('Keep', { id: 'history-delete-cancel' })}
                  </button>
                </div>`
              : renderRowActions(view, shoe)
        }
      </td>
    </tr>
    ${view.trailOpen === shoe.id ? renderTrail(shoe) : nothing}
  `;
}

/**
 * Whether the room's recorder acknowledged a console shoe of this browser as it stands (a shoe
 * changed since is not marked); empty for other shoes, which this browser never sent to a recorder.
 */
function renderCentralMark(shoe: ShoeSummary): TemplateResult {
  const mark = shoe.recordedCentrally;
  if (shoe.origin !== 'console') return html`<td class="central-mark"></td>`;
  return mark
    ? html`<td class="central-mark" data-recorded>${msg('yes', { id: 'history-central-yes' })}</td>`
    : html`<td class="central-mark">${msg('not yet', { id: 'history-central-not-yet' })}</td>`;
}

/**
 * The answer to Delete for a shoe a console is recording now: no deletion is offered (the store
 * would refuse it), only what to do first, and Close.
 */
function renderEndItFirst(view: ShoeListView, shoe: ShoeSummary): TemplateResult {
  const name = shoeName(shoe);
  return html`<div class="actions" role="group" aria-label=${msg('Cannot delete yet', { id: 'history-delete-blocked-group' })}>
    <span id="delete-question" class="in-play-warning">
      ${msg(str`${name}: a console is recording this shoe. End it there first (key E); then it can be deleted here.`, {
        id: 'history-delete-end-first',
      })}
    </span>
    <button type="button" data-action="cancel-delete" aria-describedby="delete-question" @click=${() => view.closeQuestion(shoe.id)}>
      ${msg('Close', { id: 'history-delete-close' })}
    </button>
  </div>`;
}

/**
 * A row's buttons. Each is named with its shoe as the messages name it (`shoeName`: table, shoe
 * number, start time), beginning with the words on it: a screen reader listing the page's buttons
 * hears "Replay Table 1, shoe 2, started 2026-12-01 14:02", not twenty times "Replay", and two
 * shoes of one table started in the same minute never share a name.
 */
function renderRowActions(view: ShoeListView, shoe: ShoeSummary): TemplateResult {
  const name = shoeName(shoe);
  const size = trailSize(shoe);
  return html`<div class="actions">
    <button
      type="button"
      data-action="replay"
      aria-label=${msg(str`Replay ${name}`, { id: 'history-replay-shoe' })}
      @click=${() => view.replay(shoe.id)}
    >
      ${msg('Replay', { id: 'history-replay' })}
    </button>
    ${
      size === 0
        ? nothing
        : html`<button
            type="button"
            data-action="trail"
            aria-expanded=${view.trailOpen === shoe.id ? 'true' : 'false'}
            aria-controls=${`trail-${shoe.id}`}
            aria-label=${msg(str`Trail of ${name}`, { id: 'history-trail-of' })}
            @click=${() => view.toggleTrail(shoe.id)}
          >
            ${msg(str`Trail (${size})`, { id: 'history-trail' })}
          </button>`
    }
    <button
      type="button"
      data-action="export-json"
      aria-label=${msg(str`JSON file of ${name}`, { id: 'history-export-json-shoe' })}
      @click=${() => view.exportOne(shoe.id, 'json')}
    >
      JSON
    </button>
    <button
      type="button"
      data-action="export-csv"
      aria-label=${msg(str`CSV file of ${name}`, { id: 'history-export-csv-shoe' })}
      @click=${() => view.exportOne(shoe.id, 'csv')}
    >
      CSV
    </button>
    <button
      type="button"
      data-action="export-png"
      aria-label=${msg(str`PNG picture of ${name}`, { id: 'history-export-png-shoe' })}
      @click=${() => view.exportOne(shoe.id, 'png')}
    >
      PNG
    </button>
    ${
      view.record
        ? html`<button
            type="button"
            data-action="keep"
            aria-label=${msg(str`Keep in this browser: ${name}`, { id: 'history-record-keep-shoe' })}
            ?disabled=${view.busy}
            @click=${() => view.record?.keep(shoe.id)}
          >
            ${msg('Keep in this browser', { id: 'history-record-keep' })}
          </button>`
        : html`<button
            type="button"
            data-action="delete"
            aria-label=${msg(str`Delete ${name}…`, { id: 'history-delete-shoe' })}
            @click=${() => view.askToDelete(shoe.id)}
          >
            ${msg('Delete…', { id: 'history-delete' })}
          </button>`
    }
  </div>`;
}
