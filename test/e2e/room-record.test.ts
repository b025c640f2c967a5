/**
 * The room's record end to end (#25): three consoles on machines of their own record shoes as
 * clerks do (undo with a reason, a correction, an undo left unanswered, the end of a shoe and a new
 * one) while `bacc recorder` (the command as it ships, a SQLite ledger) is killed and started again,
 * the broker is killed and started again, and a console page is closed abruptly and opened again.
 * Then the ledger holds each console's shoes as they stand and every state they went through, each
 * console says its last hand is recorded centrally, and `bacc recorder export` of each table is the
 * very file History exports on that console's machine.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './browser.js';
import { useBroker } from './mosquitto.js';
import { buildBacc, end, killStarted, root, type Run } from './processes.js';
import {
  ACROSS_THE_ROOM,
  consoleLogin,
  openConsole,
  roomAddress,
  screenLogin,
  startShoe,
  typeHands,
  useMachines,
  waitForRoomLine,
  type Machine,
} from './room-helpers.js';
import { connectAsync, type MqttClient } from 'mqtt';
import { until, untilValue } from '../support/wait.js';
import { everyTableTopic, tableTopics, type TableStateMessage } from '../../src/room/messages.js';
import type { ShoeRecord } from '../../src/shoes/records.js';
import { openLedgerDatabase } from '../../server/src/record/database.js';
import { Ledger, shoeFields } from '../../server/src/record/ledger.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
const TABLES = ['Table 1', 'Table 2', 'Table 3'] as const;
const broker = useBroker({ tables: [...TABLES], screens: ['screen'] });
const machines = useMachines();

/** What each console holds at the end (its shoes' outcomes, oldest first), as the clerks below record it. */
const SHOES_KEPT: Record<string, string[]> = { 'Table 1': ['BPTPPB', 'BP'], 'Table 2': ['BPTP'], 'Table 3': ['BBPTTPB'] };

let scratch: string;
let observer: MqttClient | undefined;
let bacc: (...args: string[]) => Run;
beforeAll(async () => {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(root, '.tmp', 'room-record-'));
  bacc = await buildBacc(join(scratch, 'bacc'));
});
afterAll(async () => {
  await observer?.endAsync(true);
  killStarted();
  rmSync(scratch, { recursive: true, force: true });
});

/** The console element's own line saying how far the room's recorder has its shoe. */
function centralLine(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      document
        .querySelector('bacc-kiosk')
        ?.shadowRoot?.querySelector('bacc-operator')
        ?.shadowRoot?.querySelector('.central')
        ?.textContent?.trim() ?? '',
  );
}

async function waitForCentralLine(page: Page, expected: string, timeout = ACROSS_THE_ROOM): Promise<void> {
  await untilValue(
    () => centralLine(page),
    (line) => line === expected,
    `the console saying "${expected}"`,
    timeout,
  );
}

/** The shoe the console keeps, as plain data. */
function consoleShoe(page: Page): Promise<ShoeRecord | null> {
  return page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    const shoe = operator.consoleController.shoe;
    return shoe ? (JSON.parse(JSON.stringify(shoe)) as ShoeRecord) : null;
  });
}

/** Waits until the console has written everything (nothing unsaved) and `ready` holds of it. */
async function settled(page: Page, what: string, ready: (view: ConsoleView) => boolean): Promise<void> {
  await untilValue(
    () => consoleView(page),
    (view) => view.unsaved === 0 && ready(view),
    what,
    ACROSS_THE_ROOM,
  );
}

interface ConsoleView {
  outcomes: string;
  unsaved: number;
  shoeOpen: boolean;
  audit: string[];
  asking: boolean;
  correcting: number | null;
  confirming: string | null;
  focus: string | null;
}

function consoleView(page: Page): Promise<ConsoleView> {
  return page.evaluate(() => {
    const operator = document.querySelector('bacc-kiosk')!.shadowRoot!.querySelector('bacc-operator')!;
    const controller = operator.consoleController;
    const focused = operator.shadowRoot!.activeElement;
    return {
      outcomes: controller.hands.map((hand) => hand.outcome).join(''),
      unsaved: controller.unsaved,
      shoeOpen: controller.shoeOpen,
      audit: (controller.shoe?.audit ?? []).map((entry) => entry.action),
      asking: controller.reasonWanted !== null,
      correcting: controller.correcting,
      confirming: controller.confirming,
      focus: focused ? `${focused.tagName.toLowerCase()}.${focused.className}` : null,
    };
  });
}

/** One state of a table's shoe as its console kept it, and whether the broker was there to take it. */
interface Snapshot {
  shoe: ShoeRecord;
  brokerUp: boolean;
}

/** A console machine, what it keeps, and the recorder's line it shows. */
class Clerk {
  readonly snapshots: Snapshot[] = [];
  brokerUp = true;
  constructor(
    readonly table: string,
    public machine: Machine,
  ) {}
  get page(): Page {
    return this.machine.page;
  }
  /** Keeps the console's shoe as it stands now (after an action it has written). */
  async snap(): Promise<void> {
    const shoe = await consoleShoe(this.page);
    if (shoe) this.snapshots.push({ shoe, brokerUp: this.brokerUp });
  }
  async start(): Promise<void> {
    await startShoe(this.page);
    await this.snap();
  }
  async hands(outcomes: string): Promise<void> {
    for (const outcome of outcomes) {
      await typeHands(this.page, outcome);
      await this.snap();
    }
  }
  /** U: the last hand undone, kept in the audit trail; the console asks why. */
  async undo(): Promise<void> {
    const before = await consoleView(this.page);
    await this.page.keyboard.press('u');
    await settled(
      this.page,
      'the undo kept and its reason asked',
      (view) => view.outcomes === before.outcomes.slice(0, -1) && view.audit.length === before.audit.length + 1 && view.asking,
    );
    await this.snap();
  }
  /** A digit answers the question why: a reason entry of its own. */
  async reason(digit: string): Promise<void> {
    const before = await consoleView(this.page);
    await this.page.keyboard.press(digit);
    await settled(this.page, 'the reason kept', (view) => view.audit.length === before.audit.length + 1 && !view.asking);
    await this.snap();
  }
  /** Escape leaves the question unanswered. */
  async noReason(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await settled(this.page, 'the question left', (view) => !view.asking);
  }
  /** H, the hand's number, Enter, then its outcome: the hand re-entered in its place. */
  async correct(hand: number, outcome: 'B' | 'P' | 'T'): Promise<void> {
    const before = await consoleView(this.page);
    await this.page.keyboard.press('h');
    await settled(this.page, 'the hand number field', (view) => view.focus?.startsWith('input.hand-number') === true);
    await this.page.keyboard.type(String(hand), { delay: 90 });
    await this.page.keyboard.press('Enter');
    await settled(this.page, 'the correction begun', (view) => view.correcting === hand - 1);
    await this.page.keyboard.press(outcome.toLowerCase());
    const expected = `${before.outcomes.slice(0, hand - 1)}${outcome}${before.outcomes.slice(hand)}`;
    await settled(
      this.page,
      'the correction kept',
      (view) => view.correcting === null && view.outcomes === expected && view.audit.length === before.audit.length + 1,
    );
    await this.snap();
  }
  /** E, then Y: the shoe ended. */
  async endShoe(): Promise<void> {
    await this.page.keyboard.press('e');
    await settled(this.page, 'the question to end the shoe', (view) => view.confirming === 'end-shoe');
    await this.page.keyboard.press('y');
    await settled(this.page, 'the shoe ended', (view) => !view.shoeOpen && view.confirming === null);
    await this.snap();
  }
}

describe('the room’s record, end to end (#25)', () => {
  it('keeps every console’s shoes, hand by hand with every superseded hand and audit entry, through a recorder killed, a broker killed and a console closed; its export is the consoles’ own', async () => {
    const ledgerFile = join(scratch, 'ledger.sqlite');
    const recorderLogin = broker().credentials.recorder;
    const recorderArgs = [
      'recorder',
      '--broker',
      broker().mqttUrl,
      '--user',
      recorderLogin.username,
      '--password',
      recorderLogin.password,
      '--db',
      ledgerFile,
      '--name',
      'pit-recorder',
    ];
    const recorders: Run[] = [];
    const startRecorder = async (said: RegExp): Promise<Run> => {
      const recorder = bacc(...recorderArgs);
      recorders.push(recorder);
      await until(
        () => said.test(recorder.stdout()) || recorder.child.exitCode !== null,
        `the recorder connecting (${String(said)})`,
        ACROSS_THE_ROOM,
      );
      expect(recorder.stdout(), recorder.stderr()).toMatch(said);
      return recorder;
    };

    // A screen of the room hearing every state the consoles send, as the recorder hears them.
    const observed = new Map<string, ShoeRecord[]>();
    observer = await connectAsync(broker().mqttUrl, {
      protocolVersion: 5,
      clientId: `room-record-observer-${process.pid}`,
      reconnectPeriod: 500,
      connectTimeout: 5_000,
      ...screenLogin(broker()),
    });
    // The highest revision heard of each console session: a state heard again (a retained one the
    // broker killed had saved before its latest) is nothing new, as it is to the recorder.
    const heard = new Map<string, number>();
    observer.on('message', (topic, payload) => {
      const table = TABLES.find((name) => tableTopics(name).state === topic);
      if (table === undefined || payload.length === 0) return;
      const state = JSON.parse(payload.toString()) as TableStateMessage;
      const session = `${table} ${state.session ?? ''}`;
      if (state.revision <= (heard.get(session) ?? -1)) return;
      heard.set(session, state.revision);
      const shoe = state.document.shoes[0];
      if (shoe) observed.set(table, [...(observed.get(table) ?? []), shoe]);
    });
    await observer.subscribeAsync(everyTableTopic('state'), { qos: 1 });

    let recorder = await startRecorder(/connected to mqtt:\/\/127\.0\.0\.1:\d+ as recorder; ledger /);

    const clerks: Clerk[] = [];
    for (const table of TABLES) {
      const machine = await openConsole(chromium(), baseUrl, broker(), table);
      machines.push(machine);
      clerks.push(new Clerk(table, machine));
    }
    const [first, second, third] = clerks as [Clerk, Clerk, Clerk];
    for (const clerk of clerks) await clerk.start();

    // Hands, an undo with its reason, a correction: the recorder follows each console.
    await first.hands('BPB');
    await second.hands('PPT');
    await third.hands('BBP');
    await first.undo();
    await first.reason('2');
    await first.hands('T');
    await second.correct(1, 'B');
    for (const clerk of clerks) await waitForCentralLine(clerk.page, 'Recorded centrally up to hand 3.');

    // The recorder killed mid-shoe, a hand maybe on its way to it: the consoles record on, and say what is not yet recorded.
    await first.hands('P');
    recorder.child.kill('SIGKILL');
    await recorder.exited;
    await first.hands('P');
    await untilValue(
      () => centralLine(first.page),
      (line) => /^[12] hands? not yet recorded centrally\.$/.test(line),
      'the console saying its last hands are not yet recorded',
      ACROSS_THE_ROOM,
    );
    await second.hands('T');
    await second.undo();
    await second.noReason();
    await third.hands('TT');

    // One console's page closed abruptly mid-shoe, its last hands maybe not yet at the broker.
    const closedContext = third.machine.context;
    await third.page.close();

    // Started again under the same name: the broker kept what came meanwhile.
    recorder = await startRecorder(/connected to .* \(its session kept what came meanwhile\)/);
    await waitForCentralLine(first.page, 'Recorded centrally up to hand 5.');
    await waitForCentralLine(second.page, 'Recorded centrally up to hand 3.');

    // The closed console opened again on its machine: it goes on with the shoe it keeps.
    const reopened = await closedContext.newPage();
    const logs: string[] = [];
    reopened.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
    await reopened.goto(roomAddress(baseUrl, 'operator', broker(), consoleLogin(broker(), third.table), third.table));
    await waitForRoomLine(reopened, /^Sent to screens\.$/);
    third.machine = { context: closedContext, page: reopened, logs };
    await settled(reopened, 'the reopened console with its shoe', (view) => view.outcomes === 'BBPTT' && view.shoeOpen);
    await waitForCentralLine(third.page, 'Recorded centrally up to hand 5.');

    // The broker killed: the consoles record on, and send their whole shoe when it is back.
    process.kill(broker().pid!, 'SIGKILL');
    for (const clerk of clerks) {
      clerk.brokerUp = false;
      await waitForRoomLine(clerk.page, /^Not sent to screens: the broker cannot be reached/);
    }
    await first.hands('B');
    await third.hands('P');
    await broker().restart();
    for (const clerk of clerks) {
      await waitForRoomLine(clerk.page, /^Sent to screens\.$/, 30_000);
      clerk.brokerUp = true;
    }
    await waitForCentralLine(first.page, 'Recorded centrally up to hand 6.', 30_000);

    // The end of a shoe and a new one; more hands at the other tables.
    await first.endShoe();
    await first.start();
    await first.hands('BP');
    await second.hands('P');
    await third.hands('B');
    await waitForCentralLine(first.page, 'Recorded centrally up to hand 2.');
    await waitForCentralLine(second.page, 'Recorded centrally up to hand 4.');
    await waitForCentralLine(third.page, 'Recorded centrally up to hand 7.');

    expect(await end(recorder)).toBe(0);
    await observer.endAsync();
    // The password is on the command line only: nothing the recorder said holds it.
    for (const run of recorders) {
      expect(run.stdout()).not.toContain(recorderLogin.password);
      expect(run.stderr()).not.toContain(recorderLogin.password);
    }

    const database = await openLedgerDatabase(ledgerFile);
    try {
      const ledger = new Ledger(database, 'test-reader');
      // The console closed abruptly went offline (its last will), then came back in the session of its new page.
      const presence = await database.db.selectFrom('presence').selectAll().where('table_name', '=', third.table).orderBy('id').execute();
      const sessions = [...new Set(presence.map((row) => row.session))];
      expect(sessions).toHaveLength(2);
      expect(presence.filter((row) => row.session === sessions[0]).map((row) => row.online)).toEqual([1, 0]);
      expect(presence.find((row) => row.session === sessions[1])?.online).toBe(1);
      // Nothing was refused but messages of the closed page's session once the new page held its table:
      // its retained state, read again for the new holder, and what the broker hands over again after
      // its restart (a broker killed saves its sessions every 5 s, so it may deliver them once more).
      const refused = await database.db.selectFrom('refusal').select(['topic', 'reason']).execute();
      for (const refusal of refused) {
        expect([tableTopics(third.table).state, tableTopics(third.table).change]).toContain(refusal.topic);
        expect(refusal.reason).toBe('bad message at "session": not from the console that holds the table');
      }
      for (const clerk of clerks) {
        // The console's own export: History's "Export all" on its machine.
        const history = await clerk.machine.context.newPage();
        await history.goto(`${baseUrl}?mode=history`);
        const exportAll = history.locator('bacc-history [data-action="export-all-json"]');
        await expect.poll(() => exportAll.isEnabled(), { timeout: ACROSS_THE_ROOM }).toBe(true);
        const [download] = await Promise.all([history.waitForEvent('download'), exportAll.click()]);
        const consoleExport = await readFile(await download.path(), 'utf8');
        await history.close();
        const consoleShoes = (JSON.parse(consoleExport) as { shoes: ShoeRecord[] }).shoes;
        expect(
          consoleShoes.map((shoe) => shoe.hands.map((hand) => hand.outcome).join('')),
          clerk.table,
        ).toEqual(SHOES_KEPT[clerk.table]);

        const exported = bacc('recorder', 'export', '--db', ledgerFile, '--table', clerk.table);
        expect(await exported.exited, exported.stderr()).toBe(0);
        // The same bytes, and the line end every bacc command gives what it prints (History's file has none).
        expect(exported.stdout()).toBe(`${consoleExport}\n`);
        // Written to a file, the very bytes of History's file.
        const file = join(scratch, `${clerk.table}.json`);
        const written = bacc('recorder', 'export', '--db', ledgerFile, '--table', clerk.table, '--out', file);
        expect(await written.exited, written.stderr()).toBe(0);
        expect(await readFile(file, 'utf8')).toBe(consoleExport);

        // The ledger's versions of the table's shoes, oldest first, read back as they stood.
        const versions: ShoeRecord[] = [];
        for (const shoe of consoleShoes) {
          for (const row of await ledger.versions(shoe.id)) versions.push((await ledger.shoe(shoe.id, row.version))!);
        }
        // Every state the console sent, each once, in order: nothing lost, nothing doubled, nothing else.
        expect(versions.map(described), clerk.table).toEqual(distinct(observed.get(clerk.table) ?? []).map(described));
        // Every state the clerk saw with the broker there, superseded hands and audit entries included.
        const seen = distinct(clerk.snapshots.filter((snapshot) => snapshot.brokerUp).map((snapshot) => snapshot.shoe));
        expect(missingFrom(versions, seen).map(described), `${clerk.table}: states not in the ledger, in order`).toEqual([]);
        expect(await ledger.shoes({ table: clerk.table })).toEqual(consoleShoes.map(shoeFields));
      }
    } finally {
      await database.close();
    }
  });
});

function same(a: ShoeRecord, b: ShoeRecord): boolean {
  return described(a) === described(b);
}

/** Consecutive equal states once. */
function distinct(shoes: ShoeRecord[]): ShoeRecord[] {
  return shoes.filter((shoe, index) => index === 0 || !same(shoe, shoes[index - 1]!));
}

/** The states of `wanted` that are not found in `versions` in their order. */
function missingFrom(versions: ShoeRecord[], wanted: ShoeRecord[]): ShoeRecord[] {
  const missing: ShoeRecord[] = [];
  let at = 0;
  for (const shoe of wanted) {
    const found = versions.findIndex((version, index) => index >= at && same(version, shoe));
    if (found < 0) missing.push(shoe);
    else at = found + 1;
  }
  return missing;
}

/** A state as text in the ledger's field order: compared, and shown when a comparison fails. */
function described(shoe: ShoeRecord): string {
  return JSON.stringify(shoeFields(shoe));
}
