import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { KeptShoeController } from '../../../../../components/app/shared/data/kept-shoe.js';
import { ScoreboardStore } from '../../../../../components/app/shared/data/scoreboard-store.js';
import { makeRules } from '../../../../../src/game/rules.js';
import { handsFromOutcomes } from '../../../../../src/roads/roads.js';
import type { AuditEntry, ShoeEvent, ShoeRecord } from '../../../../../src/shoes/records.js';

let store: ScoreboardStore | null = null;

class TrailHost extends LitElement {
  readonly kept = new KeptShoeController(this, { table: () => 'Trail table', origin: 'console', store: () => store });
}
customElements.define('test-trail-host', TrailHost);

const burn: ShoeEvent = { kind: 'burn', at: '2026-12-01T10:00:01.000Z', afterHand: 0, card: '2H', burned: ['4C', '5C'] };
const cut: ShoeEvent = { kind: 'cut', at: '2026-12-01T10:30:00.000Z', afterHand: 1 };
const undone: AuditEntry = { at: '2026-12-01T10:20:00.000Z', operator: 'Wei', action: 'undo', hand: 2, reason: 'wrong key' };

describe('KeptShoeController: events and audit entries', () => {
  const name = `kept-shoe-trail-${crypto.randomUUID()}`;
  beforeEach(async () => {
    store = await ScoreboardStore.open({ name });
  });
  afterEach(async () => {
    store?.close();
    store = null;
    await ScoreboardStore.deleteDatabase(name);
  });

  it('records them with the shoe, in order with its hands, and its shoe carries them', async () => {
    const el = await fixture<TrailHost>(html`<test-trail-host></test-trail-host>`);
    await el.kept.whenReady();
    const shoe: ShoeRecord = {
      id: 'kept-trail',
      table: 'Trail table',
      source: 'recorded',
      seed: null,
      startedAt: '2026-12-01T10:00:00.000Z',
      endedAt: null,
      rules: makeRules(),
      hands: [],
    };
    expect(await el.kept.startShoe(shoe)).to.equal(true);
    expect(await el.kept.recordEvent(burn)).to.equal(true);
    const [banker, player] = handsFromOutcomes('BP');
    await el.kept.addHand(banker!);
    await el.kept.addHand(player!);
    await el.kept.undo();
    expect(await el.kept.recordAudit(undone)).to.equal(true);
    expect(await el.kept.recordEvent(cut)).to.equal(true);
    expect(el.kept.shoe?.events).to.deep.equal([burn, cut]);
    expect(el.kept.shoe?.audit).to.deep.equal([undone]);
    const stored = await store!.getShoe('kept-trail');
    expect(stored?.events).to.deep.equal([burn, cut]);
    expect(stored?.audit).to.deep.equal([undone]);
    expect(stored?.hands).to.have.length(1);
  });
});
