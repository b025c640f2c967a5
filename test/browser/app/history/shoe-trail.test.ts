import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/history/bacc-history.js';
import '../../../../components/app/history/bacc-replay.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccReplay } from '../../../../components/app/history/bacc-replay.js';
import { closeStorage, openStorage } from '../../../../components/app/shared/data/storage.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import type { AuditEntry, ShoeEvent, ShoeRecord } from '../../../../src/shoes/document.js';
import { inAppLocale } from '../../locale-switch.js';
import { shoeAt } from './history-fixtures.js';
import { until } from '../../../support/wait.js';

const base = shoeAt('trail', 'Table 5', '2026-03-14T12:00:00.000Z');
const events: ShoeEvent[] = [
  { kind: 'burn', at: '2026-03-14T12:00:01.000Z', afterHand: 0, card: '3H', burned: ['4C', '5C', '6C'] },
  { kind: 'cancelled', at: '2026-03-14T12:10:00.000Z', afterHand: 12, card: 'QS', by: 'device' },
  { kind: 'void-hand', at: '2026-03-14T12:11:00.000Z', afterHand: 12, cards: ['2D', '2S', '7H'] },
  { kind: 'dummy-hand', at: '2026-03-14T12:20:00.000Z', afterHand: 14, cards: ['AH', 'AD', 'AS', 'AC'] },
  { kind: 'cut', at: '2026-03-14T12:30:00.000Z', afterHand: 14 },
];
const audit: AuditEntry[] = [
  { at: '2026-03-14T12:12:00.000Z', operator: 'Wei', action: 'correct', hand: 7, reason: 'misread card' },
  { at: '2026-03-14T12:40:00.000Z', operator: 'Ana', action: 'reopen', hand: null, reason: 'ended by mistake' },
];
const SHOE: ShoeRecord = { ...base, id: 'trail', source: 'recorded', seed: null, hands: base.hands.slice(0, 20), events, audit };
const PLAIN: ShoeRecord = shoeAt('plain', 'Table 5', '2026-03-13T12:00:00.000Z');

describe('a shoe’s trail in History and in the replay', () => {
  let databaseName = '';

  beforeEach(async () => {
    databaseName = `shoe-trail-history-${crypto.randomUUID()}`;
    const store = await openStorage({ name: databaseName });
    await store.importShoes([SHOE, PLAIN]);
  });

  afterEach(async () => {
    await closeStorage();
    await ScoreboardStore.deleteDatabase(databaseName);
  });

  it('opens a shoe’s audit entries and events under its row, in English and Chinese; a shoe without any has no Trail button', async () => {
    const el = await fixture<BaccHistory>(html`<bacc-history page-size="5"></bacc-history>`);
    await el.refresh();
    const root = el.shadowRoot!;
    expect(root.querySelector('tr[data-shoe-id="plain"] [data-action="trail"]')).to.equal(null);
    const button = root.querySelector<HTMLButtonElement>('tr[data-shoe-id="trail"] [data-action="trail"]')!;
    expect(button.textContent.trim()).to.equal('Trail (7)');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    const trail = root.querySelector<HTMLElement>('tr[data-trail-of="trail"]')!;
    const auditRows = [...trail.querySelectorAll('table.audit tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent.trim()),
    );
    expect(auditRows).to.deep.equal([
      ['Wei', 'Correction', '7', 'misread card'],
      ['Ana', 'Shoe reopened', '—', 'ended by mistake'],
    ]);
    const eventRows = [...trail.querySelectorAll('table.events tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent.trim()),
    );
    expect(eventRows).to.deep.equal([
      ['before the first hand', 'Burn: 3H face up, 3 cards burned (4C 5C 6C)'],
      ['after hand 12', 'Card QS cancelled by the card shoe'],
      ['after hand 12', 'Hand void (2D 2S 7H)'],
      ['after hand 14', 'Dummy hand (AH AD AS AC)'],
      ['after hand 14', 'Cut card out: one more hand'],
    ]);
    await inAppLocale('zh-Hans', el, () => {
      const zh = root.querySelector<HTMLElement>('tr[data-trail-of="trail"]')!.textContent;
      expect(zh).to.contain('操作记录');
      expect(zh).to.contain('发牌过程');
      expect(zh).to.contain('第 12 局之后');
      expect(zh).to.contain('读牌靴取消了 QS');
      expect(zh).to.contain('重开本靴');
      expect(zh).to.not.match(/Burn|Correction|after hand|Dummy/);
    });
    button.click();
    await el.updateComplete;
    expect(root.querySelector('tr[data-trail-of="trail"]')).to.equal(null);
  });

  it('marks in the replay where each correction and event happened, the ones at the hand shown in bold', async () => {
    const el = await fixture<BaccReplay>(html`<bacc-replay style="height: 720px" .shoe=${SHOE}></bacc-replay>`);
    const lines = () => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('.trail li')];
    await until(() => lines().length === 7, 'the trail');
    const texts = lines().map((line) =>
      line.textContent
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\d\d:\d\d:\d\d /, ''),
    );
    expect(texts).to.deep.equal([
      'before the first hand: Burn: 3H face up, 3 cards burned (4C 5C 6C)',
      'after hand 12: Card QS cancelled by the card shoe',
      'after hand 12: Hand void (2D 2S 7H)',
      'after hand 12: hand 7 corrected by Wei — misread card',
      'after hand 14: Dummy hand (AH AD AS AC)',
      'after hand 14: Cut card out: one more hand',
      'after hand 14: Shoe reopened by Ana — ended by mistake',
    ]);
    el.goTo(12);
    await el.updateComplete;
    expect(lines().map((line) => line.className)).to.deep.equal(['past', 'here', 'here', 'here', 'ahead', 'ahead', 'ahead']);
    expect(lines()[3]!.dataset.source).to.equal('audit');
  });

  it('shows no trail in the replay of a shoe without one', async () => {
    const el = await fixture<BaccReplay>(html`<bacc-replay style="height: 720px" .shoe=${PLAIN}></bacc-replay>`);
    expect(el.shadowRoot!.querySelector('.trail')).to.equal(null);
  });
});
