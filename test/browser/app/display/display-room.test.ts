import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { RoomDisplayController, clockTime, type RoomDisplayLink } from '../../../../components/app/display/room-display.js';
import type { BrokerSettings, LinkState, RoomLinkOptions } from '../../../../components/app/shared/room/room-link.js';
import { ScoreboardStore } from '../../../../components/app/shared/data/scoreboard-store.js';
import { presenceMessage, tableStateMessage, tableTopics, type TableChangeMessage } from '../../../../src/room/messages.js';
import { simulateShoeRecords, type HandRecord, type ShoeRecord } from '../../../../src/shoes/document.js';
import { delay, until } from '../../../support/wait.js';

/**
 * The display's handling of what the broker sends, with the link opened by a small stand-in that
 * records subscriptions and lets the test deliver messages (the broker itself is tested end to end
 * in test/e2e/room-*.test.ts). The store is Chromium's real IndexedDB.
 */

const TABLE = 'T7';
const topics = tableTopics(TABLE);
const BROKER: BrokerSettings = { url: 'ws://127.0.0.1:1', username: 'screen', password: 'secret' };
const NOW = new Date('2026-12-01T12:00:00Z');

/** A recorded shoe of TABLE: the first `hands` hands of a seeded simulated shoe. */
function recordedShoe(hands: number, seed = 'room-display'): ShoeRecord {
  const [simulated] = simulateShoeRecords({ shoes: 1, seed, table: TABLE, now: () => NOW });
  return {
    ...simulated!,
    id: `shoe-${seed}`,
    source: 'recorded',
    seed: null,
    number: 3,
    endedAt: null,
    hands: simulated!.hands.slice(0, hands),
  };
}

const FULL = recordedShoe(40);
const shoeWith = (hands: number): ShoeRecord => ({ ...FULL, hands: FULL.hands.slice(0, hands) });

function addChange(revision: number, after: number, hand: HandRecord, handCount: number, shoeId = FULL.id): TableChangeMessage {
  return { format: 'bacc-table-change', version: 1, revision, after, shoeId, change: 'add', handCount, hand };
}

/** Stands in for RoomLink: records what the display asks, and delivers what the test says the broker sends. */
class TestLink implements RoomDisplayLink {
  subscribed: string[] = [];
  reads: string[] = [];
  closed = false;
  /** What the broker keeps retained, by topic. */
  retained = new Map<string, object>();

  constructor(readonly options: RoomLinkOptions) {}

  subscribe(list: readonly string[]): void {
    this.subscribed.push(...list);
  }

  async readRetained(topic: string, keep: boolean): Promise<void> {
    expect(keep).to.equal(false);
    this.reads.push(topic);
    await Promise.resolve();
    const message = this.retained.get(topic);
    if (message) this.deliver(topic, message);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  setState(state: LinkState): void {
    this.options.onState(state);
    if (state === 'connected') this.options.onConnect?.();
  }

  deliver(topic: string, message: object | string, retained = false): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.options.onMessage(topic, text, new TextEncoder().encode(text).byteLength, retained);
  }
}

let counter = 0;
let store: ScoreboardStore;
let databaseName: string;
let link: TestLink | null;
let opened: BrokerSettings[];
let clock: Date;

class RoomTestHost extends LitElement {
  controller!: RoomDisplayController;

  follow(): void {
    this.controller = new RoomDisplayController(this, {
      table: () => TABLE,
      broker: () => BROKER,
      store: () => store,
      now: () => clock,
      resyncRetryDelay: 20,
      openLink: (settings, options) => {
        opened.push(settings);
        link = new TestLink(options);
        return Promise.resolve(link);
      },
    });
  }
}
customElements.define('room-test-host', RoomTestHost);

/** A host following TABLE, its link opened (not yet connected unless `connect`). */
async function mount(connect = true): Promise<{ host: RoomTestHost; display: RoomDisplayController; link: TestLink }> {
  const host = document.createElement('room-test-host') as RoomTestHost;
  host.follow();
  await fixture(html`<div></div>`).then((parent) => parent.append(host));
  await until(() => link !== null && host.controller.loaded, 'the link and the kept copy');
  if (connect) link!.setState('connected');
  await delay(0);
  return { host, display: host.controller, link: link! };
}

/** Captures console.warn while `body` runs. */
async function warnings(body: () => Promise<void> | void): Promise<string[]> {
  const warn = console.warn;
  const seen: string[] = [];
  console.warn = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    await body();
  } finally {
    console.warn = warn;
  }
  return seen;
}

beforeEach(async () => {
  databaseName = `display-room-${Date.now()}-${++counter}`;
  store = await ScoreboardStore.open({ name: databaseName });
  link = null;
  opened = [];
  clock = new Date('2026-12-01T14:02:00Z');
});

afterEach(async () => {
  document.querySelectorAll('room-test-host').forEach((host) => host.remove());
  store.close();
  await ScoreboardStore.deleteDatabase(databaseName);
});

describe('RoomDisplayController (messages delivered by a stand-in link)', () => {
  it("opens a link with the screen's credential, takes change and presence, and reads the state once on connecting", async () => {
    const { display, link } = await mount(false);
    expect(opened).to.deep.equal([BROKER]);
    expect(link.subscribed).to.have.members([topics.change, topics.presence]);
    expect(link.reads).to.deep.equal([]);
    expect(display.linkState).to.equal('connecting');
    link.retained.set(topics.state, tableStateMessage(TABLE, '10–500', shoeWith(12), 100, clock));
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    expect(link.reads).to.deep.equal([topics.state]);
    expect(display.linkState).to.equal('connected');
    expect(display.shoe!.hands).to.deep.equal(FULL.hands.slice(0, 12));
    expect(display.limits).to.equal('10–500');
    expect(display.refusedCount).to.equal(0);
  });

  it('adds a hand after the same hand objects, ignores a repeated one, and reads the state again on a gap', async () => {
    const { display, link } = await mount(false);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(10), 100, clock));
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    const before = display.shoe!.hands;
    link.deliver(topics.change, addChange(101, 100, FULL.hands[10]!, 11));
    expect(display.shoe!.hands).to.have.length(11);
    display.shoe!.hands.slice(0, 10).forEach((hand, index) => expect(hand).to.equal(before[index]));
    link.deliver(topics.change, addChange(101, 100, FULL.hands[10]!, 11));
    expect(display.shoe!.hands).to.have.length(11);
    expect(link.reads).to.have.length(1);
    // Hand 13 without hand 12: a gap, so the whole state is read again.
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(13), 103, clock));
    link.deliver(topics.change, addChange(103, 102, FULL.hands[12]!, 13));
    await until(() => display.shoe!.hands.length === 13, 'the state read again');
    expect(link.reads).to.have.length(2);
    // The hands already shown stay the same objects (the roads add the new ones).
    display.shoe!.hands.slice(0, 10).forEach((hand, index) => expect(hand).to.equal(before[index]));
  });

  it('reads the state again, a little later, when the one read is older than the change that asked', async () => {
    const { display, link } = await mount(false);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(5), 100, clock));
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    // The console has published hand 7's change but not yet its state.
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(6), 101, clock));
    link.deliver(topics.change, addChange(102, 101, FULL.hands[6]!, 7));
    await until(() => link.reads.length >= 2, 'a read');
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(7), 102, clock));
    await until(() => display.shoe!.hands.length === 7, 'the newer state');
  });

  it('keeps every change shown on this machine as a received shoe', async () => {
    const { display, link } = await mount(false);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(3), 100, clock));
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    link.deliver(topics.change, addChange(101, 100, FULL.hands[3]!, 4));
    link.deliver(topics.change, addChange(102, 101, FULL.hands[4]!, 5));
    await display.keptCopiesSettled();
    expect(await store.getShoe(FULL.id)).to.deep.equal(shoeWith(5));
    expect((await store.getSummary(FULL.id))?.origin).to.equal('received');
    expect(display.keptCopyTrouble).to.equal(null);
  });

  it('shows the copy kept on this machine before the broker answers (a reboot without network)', async () => {
    await store.keepReceivedShoe(shoeWith(8));
    const { display, link } = await mount(false);
    expect(display.shoe!.hands).to.deep.equal(FULL.hands.slice(0, 8));
    expect(display.receivedAt).to.be.instanceOf(Date);
    link.setState('offline');
    expect(display.linkState).to.equal('offline');
    expect(display.shoe!.hands).to.have.length(8);
    // The broker back: its state replaces the copy, keeping the hand objects shown.
    const shown = display.shoe!.hands;
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(9), 100, clock));
    link.setState('connected');
    await until(() => display.shoe!.hands.length === 9, 'the state');
    shown.forEach((hand, index) => expect(display.shoe!.hands[index]).to.equal(hand));
  });

  it("on a one-machine setup shows the console's own shoe at start and never writes over it", async () => {
    await store.createShoe(shoeWith(4), 'console');
    const { display, link } = await mount(false);
    expect(display.shoe!.hands).to.have.length(4);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(6), 100, clock));
    link.setState('connected');
    await until(() => display.shoe!.hands.length === 6, 'the state');
    await display.keptCopiesSettled();
    expect((await store.getSummary(FULL.id))?.origin).to.equal('console');
    expect((await store.getSummary(FULL.id))?.handCount).to.equal(4);
  });

  it('refuses a malformed, impossible or foreign message: logged once, counted, nothing shown or stored changes', async () => {
    const { display, link } = await mount(false);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(6), 100, clock));
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    await display.keptCopiesSettled();
    const shown = display.shoe;
    // Hand 7 stating totals its cards do not give.
    const impossible = { ...FULL.hands[6]!, playerTotal: 9, bankerTotal: 9, outcome: 'B' as const };
    const forged = tableStateMessage(TABLE, '', { ...shoeWith(6), hands: [...shoeWith(5).hands, impossible] }, 200, clock);
    const logged = await warnings(() => {
      link.deliver(topics.change, 'not json');
      link.deliver(topics.change, addChange(101, 100, impossible, 7));
      link.deliver(topics.state, forged);
      link.deliver(topics.state, { ...tableStateMessage('T8', '', null, 300, clock) });
    });
    expect(display.refusedCount).to.equal(4);
    expect(logged).to.have.length(4);
    expect(logged[0]).to.equal(`bacc: refused a message on ${topics.change}: not JSON`);
    logged.forEach((line) => expect(line).to.match(/^bacc: refused a message on bacc\/v1\/tables\/T7\/(change|state): /));
    logged.forEach((line) => expect(line).not.to.contain(BROKER.password));
    expect(display.shoe).to.equal(shown);
    await display.keptCopiesSettled();
    expect((await store.getSummary(FULL.id))?.handCount).to.equal(6);
  });

  it("follows the console's presence: a retained last will without a time, then a live one at the screen's clock", async () => {
    const { display, link } = await mount();
    expect(display.presence).to.equal(null);
    link.deliver(topics.presence, presenceMessage(false, null), true);
    expect(display.presence).to.deep.equal({ online: false, since: null });
    link.deliver(topics.presence, presenceMessage(true, new Date('2026-12-01T14:00:00Z')));
    expect(display.presence).to.deep.equal({ online: true, since: '2026-12-01T14:00:00.000Z' });
    clock = new Date('2026-12-01T14:05:00Z');
    link.deliver(topics.presence, presenceMessage(false, null));
    expect(display.presence).to.deep.equal({ online: false, since: '2026-12-01T14:05:00.000Z' });
  });

  it('says when the received shoe cannot be kept, and goes on showing what it receives', async () => {
    const { display, link } = await mount(false);
    link.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(2), 100, clock));
    store.close();
    link.setState('connected');
    await until(() => display.shoe !== null, 'the state');
    await display.keptCopiesSettled();
    expect(display.keptCopyTrouble).to.match(/^Could not save hand 2/);
    link.deliver(topics.change, addChange(101, 100, FULL.hands[2]!, 3));
    expect(display.shoe!.hands).to.have.length(3);
    store = await ScoreboardStore.open({ name: databaseName });
  });

  it('starts the same when made on a host already connected (an element defined after its properties were set)', async () => {
    await store.keepReceivedShoe(shoeWith(8));
    const host = document.createElement('room-test-host') as RoomTestHost;
    document.body.append(host);
    await host.updateComplete;
    host.follow();
    await until(() => link !== null && host.controller.loaded, 'the link and the kept copy');
    expect(host.controller.shoe!.hands).to.have.length(8);
    link!.retained.set(topics.state, tableStateMessage(TABLE, '', shoeWith(9), 100, clock));
    link!.setState('connected');
    await until(() => host.controller.shoe!.hands.length === 9, 'the state');
    await host.controller.keptCopiesSettled();
    expect((await store.getSummary(FULL.id))?.handCount).to.equal(9);
  });

  it('lets the link go when the host leaves', async () => {
    const { host, link } = await mount();
    host.remove();
    expect(link.closed).to.equal(true);
  });
});

describe('clockTime', () => {
  it("writes hours and minutes as the page's language does", () => {
    const date = new Date(2026, 11, 1, 14, 2);
    expect(clockTime(date, 'en')).to.equal('14:02');
    expect(clockTime(date, 'zh-Hans')).to.equal('14:02');
    expect(clockTime(new Date(2026, 11, 1, 9, 5), 'en')).to.equal('09:05');
  });
});
