import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../../../components/app/lobby/bacc-lobby.js';
import type { BaccLobby } from '../../../../components/app/lobby/bacc-lobby.js';
import type { LobbyLink, OpenLobbyLink } from '../../../../components/app/lobby/lobby-tables.js';
import { tableDisplayHref, tableRecordHref } from '../../../../components/app/lobby/lobby-tables.js';
import { readKioskSettings } from '../../../../components/app/kiosk/kiosk-settings.js';
import type { BrokerSettings, RoomLinkOptions } from '../../../../components/app/shared/room/room-link.js';
import { everyTableTopic, presenceMessage, tableStateMessage, tableTopics } from '../../../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../../src/shoes/document.js';
import { useLocale } from '../../../../components/app/shared/localization.js';
import { delay, until } from '../../../support/wait.js';

/**
 * The lobby's own logic against a small link of the test's (no broker): what it subscribes to, and
 * the tiles it shows for the messages delivered. The real broker end to end is test/e2e's.
 */

const BROKER: BrokerSettings = { url: 'ws://127.0.0.1:1', username: 'lobby', password: 'secret-lobby-password' };

/** A link that records what the lobby subscribes to and delivers what the test sends, as the broker would. */
class FakeLink implements LobbyLink {
  readonly topics: string[] = [];
  /** The topics whose retained message the lobby asked for, in order. */
  readonly reads: string[] = [];
  closed = false;
  constructor(readonly options: RoomLinkOptions) {}
  subscribe(topics: readonly string[]): void {
    this.topics.push(...topics);
  }
  readRetained(topic: string): Promise<void> {
    this.reads.push(topic);
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
  /** Delivers `message` on `topic`, as text with its size in bytes. */
  deliver(topic: string, message: unknown, retained = false): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.options.onMessage(topic, text, new TextEncoder().encode(text).byteLength, retained);
  }
  state(state: 'connecting' | 'connected' | 'offline' | 'refused'): void {
    this.options.onState(state);
  }
}

let shoeSerial = 0;

/** A recorded shoe of `table`, in play, with its first `hands` hands (dealt from a seed, so possible). */
function shoeOf(table: string, hands: number, number = 1, seed = `lobby-${table}-${shoeSerial++}`): ShoeRecord {
  const dealt = simulateShoeRecords({ shoes: 1, seed, table })[0]!;
  return { ...dealt, number, endedAt: null, hands: dealt.hands.slice(0, hands) };
}

function counts(shoe: ShoeRecord): { B: number; P: number; T: number } {
  const result = { B: 0, P: 0, T: 0 };
  for (const hand of shoe.hands) result[hand.outcome]++;
  return result;
}

let revision = 1000;

function sendState(link: FakeLink, table: string, shoe: ShoeRecord | null, limits = ''): void {
  link.deliver(tableTopics(table).state, tableStateMessage(table, limits, shoe, ++revision));
}

async function mountLobby(
  search = '?mode=lobby',
  style = 'position: fixed; inset: 0;',
): Promise<{ lobby: BaccLobby; link: () => FakeLink; warnings: string[]; restore: () => void }> {
  let link: FakeLink | null = null;
  const open: OpenLobbyLink = (settings, options) => {
    expect(settings).to.equal(BROKER);
    link = new FakeLink(options);
    return Promise.resolve(link);
  };
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  const holder = await fixture<HTMLDivElement>(
    html`<div style=${style}><bacc-lobby .broker=${BROKER} .openLink=${open} .search=${search}></bacc-lobby></div>`,
  );
  const lobby = holder.querySelector('bacc-lobby')!;
  await until(() => link !== null, 'the link to open');
  link!.state('connected');
  return { lobby, link: () => link!, warnings, restore: () => (console.warn = warn) };
}

const tiles = (lobby: BaccLobby): HTMLAnchorElement[] => [...lobby.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a.tile')];
const tileOf = (lobby: BaccLobby, table: string): HTMLAnchorElement => tiles(lobby).find((tile) => tile.dataset['table'] === table)!;
const countOf = (tile: Element, side: 'B' | 'P' | 'T'): number =>
  Number(tile.querySelector(`[data-count="${side}"] [aria-hidden]`)!.textContent.trim().split(/\s+/).pop());

async function settled(lobby: BaccLobby): Promise<void> {
  await lobby.updateComplete;
  await Promise.all([...lobby.shadowRoot!.querySelectorAll('bacc-big-road')].map((road) => road.updateComplete));
  await delay(30);
}

describe('<bacc-lobby>', () => {
  let restore = (): void => undefined;
  afterEach(async () => {
    restore();
    fixtureCleanup();
    await setViewport({ width: 800, height: 600 });
  });

  it("follows every table's changes and presence, reads every table's state once, and says when no table has published yet", async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    expect(mounted.link().topics).to.have.members([everyTableTopic('change'), everyTableTopic('presence')]);
    expect(mounted.link().reads).to.deep.equal([everyTableTopic('state')]);
    await settled(lobby);
    expect(tiles(lobby)).to.have.length(0);
    expect(lobby.shadowRoot!.querySelector('[part="message"]')!.textContent).to.contain('No table has published yet.');
  });

  it("adds a hand a table's console publishes as a change, and reads that table's state again on a gap", async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    const shoe = shoeOf('T5', 12);
    link.deliver(tableTopics('T5').state, tableStateMessage('T5', '', { ...shoe, hands: shoe.hands.slice(0, 10) }, 100));
    const change = (revision: number, after: number, count: number) => ({
      format: 'bacc-table-change',
      version: 1,
      revision,
      after,
      shoeId: shoe.id,
      change: 'add',
      handCount: count,
      hand: shoe.hands[count - 1],
    });
    link.deliver(tableTopics('T5').change, change(101, 100, 11));
    await settled(lobby);
    expect(lobby.tables[0]!.shoe!.hands).to.have.length(11);
    expect(link.reads).to.deep.equal([everyTableTopic('state')]);
    // Revision 102 was missed: hand 12 cannot be added on 11 without it, so the table's state is read.
    link.deliver(tableTopics('T5').change, change(103, 102, 12));
    await settled(lobby);
    expect(lobby.tables[0]!.shoe!.hands).to.have.length(11);
    expect(link.reads).to.deep.equal([everyTableTopic('state'), tableTopics('T5').state]);
    link.deliver(tableTopics('T5').state, tableStateMessage('T5', '', shoe, 103));
    await settled(lobby);
    expect(lobby.tables[0]!.shoe!.hands).to.have.length(12);
  });

  it('shows a tile per table, sorted by name, with its shoe, hand count and banker, player and tie counts', async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    const shoes = {
      'Table 10': shoeOf('Table 10', 30, 2),
      'Table 2': shoeOf('Table 2', 12, 1, 'lobby-table-2'),
      Baccarat: shoeOf('Baccarat', 45, 3),
    };
    for (const [table, shoe] of Object.entries(shoes)) sendState(link, table, shoe, '10 – 1,000');
    await settled(lobby);
    expect(tiles(lobby).map((tile) => tile.dataset['table'])).to.deep.equal(['Baccarat', 'Table 2', 'Table 10']);
    for (const [table, shoe] of Object.entries(shoes)) {
      const tile = tileOf(lobby, table);
      const expected = counts(shoe);
      expect(countOf(tile, 'B'), `${table} banker`).to.equal(expected.B);
      expect(countOf(tile, 'P'), `${table} player`).to.equal(expected.P);
      expect(countOf(tile, 'T'), `${table} ties`).to.equal(expected.T);
      const shoeLine = tile.querySelector<HTMLElement>('.shoe')!;
      expect(shoeLine.dataset['hands']).to.equal(String(shoe.hands.length));
      expect(shoeLine.textContent).to.contain(`Shoe ${shoe.number} · ${shoe.hands.length} hands`);
      expect(tile.querySelector('.limits')!.textContent).to.contain('10 – 1,000');
      expect(tile.dataset['status']).to.equal('open');
      const road = tile.querySelector('bacc-big-road')!;
      expect(road.hands).to.have.length(shoe.hands.length);
      expect(road.rows).to.equal(6);
    }
    // The next state of a table (a hand more, then the shoe ended) replaces its tile's figures.
    const longer = shoeOf('Table 2', 13, 1, 'lobby-table-2');
    sendState(link, 'Table 2', { ...longer, endedAt: new Date().toISOString() });
    await settled(lobby);
    expect(tileOf(lobby, 'Table 2').querySelector<HTMLElement>('.shoe')!.dataset['hands']).to.equal('13');
    expect(tileOf(lobby, 'Table 2').dataset['status']).to.equal('ended');
    // A table whose console has no shoe yet.
    sendState(link, 'Annex', null);
    await settled(lobby);
    expect(tileOf(lobby, 'Annex').dataset['status']).to.equal('no-shoe');
    expect(tileOf(lobby, 'Annex').textContent).to.contain('No shoe yet');
    expect(mounted.warnings).to.deep.equal([]);
  });

  it("says a console is offline since the time its presence gives, in the page's clock", async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    sendState(link, 'T1', shoeOf('T1', 5));
    link.deliver(tableTopics('T1').presence, presenceMessage(true, new Date()));
    await settled(lobby);
    expect(tileOf(lobby, 'T1').hasAttribute('data-offline')).to.equal(false);
    expect(tileOf(lobby, 'T1').textContent).not.to.contain('offline');
    const left = new Date(2026, 11, 1, 14, 2, 0);
    link.deliver(tableTopics('T1').presence, presenceMessage(false, left));
    await settled(lobby);
    const tile = tileOf(lobby, 'T1');
    expect(tile.hasAttribute('data-offline')).to.equal(true);
    expect(tile.querySelector('.offline')!.textContent).to.equal('Console offline since 14:02');
    // A presence alone (the console's last will, retained, before any state) makes a tile too.
    link.deliver(tableTopics('T9').presence, presenceMessage(false, null));
    await settled(lobby);
    expect(tileOf(lobby, 'T9').querySelector('.offline')!.textContent).to.match(/^Console offline since \d\d:\d\d$/);
    expect(tileOf(lobby, 'T9').dataset['status']).to.equal('no-shoe');
  });

  it('refuses a forged impossible state, counts and logs it once, and leaves the tile as it was', async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    const shoe = shoeOf('T3', 20);
    sendState(link, 'T3', shoe);
    await settled(lobby);
    const before = tileOf(lobby, 'T3').textContent;
    // Hand 5 says another side won than its cards give.
    const hands = shoe.hands.map((hand, index) =>
      index === 4 ? { ...hand, outcome: hand.outcome === 'B' ? ('P' as const) : ('B' as const) } : hand,
    );
    sendState(link, 'T3', { ...shoe, hands });
    await settled(lobby);
    expect(tileOf(lobby, 'T3').textContent).to.equal(before);
    expect(tileOf(lobby, 'T3').querySelector<HTMLElement>('.shoe')!.dataset['hands']).to.equal('20');
    const operator = lobby.shadowRoot!.querySelector('[part="operator"]')!;
    expect(operator.textContent).to.contain('1 message refused (see the log)');
    expect(mounted.warnings).to.have.length(1);
    expect(mounted.warnings[0]).to.match(/^bacc: refused a message on bacc\/v1\/tables\/T3\/state: impossible shoe: /);
    // Not JSON, on a table never seen: counted, and no tile is made for it.
    link.deliver(tableTopics('Ghost').state, '{not json');
    await settled(lobby);
    expect(tileOf(lobby, 'Ghost')).to.equal(undefined);
    expect(operator.textContent).to.contain('2 messages refused (see the log)');
    expect(mounted.warnings).to.have.length(2);
    expect(mounted.warnings.join('\n')).not.to.contain(BROKER.password);
  });

  it('says when the broker cannot be reached or refuses the credential', async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const operator = (): string => lobby.shadowRoot!.querySelector('[part="operator"]')!.textContent;
    mounted.link().state('offline');
    await settled(lobby);
    expect(operator()).to.contain('The broker cannot be reached');
    mounted.link().state('refused');
    await settled(lobby);
    expect(operator()).to.contain("The broker refused this screen's credential");
    expect(operator()).not.to.contain(BROKER.password);
  });

  it('closes its link when it leaves the page or the broker is taken away, and opens none without a broker', async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const first = mounted.link();
    sendState(first, 'T1', shoeOf('T1', 2));
    await settled(lobby);
    expect(tiles(lobby)).to.have.length(1);
    lobby.broker = null;
    await settled(lobby);
    expect(first.closed).to.equal(true);
    expect(tiles(lobby)).to.have.length(0);
    expect(lobby.shadowRoot!.querySelector('[part="message"]')!.textContent).to.contain('No broker is set for this screen');
    // Messages of the closed link change nothing.
    sendState(first, 'T2', shoeOf('T2', 2));
    await settled(lobby);
    expect(tiles(lobby)).to.have.length(0);
    lobby.broker = BROKER;
    await until(() => mounted.link() !== first, 'a new link');
    const second = mounted.link();
    expect(second.topics).to.have.length(2);
    lobby.remove();
    expect(second.closed).to.equal(true);
  });

  it('pages 30 tables, 24 to a page, turning by itself with "Page 1 of 2"', async () => {
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    const names = Array.from({ length: 30 }, (_, index) => `T${index + 1}`);
    for (const name of names) sendState(link, name, shoeOf(name, 3));
    await settled(lobby);
    expect(tiles(lobby).map((tile) => tile.dataset['table'])).to.deep.equal(names.slice(0, 24));
    const page = (): string => lobby.shadowRoot!.querySelector('.page')!.textContent.trim();
    expect(page()).to.equal('Page 1 of 2');
    lobby.pageSeconds = 0.2;
    await until(() => tiles(lobby).length === 6, 'the second page');
    expect(tiles(lobby).map((tile) => tile.dataset['table'])).to.deep.equal(names.slice(24));
    expect(page()).to.equal('Page 2 of 2');
    await until(() => tiles(lobby).length === 24, 'the first page again');
  });

  it("links each tile to its table's display, keeping the page's settings but never a credential", async () => {
    const search = '?mode=lobby&broker=wss%3A%2F%2Froom.local%3A8443&lang=zh&user=lobby&password=hunter2&rows=8&table=Old';
    const mounted = await mountLobby(search);
    restore = mounted.restore;
    const { lobby } = mounted;
    sendState(mounted.link(), 'Salon Privé 1', shoeOf('Salon Privé 1', 4));
    await settled(lobby);
    const href = tileOf(lobby, 'Salon Privé 1').getAttribute('href')!;
    const params = new URLSearchParams(href.slice(1));
    expect(href.startsWith('?mode=display&table=')).to.equal(true);
    expect(params.getAll('mode')).to.deep.equal(['display']);
    expect(params.getAll('table')).to.deep.equal(['Salon Privé 1']);
    expect(params.get('broker')).to.equal('wss://room.local:8443');
    expect(params.get('lang')).to.equal('zh');
    expect(params.get('rows')).to.equal('8');
    expect(params.has('user')).to.equal(false);
    expect(params.has('password')).to.equal(false);
    expect(href).not.to.contain('hunter2');
    expect(tableDisplayHref('A&B', '')).to.equal('?mode=display&table=A%26B');
  });

  it("links each tile to the table's recent shoes in the room's record, the name encoded, never a credential", async () => {
    const search = '?mode=lobby&broker=wss%3A%2F%2Froom.local%3A8443&lang=zh&theme=light&user=lobby&password=hunter2&rows=8';
    const mounted = await mountLobby(search);
    restore = mounted.restore;
    const { lobby } = mounted;
    const hostile = '<img src=x onerror="window.hostileLobby=1"> & =cmd|calc';
    sendState(mounted.link(), hostile, shoeOf(hostile, 4));
    sendState(mounted.link(), 'Salon', shoeOf('Salon', 2));
    await settled(lobby);
    const recordLink = (table: string): HTMLAnchorElement =>
      [...lobby.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part="record-link"]')].find((link) => link.dataset['table'] === table)!;
    const link = recordLink(hostile);
    expect(link.textContent.trim()).to.equal('Recent shoes');
    expect(link.getAttribute('aria-label')).to.equal(`Recent shoes of ${hostile} in the room’s record`);
    // A link of its own, beside the tile's (a link holds no other), and no markup made of the name.
    expect(link.closest('a.tile')).to.equal(null);
    expect(lobby.shadowRoot!.querySelector('img')).to.equal(null);
    expect((window as { hostileLobby?: number }).hostileLobby).to.equal(undefined);
    const href = link.getAttribute('href')!;
    expect(href.startsWith('?mode=history&source=record&table=')).to.equal(true);
    expect(href).not.to.match(/[<>" ]/);
    const params = new URLSearchParams(href.slice(1));
    expect([...params.keys()]).to.deep.equal(['mode', 'source', 'table', 'lang', 'theme']);
    expect(params.get('table')).to.equal(hostile);
    expect(href).not.to.contain('hunter2');
    // The kiosk reads it back as History of the record for that very table.
    const { settings, problems } = readKioskSettings(href);
    expect(problems).to.deep.equal([]);
    expect(settings).to.include({ mode: 'history', source: 'record', table: hostile, locale: 'zh-Hans', theme: 'light' });
    expect(tableRecordHref('A&B', '')).to.equal('?mode=history&source=record&table=A%26B');
    expect(recordLink('Salon').getAttribute('href')).to.equal('?mode=history&source=record&table=Salon&lang=zh&theme=light');
  });

  it('fits 24 tiles on a 1920 × 1080 screen without scrolling, each legible and whole', async () => {
    await setViewport({ width: 1920, height: 1080 });
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    for (let index = 1; index <= 24; index++) {
      const name = `Table ${index}`;
      sendState(link, name, shoeOf(name, 60, index), '25 – 5,000');
    }
    link.deliver(tableTopics('Table 7').presence, presenceMessage(false, new Date()));
    await settled(lobby);
    expect(tiles(lobby)).to.have.length(24);
    expect(document.scrollingElement!.scrollHeight).to.be.at.most(1080);
    expect(document.scrollingElement!.scrollWidth).to.be.at.most(1920);
    const boxes = tiles(lobby).map((tile) => tile.getBoundingClientRect());
    const tops = new Set(boxes.map((box) => Math.round(box.top)));
    const lefts = new Set(boxes.map((box) => Math.round(box.left)));
    expect(tops.size, 'rows of tiles').to.equal(4);
    expect(lefts.size, 'columns of tiles').to.equal(6);
    for (const [index, tile] of tiles(lobby).entries()) {
      const box = boxes[index]!;
      expect(box.top).to.be.at.least(0);
      expect(box.left).to.be.at.least(0);
      expect(box.bottom).to.be.at.most(1080);
      expect(box.right).to.be.at.most(1920);
      expect(box.width).to.be.at.least(280);
      expect(box.height).to.be.at.least(200);
      // Everything in the tile is inside it: name, status, shoe line, road, counts.
      for (const part of tile.querySelectorAll('.name, .status, .shoe, .limits, .offline, bacc-big-road, .counts > span')) {
        const inner = part.getBoundingClientRect();
        expect(inner.height, `${part.className} of ${tile.dataset['table']}`).to.be.greaterThan(0);
        expect(inner.top).to.be.at.least(box.top - 0.5);
        expect(inner.bottom).to.be.at.most(box.bottom + 0.5);
        expect(inner.left).to.be.at.least(box.left - 0.5);
        expect(inner.right).to.be.at.most(box.right + 0.5);
      }
      // Legible across a room: the name and the counts in large type, the road's cells not tiny.
      expect(parseFloat(getComputedStyle(tile.querySelector('.name')!).fontSize)).to.be.at.least(26);
      expect(parseFloat(getComputedStyle(tile.querySelector('.counts')!).fontSize)).to.be.at.least(22);
      const road = tile.querySelector('bacc-big-road')!;
      const grid = road.shadowRoot!.querySelector('[part="grid"]')!.getBoundingClientRect();
      // A tile whose console is offline gives a line to saying so, and its road a little less.
      const least = tile.hasAttribute('data-offline') ? 12 : 14;
      expect(grid.height / 6, `road cell of ${tile.dataset['table']}`).to.be.at.least(least);
      expect(grid.bottom).to.be.at.most(box.bottom + 0.5);
      expect(grid.right).to.be.at.most(box.right + 0.5);
    }
    // Each tile's link to the record hides over none of its figures, and shows inside the tile when it has the focus.
    for (const tile of tiles(lobby)) {
      const box = tile.getBoundingClientRect();
      const record = tile.parentElement!.querySelector<HTMLAnchorElement>('a[part="record-link"]')!;
      expect(record.getBoundingClientRect().width, `the record link of ${tile.dataset['table']} at rest`).to.be.at.most(1);
      record.focus();
      const link = record.getBoundingClientRect();
      expect(link.width).to.be.greaterThan(40);
      expect(link.top).to.be.at.least(box.top);
      expect(link.bottom).to.be.at.most(box.bottom);
      expect(link.left).to.be.at.least(box.left);
      expect(link.right).to.be.at.most(box.right);
      record.blur();
    }
    const offline = tileOf(lobby, 'Table 7').querySelector('.offline')!.getBoundingClientRect();
    expect(offline.bottom).to.be.at.most(tileOf(lobby, 'Table 7').getBoundingClientRect().bottom);
  });
});

describe('<bacc-lobby> in Simplified Chinese', () => {
  let restore = (): void => undefined;
  afterEach(async () => {
    restore();
    fixtureCleanup();
    await useLocale('en');
  });

  it("says every sentence in Chinese, with no English word left but the tables' names", async () => {
    await useLocale('zh-Hans');
    const mounted = await mountLobby();
    restore = mounted.restore;
    const { lobby } = mounted;
    const link = mounted.link();
    sendState(link, 'T1', shoeOf('T1', 12, 2), '10 – 1,000');
    sendState(link, 'T2', { ...shoeOf('T2', 1), endedAt: new Date().toISOString() });
    sendState(link, 'T3', null);
    link.deliver(tableTopics('T1').presence, presenceMessage(false, new Date(2026, 11, 1, 14, 2, 0)));
    link.deliver(tableTopics('T2').state, '{not json');
    await settled(lobby);
    const t1 = tileOf(lobby, 'T1');
    expect(t1.querySelector('.status')!.textContent).to.equal('进行中');
    expect(t1.querySelector('.shoe')!.textContent).to.equal('第 2 靴 · 12 局');
    expect(t1.querySelector('.limits')!.textContent).to.equal('限红 10 – 1,000');
    expect(t1.querySelector('.offline')!.textContent).to.equal('操作台自 14:02 起离线');
    expect(t1.querySelector('.counts [aria-hidden]')!.textContent).to.match(/^庄 \d+$/);
    expect(tileOf(lobby, 'T2').querySelector('.status')!.textContent).to.equal('已结束');
    expect(tileOf(lobby, 'T2').querySelector('.shoe')!.textContent).to.equal('第 1 靴 · 1 局');
    expect(tileOf(lobby, 'T3').querySelector('.status')!.textContent).to.equal('尚无牌靴');
    const recordLink = tileOf(lobby, 'T1').parentElement!.querySelector('a[part="record-link"]')!;
    expect(recordLink.textContent.trim()).to.equal('最新牌靴');
    expect(recordLink.getAttribute('aria-label')).to.equal('T1 在牌厅记录中的最新牌靴');
    const operator = lobby.shadowRoot!.querySelector('[part="operator"]')!.textContent.trim();
    expect(operator).to.equal('已拒绝 1 条消息（详见日志）');
    const shown = [...tiles(lobby)].map(
      (tile) => tile.querySelector('.title .status')!.textContent + tile.querySelector('.meta')!.textContent,
    );
    expect(shown.join(' ')).not.to.match(/[A-Za-z]{2,}/);
    mounted.link().state('offline');
    await settled(lobby);
    expect(lobby.shadowRoot!.querySelector('[part="operator"]')!.textContent).to.contain('无法连接消息代理');
  });
});
