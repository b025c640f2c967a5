import { expect } from '@open-wc/testing';
import { fixture, html } from '@open-wc/testing';
import '../../../../components/app/operator/bacc-operator.js';
import '../../../../components/app/history/bacc-history.js';
import type { BaccHistory } from '../../../../components/app/history/bacc-history.js';
import type { BaccOperator } from '../../../../components/app/operator/bacc-operator.js';
import { RoomLink } from '../../../../components/app/shared/room/room-link.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { tableTopics } from '../../../../src/room/messages.js';
import { recordedTopic, tableRecordedMessage, MAX_RECORDED_MESSAGE_BYTES } from '../../../../src/room/recorded.js';
import type { ShoeRecord } from '../../../../src/shoes/document.js';
import { mountConsole, textOf } from './operator-helpers.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { delay, until } from '../../../support/wait.js';
import { StandInBroker, StandInLink } from './stand-in-broker.js';

/**
 * The console's line of the room's recorder (room contract 1.2's `recorded`), on a stand-in broker:
 * what it says as the recorder acknowledges the table's states, what it refuses, and the mark it
 * keeps in this browser's store for History.
 */

const TABLE = 'Recorded table';
const topics = tableTopics(TABLE);
const BROKER = { url: 'ws://127.0.0.1:1/', username: TABLE, password: 'p' };

type State = { revision: number; session: string; document: { shoes: ShoeRecord[] } };

describe('<bacc-operator> and the room’s recorder (stand-in broker)', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  let broker: StandInBroker;
  const open = RoomLink.open;
  let warnings: string[] = [];
  const warn = console.warn;
  beforeEach(async () => {
    storage = await freshStorage();
    broker = new StandInBroker();
    RoomLink.open = (_settings, options) => Promise.resolve(new StandInLink(broker, options) as unknown as RoomLink);
    warnings = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  });
  afterEach(async () => {
    RoomLink.open = open;
    console.warn = warn;
    await useLocale('en');
    await storage.teardown();
  });

  const state = () => broker.retainedJson<State>(topics.state);
  const central = (el: BaccOperator) => textOf(el, '.central');
  const storedMark = async () => (await storage.store.getSummary(state()!.document.shoes[0]!.id))?.recordedCentrally;

  /** The recorder's acknowledgement of the table's retained state as it stands (or with `fields` changed). */
  function acknowledge(fields: Partial<Parameters<typeof tableRecordedMessage>[0]> = {}): void {
    const { revision, session, document } = state()!;
    const shoe = document.shoes[0]!;
    const message = tableRecordedMessage({
      table: TABLE,
      shoeId: shoe.id,
      session,
      revision,
      handCount: shoe.hands.length,
      recorder: 'recorder-1',
      ...fields,
    });
    broker.publish(recordedTopic(TABLE), JSON.stringify(message), true);
  }

  /** A console holding the table with a recorded shoe of `outcomes`, every change on the broker. */
  async function recording(outcomes: string): Promise<BaccOperator> {
    const el = await mountConsole(TABLE, { broker: BROKER });
    await until(() => broker.retainedJson<{ online: boolean }>(topics.presence)?.online === true, 'the console to claim the table');
    await el.consoleController.confirm('new-shoe');
    for (const outcome of outcomes) await el.consoleController.recordOutcome(outcome as 'B' | 'P' | 'T');
    await until(() => state()?.document.shoes[0]?.hands.length === outcomes.length, 'the hands on the broker');
    return el;
  }

  it('says nothing before any acknowledgement, then how far the recorder has recorded, hand by hand', async () => {
    const el = await recording('BPB');
    await delay(100);
    expect(central(el)).to.equal('');
    acknowledge();
    const threeHands = state()!.revision;
    await until(() => central(el) === 'Recorded centrally up to hand 3.', 'the line to say the shoe is recorded');
    await until(async () => (await storedMark())?.handCount === 3, 'the mark in the store');
    await el.consoleController.recordOutcome('P');
    await el.consoleController.recordOutcome('T');
    await until(() => central(el) === '2 hands not yet recorded centrally.', 'the two hands after the acknowledgement');
    expect((await storedMark()) ?? null).to.equal(null);
    await until(() => state()?.document.shoes[0]?.hands.length === 5, 'the hands on the broker');
    acknowledge();
    await until(() => central(el) === 'Recorded centrally up to hand 5.', 'the line to follow the acknowledgement');
    await until(async () => (await storedMark())?.handCount === 5, 'the mark in the store');
    // An older acknowledgement arriving late (a second recorder's) changes nothing.
    acknowledge({ revision: threeHands, handCount: 3 });
    await delay(100);
    expect(central(el)).to.equal('Recorded centrally up to hand 5.');
    expect((await storedMark())?.handCount).to.equal(5);
  });

  it('has History, open beside it, mark the shoe recorded as the acknowledgement comes, and not after the next hand', async () => {
    const el = await recording('BPB');
    const history = await fixture<BaccHistory>(html`<bacc-history></bacc-history>`);
    await history.refresh();
    const mark = () =>
      history.shadowRoot!.querySelector(`tr[data-shoe-id="${state()!.document.shoes[0]!.id}"] td.central-mark`)?.textContent.trim();
    expect(mark()).to.equal('not yet');
    acknowledge();
    await until(() => mark() === 'yes', 'History to show the shoe recorded centrally');
    await el.consoleController.recordOutcome('P');
    await until(() => mark() === 'not yet', 'History to show the shoe not recorded since its fourth hand');
  });

  it('after a correction, says the latest change is not yet recorded until the recorder acknowledges it', async () => {
    const el = await recording('BPB');
    acknowledge();
    await until(() => central(el) === 'Recorded centrally up to hand 3.', 'the shoe recorded');
    const before = state()!.revision;
    el.consoleController.beginCorrection(2);
    await el.consoleController.recordOutcome('T');
    await until(() => central(el) === 'The latest change is not yet recorded centrally.', 'the correction not yet recorded');
    await until(() => state()!.revision > before && state()!.document.shoes[0]!.hands[1]!.outcome === 'T', 'the correction on the broker');
    expect((await storedMark()) ?? null).to.equal(null);
    // The acknowledgement of the shoe as it was before the correction does not cover it.
    acknowledge({ revision: before });
    await delay(100);
    expect(central(el)).to.equal('The latest change is not yet recorded centrally.');
    acknowledge();
    await until(() => central(el) === 'Recorded centrally up to hand 3.', 'the correction recorded');
    await until(async () => (await storedMark())?.handCount === 3, 'the corrected shoe marked');
  });

  it('refuses a forged, oversized or wrong-table acknowledgement, logs it, and changes nothing', async () => {
    const el = await recording('BPBB');
    acknowledge({ handCount: 3, revision: state()!.revision - 1 });
    await until(() => central(el) === '1 hand not yet recorded centrally.', 'an acknowledgement of three hands');
    const { revision, session } = state()!;
    const ours = (fields: object) =>
      JSON.stringify({
        ...tableRecordedMessage({ table: TABLE, shoeId: state()!.document.shoes[0]!.id, session, revision, handCount: 4, recorder: 'r' }),
        ...fields,
      });
    const forgeries = [
      ours({ revision: revision + 10 }), // a revision this console never published
      ours({ handCount: 2 }), // not the hands this console published at that revision
      ours({ shoeId: 'another-shoe' }),
      ours({ table: 'Another table' }),
      ours({ handCount: 500 }),
      ours({ recorder: 'x'.repeat(MAX_RECORDED_MESSAGE_BYTES) }),
      ours({ format: 'bacc-table-state' }),
      '{ not json',
    ];
    for (const forgery of forgeries) broker.publish(recordedTopic(TABLE), forgery, true);
    await until(() => warnings.length === forgeries.length, 'each forgery refused and logged');
    for (const warning of warnings) expect(warning).to.match(/^bacc: refused a message on bacc\/v1\/tables\/Recorded%20table\/recorded: /);
    expect(central(el)).to.equal('1 hand not yet recorded centrally.');
    expect((await storedMark()) ?? null).to.equal(null);
    // Nor did the console take any of them for a forgery of its own topics: its state stands as it was.
    expect(state()!.revision).to.equal(revision);
  });

  it('counts the hands of an acknowledgement of another session (an earlier page) and of an earlier shoe, and says it in Chinese', async () => {
    const el = await recording('BP');
    const shoe = state()!.document.shoes[0]!;
    acknowledge({ session: 'ffffffff-000001', revision: 900, handCount: 1 });
    await until(() => central(el) === '1 hand not yet recorded centrally.', 'one hand beyond the other session’s acknowledgement');
    acknowledge({ session: 'ffffffff-000001', revision: 901, handCount: 2 });
    // As many hands, but this console cannot tell they are its own: not said to be recorded.
    await until(
      () => central(el) === 'The latest change is not yet recorded centrally.',
      'the other session’s acknowledgement of both hands',
    );
    acknowledge({ shoeId: 'an-earlier-shoe', session: 'ffffffff-000001', revision: 902, handCount: 60 });
    await until(() => central(el) === '2 hands not yet recorded centrally.', 'an earlier shoe recorded');
    expect(shoe.id).not.to.equal('an-earlier-shoe');
    await useLocale('zh-Hans');
    await until(() => central(el) === '2 局尚未存入记录服务器。', 'the line in Chinese');
    acknowledge();
    await until(() => central(el) === '记录服务器已记录至第 2 局。', 'recorded, in Chinese');
  });
});
