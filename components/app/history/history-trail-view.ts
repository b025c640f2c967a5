/**
 * A shoe's trail under its row in History: its audited actions and the events of its dealing
 * procedure, each a small table in the order they happened.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { ShoeSummary } from '../shared/data/scoreboard-store.js';
import { explainedAudit } from '../../../src/shoes/records.js';
import { afterHandText, auditActionText, eventText, operatorText, reasonText } from './shoe-trail.js';
import { formatTime, shoeName } from './history-text.js';

/** How many events and audited actions a shoe has (a reason given afterwards is part of its action). */
export function trailSize(shoe: ShoeSummary): number {
  return (shoe.events?.length ?? 0) + (shoe.audit ?? []).filter((entry) => entry.action !== 'reason').length;
}

/**
 * A shoe's trail, under its row: its audited actions (time, operator or "not signed in", action,
 * hand, reason: its own, one given afterwards with when, or "not given") and the events of its
 * dealing procedure (time, place, what, cards), each in the order they happened.
 */
export function renderTrail(shoe: ShoeSummary): TemplateResult {
  const audit = explainedAudit(shoe.audit ?? []);
  const events = shoe.events ?? [];
  const name = shoeName(shoe);
  return html`<tr class="trail-row" data-trail-of=${shoe.id}>
    <td colspan="12">
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
                        <td>${formatTime(entry.at)}</td>
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
                        <td>${formatTime(event.at)}</td>
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
