import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import '../../../../components/app/history/bacc-replay.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccReplay } from '../../../../components/app/history/bacc-replay.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import type { AuditEntry, ShoeRecord } from '../../../../src/shoes/document.js';
import { trailTime } from '../../../../components/app/history/shoe-trail.js';
import { inAppLocale } from '../../locale-switch.js';
import { shoeAt } from './history-fixtures.js';
import { until } from '../../../support/wait.js';

const base = shoeAt('answered', 'Table 6', '2026-03-14T12:00:00.000Z');
/** Undone with nobody signed in and answered later; corrected by Wei, answered by Ana; reopened, never answered. */
const audit: AuditEntry[] = [
  { at: '2026-03-14T12:05:00.000Z', operator: null, action: 'undo', hand: 4, reason: null },
  { at: '2026-03-14T12:05:20.000Z', operator: null, action: 'reason', hand: 4, reason: 'clerk error', reasonFor: 1 },
  { at: '2026-03-14T12:12:00.000Z', operator: 'Wei', action: 'correct', hand: 7, reason: null },
  { at: '2026-03-14T12:13:00.000Z', operator: 'Ana', action: 'reason', hand: 7, reason: 'shoe jammed', reasonFor: 3 },
  { at: '2026-03-14T12:40:00.000Z', operator: 'Wei', action: 'reopen', hand: null, reason: null },
];
const SHOE: ShoeRecord = { ...base, id: 'answered', source: 'recorded', seed: null, hands: base.hands.slice(0, 20), audit };

describe('an audit trail with reasons given later and nobody signed in', () => {
  let databaseName = '';

  beforeEach(async () => {
    databaseName = `audit-trail-view-${crypto.randomUUID()}`;
    const store = await openStorage({ name: databaseName });
    await store.importShoes([SHOE]);
  });

  afterEach(async () => {
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  it('shows each action once in History: "not signed in", the reason given later with when and by whom, or "reason not given"', async () => {
    const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
    await el.refresh();
    const root = el.shadowRoot!;
    const button = root.querySelector<HTMLButtonElement>('tr[data-shoe-id="answered"] [data-action="trail"]')!;
    // Three actions: the reasons are part of them.
    expect(button.textContent.trim()).to.equal('Trail (3)');
    button.click();
    await el.updateComplete;
    const rows = () =>
      [...root.querySelectorAll('tr[data-trail-of="answered"] table.audit tbody tr')].map((row) =>
        [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent.trim()),
      );
    expect(rows()).to.deep.equal([
      ['not signed in', 'Undo', '4', `Clerk's error (given later, ${trailTime(audit[1]!.at)})`],
      ['Wei', 'Correction', '7', `shoe jammed (given later, ${trailTime(audit[3]!.at)}, by Ana)`],
      ['Wei', 'Shoe reopened', '—', 'reason not given'],
    ]);
    await inAppLocale('zh-Hans', el, () => {
      expect(rows()).to.deep.equal([
        ['未登录', '撤销', '4', `记录员失误（事后补充，${trailTime(audit[1]!.at)}）`],
        ['Wei', '更正', '7', `shoe jammed（事后补充，${trailTime(audit[3]!.at)}，由 Ana）`],
        ['Wei', '重开本靴', '—', '未说明原因'],
      ]);
    });
    await expect(el).to.be.accessible();
  });

  it('marks each action in the replay with the reason given later, not the answer as a mark of its own', async () => {
    const el = await fixture<BaccReplay>(html`<bacc-replay style="height: 720px" .shoe=${SHOE}></bacc-replay>`);
    const lines = () => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('.trail li')];
    await until(() => lines().length === 3, 'the trail');
    const texts = lines().map((line) =>
      line.textContent
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\d\d:\d\d:\d\d /, ''),
    );
    expect(texts).to.deep.equal([
      `after hand 4: hand 4 undone, not signed in — Clerk's error (given later, ${trailTime(audit[1]!.at)})`,
      `after hand 7: hand 7 corrected by Wei — shoe jammed (given later, ${trailTime(audit[3]!.at)}, by Ana)`,
      'after hand 20: Shoe reopened by Wei — reason not given',
    ]);
    el.goTo(7);
    await el.updateComplete;
    expect(lines().map((line) => line.className)).to.deep.equal(['past', 'here', 'ahead']);
  });
});
