/**
 * Which machine a console runs on, as the room knows it: an id kept by this browser (a console
 * reloaded on the same machine takes its table back at once) and a name for people ("which machine
 * holds table 7?"), given once in the address (`machine=Pit 2 laptop`) and remembered, or made up
 * from the id. DOM-free but for the Storage it is given.
 */
import { MAX_MACHINE_LENGTH } from '../../../src/room/messages.js';
import { normaliseFreeText } from '../../../src/shoes/table-names.js';

/** Where the browser remembers its console machine (localStorage). */
export const CONSOLE_MACHINE_KEY = 'bacc-console-machine';

export interface ConsoleMachine {
  /** 8 hex digits, the start of every session id of this machine. */
  id: string;
  /** What other consoles and the room's screens call it. */
  name: string;
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * This browser's console machine: the one remembered, renamed when the address gives a usable
 * `machine=`; made (and remembered) the first time. Without storage, a new one for this page.
 */
export function consoleMachine(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  params: URLSearchParams = new URLSearchParams(),
): ConsoleMachine {
  let kept: Partial<ConsoleMachine> | null = null;
  try {
    kept = JSON.parse(storage?.getItem(CONSOLE_MACHINE_KEY) ?? 'null') as Partial<ConsoleMachine> | null;
  } catch {
    // Unreadable: a new machine, as on a fresh browser.
  }
  const id = typeof kept?.id === 'string' && /^[0-9a-f]{8}$/.test(kept.id) ? kept.id : randomHex(4);
  const given = params.get('machine');
  const named = given === null ? null : normaliseFreeText(given, MAX_MACHINE_LENGTH);
  const name = named?.ok
    ? named.name
    : typeof kept?.name === 'string' && kept.name !== ''
      ? kept.name
      : `Console ${id.slice(0, 4).toUpperCase()}`;
  const machine = { id, name };
  try {
    storage?.setItem(CONSOLE_MACHINE_KEY, JSON.stringify(machine));
  } catch {
    // Storage full or refused: the same machine for this page only.
  }
  return machine;
}

/** A session id for one console page on `machine`: the machine's id, then a random part. */
export function consoleSession(machine: ConsoleMachine): string {
  return `${machine.id}-${randomHex(6)}`;
}

/** The session was opened on `machine` (a reload of this browser's console, or this very page). */
export function sessionOfMachine(session: string | undefined, machine: ConsoleMachine): boolean {
  return session !== undefined && session.startsWith(`${machine.id}-`);
}
