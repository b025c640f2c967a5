import { expect, fixture, html } from '@open-wc/testing';
import '../../../../components/app/display/bacc-table-display.js';
import type { BaccTableDisplay } from '../../../../components/app/display/bacc-table-display.js';
import { clockTime } from '../../../../components/app/display/room-display.js';
import { simulateShoeRecords } from '../../../../src/shoes/document.js';
import { freshStorage } from '../../../support/browser/storage.js';
import { until } from '../../../support/wait.js';

/**
 * The wall display with a broker set that cannot be reached (nothing listens on its port), through
 * the real RoomLink and MQTT.js: it shows the copy this machine kept and says the broker is gone.
 */

const TABLE = 'T7';
const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'unreachable', table: TABLE });
const kept = { ...dealt!, source: 'recorded' as const, seed: null, endedAt: null, number: 2, hands: dealt!.hands.slice(0, 9) };
// A port nothing listens on (the discard port): the connection is refused at once.
const BROKER = { url: 'ws://127.0.0.1:9/', username: 'screen', password: 'not-in-any-log' };

const messageOf = (display: BaccTableDisplay, part: string): string =>
  display.shadowRoot!.querySelector(`[part="${part}"]`)?.textContent?.trim() ?? '';

describe('<bacc-table-display> with a broker that cannot be reached', () => {
  let storage: Awaited<ReturnType<typeof freshStorage>>;

  beforeEach(async () => {
    storage = await freshStorage();
  });

  afterEach(() => storage.teardown());

  it('shows the shoe kept on this machine and says when it was received', async () => {
    await storage.store.keepReceivedShoe(kept);
    const receivedAt = new Date((await storage.store.getSummary(kept.id))!.updatedAt);
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE} .broker=${BROKER}></bacc-table-display>`);
    await until(() => display.shoe !== null, 'the kept copy');
    expect(display.shoe!.hands).to.deep.equal(kept.hands);
    await until(() => display.room?.linkState === 'offline', 'the link to give up', 10_000);
    await display.updateComplete;
    expect(messageOf(display, 'status')).to.equal(
      `The broker cannot be reached: showing the last state received at ${clockTime(receivedAt, document.documentElement.lang)}.`,
    );
    expect(messageOf(display, 'message')).to.equal('');
    expect(display.shadowRoot!.textContent).not.to.contain(BROKER.password);
  });

  for (const [width, height] of [
    [540, 960],
    [960, 540],
  ]) {
    it(`says so on a strip of its own above the board, covering no road or figure, at ${width}×${height}`, async () => {
      await storage.store.keepReceivedShoe(kept);
      const display = await fixture<BaccTableDisplay>(
        html`<div style="width: ${width}px; height: ${height}px">
          <bacc-table-display table=${TABLE} .broker=${BROKER}></bacc-table-display>
        </div>`,
      ).then((frame) => frame.querySelector('bacc-table-display')!);
      await until(() => display.shoe !== null && display.room?.linkState === 'offline', 'the kept copy and the link to give up', 10_000);
      await display.updateComplete;
      const status = display.shadowRoot!.querySelector('[part="status"]')!.getBoundingClientRect();
      const board = display.shadowRoot!.querySelector('bacc-scoreboard')!.getBoundingClientRect();
      expect(status.height).to.be.greaterThan(0);
      // The board starts below the status and still fills the display's height with it.
      expect(board.top).to.be.at.least(status.bottom);
      expect(board.bottom).to.be.closeTo(display.getBoundingClientRect().bottom, 1);
    });
  }

  it('with nothing kept, says the broker cannot be reached and nothing was received', async () => {
    const display = await fixture<BaccTableDisplay>(html`<bacc-table-display table=${TABLE} .broker=${BROKER}></bacc-table-display>`);
    await until(() => display.room?.linkState === 'offline', 'the link to give up', 10_000);
    await display.updateComplete;
    expect(display.shoe).to.equal(null);
    expect(messageOf(display, 'message')).to.equal('The broker cannot be reached: nothing was received yet.');
  });
});
