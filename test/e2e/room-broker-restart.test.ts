import { describe, expect, inject, it } from 'vitest';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import {
  consoleState,
  displayView,
  openConsole,
  openDisplay,
  randomOutcomes,
  roomLine,
  startShoe,
  typeHands,
  waitForDisplayOutcomes,
  waitForRoomLine,
  useMachines,
  ACROSS_THE_ROOM,
} from './room-helpers.js';
import { untilValue } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLE = 'Table 1';
const broker = useBroker({ tables: [TABLE], screens: ['screen'] });

const machines = useMachines();

describe('the broker stopped mid-shoe and started again', () => {
  it('loses and repeats no hand: the console records on, says not sent, and every display ends with all 20 hands; a display rebooted meanwhile shows its kept copy', async () => {
    const outcomes = randomOutcomes(20);
    const tableConsole = await openConsole(chromium(), baseUrl, broker(), TABLE);
    machines.push(tableConsole);
    const display = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(display);
    const rebooted = await openDisplay(chromium(), baseUrl, broker(), TABLE);
    machines.push(rebooted);

    await startShoe(tableConsole.page);
    await typeHands(tableConsole.page, outcomes.slice(0, 10));
    await waitForDisplayOutcomes(display.page, outcomes.slice(0, 10));
    await waitForDisplayOutcomes(rebooted.page, outcomes.slice(0, 10));
    // The copy kept on the display machine is written (IndexedDB) before the broker goes.
    await rebooted.page.evaluate(() =>
      document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-table-display')!.room!.keptCopiesSettled(),
    );

    await broker().stop();
    await waitForRoomLine(tableConsole.page, /^Not sent to screens: the broker cannot be reached/);
    for (const machine of [display, rebooted]) {
      await untilValue(
        () => displayView(machine.page),
        (view) => /broker cannot be reached/.test(view.status),
        'the display saying the broker cannot be reached',
        ACROSS_THE_ROOM,
      );
    }

    // Recording goes on, written on the console's machine, and the line keeps saying it is not sent.
    await typeHands(tableConsole.page, outcomes.slice(10, 20));
    expect((await consoleState(tableConsole.page)).outcomes).toBe(outcomes);
    expect(await roomLine(tableConsole.page)).toMatch(/^Not sent to screens/);
    // The displays still show the first 10 hands, and say why.
    expect((await displayView(display.page)).outcomes).toBe(outcomes.slice(0, 10));

    // A display machine rebooted with the broker down shows the last state it kept.
    await rebooted.page.reload();
    await waitForDisplayOutcomes(rebooted.page, outcomes.slice(0, 10));
    const kept = await untilValue(
      () => displayView(rebooted.page),
      (view) => /broker cannot be reached/.test(view.status),
      'the rebooted display saying the broker cannot be reached',
      ACROSS_THE_ROOM,
    );
    expect(kept.status).toMatch(/showing the last state received at \d\d:\d\d/);

    await broker().restart();
    await waitForRoomLine(tableConsole.page, /^Sent to screens\.$/, 30_000);
    for (const machine of [display, rebooted]) {
      await waitForDisplayOutcomes(machine.page, outcomes, 30_000);
      const view = await displayView(machine.page);
      // All 20, in order, none twice.
      expect(view.handCount).toBe(20);
      expect([...view.outcomes]).toEqual([...outcomes]);
      await untilValue(
        () => displayView(machine.page),
        (shown) => shown.status === '',
        'the display with no trouble to say',
        ACROSS_THE_ROOM,
      );
    }

    // And they follow hand by hand again afterwards.
    await typeHands(tableConsole.page, 'BP');
    for (const machine of [display, rebooted]) await waitForDisplayOutcomes(machine.page, `${outcomes}BP`);
    expect(await roomLine(tableConsole.page)).toBe('Sent to screens.');
    expect((await displayView(display.page)).note).toBe('');
  });
});
