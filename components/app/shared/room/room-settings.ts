/**
 * Which broker this machine uses, if any: given once in the address (`broker=ws://host:9001&user=…&password=…`),
 * then remembered by the browser, so the credential leaves the address bar at once and a reboot
 * finds the room again. `broker=off` forgets it. DOM-free but for the Storage it is given.
 */
import type { BrokerSettings } from './room-link.js';

/** Where the browser remembers its broker (localStorage). */
export const BROKER_STORAGE_KEY = 'bacc-broker';

/** The address parameters this reads; `user` and `password` are taken out of the address once read. */
export const BROKER_PARAMETERS = ['broker', 'user', 'password'] as const;

/** Why the address's broker cannot be used, as data (the kiosk words it). */
export type BrokerProblem =
  /** Not a `ws://` or `wss://` address. */
  | { kind: 'bad-address'; value: string }
  /** A broker without a user and password, and none remembered for it. */
  | { kind: 'no-credential'; url: string };

export interface BrokerChoice {
  /** The broker to use, or null for this browser alone (BroadcastChannel and IndexedDB). */
  broker: BrokerSettings | null;
  problem: BrokerProblem | null;
}

/** The broker's address as given, when it is a WebSocket address with a host; null otherwise. */
function brokerAddress(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

function remembered(storage: Pick<Storage, 'getItem'> | null): BrokerSettings | null {
  try {
    const value = JSON.parse(storage?.getItem(BROKER_STORAGE_KEY) ?? 'null') as Partial<BrokerSettings> | null;
    if (value && typeof value.url === 'string' && typeof value.username === 'string' && typeof value.password === 'string') {
      return brokerAddress(value.url) ? { url: value.url, username: value.username, password: value.password } : null;
    }
  } catch {
    // Unreadable: as if nothing were remembered.
  }
  return null;
}

/**
 * The broker for this page: the address's (remembered from now on), else the one remembered, else
 * none. A credential given without a broker is refused rather than guessed at.
 */
export function chooseBroker(params: URLSearchParams, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): BrokerChoice {
  const given = params.get('broker');
  const kept = remembered(storage);
  if (given === null) return { broker: kept, problem: null };
  if (given.trim() === '' || given.trim() === 'off') {
    storage?.removeItem(BROKER_STORAGE_KEY);
    return { broker: null, problem: null };
  }
  const url = brokerAddress(given);
  if (!url) return { broker: kept, problem: { kind: 'bad-address', value: given } };
  const sameBroker = kept?.url === url ? kept : null;
  const username = params.get('user') ?? sameBroker?.username ?? '';
  const password = params.get('password') ?? sameBroker?.password ?? '';
  if (username === '' || password === '') return { broker: null, problem: { kind: 'no-credential', url } };
  const broker = { url, username, password };
  try {
    storage?.setItem(BROKER_STORAGE_KEY, JSON.stringify(broker));
  } catch {
    // Storage full or refused: the broker is used for this page only, and asked for again next time.
  }
  return { broker, problem: null };
}

/**
 * The address without its credential (`user`, `password`, and a `broker` address with a user or
 * password in it, which is refused anyway), for `history.replaceState`; null when it holds none.
 */
export function addressWithoutCredential(href: string): string | null {
  const url = new URL(href);
  const broker = url.searchParams.get('broker');
  const brokerHoldsCredential = broker !== null && broker.includes('@');
  if (!url.searchParams.has('user') && !url.searchParams.has('password') && !brokerHoldsCredential) return null;
  url.searchParams.delete('user');
  url.searchParams.delete('password');
  if (brokerHoldsCredential) url.searchParams.delete('broker');
  return url.href;
}
