/**
 * What the reports page remembers: the recorder's address and the pit's pace target for this
 * browser (localStorage), and the sign-in for this tab only (sessionStorage), so closing the tab
 * signs out. The password is never kept: only the token the recorder gave for it. A browser that
 * refuses storage (a sandboxed frame) just remembers nothing.
 */
import type { RecorderSession } from './recorder-api.js';

/** Where the browser remembers the recorder's address (localStorage). */
export const ADDRESS_KEY = 'bacc-reports-recorder';
/** Where the browser remembers the pace target, hands per hour (localStorage). */
export const TARGET_KEY = 'bacc-reports-target';
/** Where the tab keeps its sign-in (sessionStorage). */
export const SESSION_KEY = 'bacc-reports-session';

/** The pace target when the pit has set none: a hand a minute. */
export const DEFAULT_TARGET = 60;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: string | null): void {
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // Full or refused: the page works on, remembering nothing.
  }
}

export function rememberedAddress(): string {
  return storage('localStorage')?.getItem(ADDRESS_KEY) ?? '';
}

export function rememberAddress(address: string): void {
  write('localStorage', ADDRESS_KEY, address);
}

/** The pace target remembered, when it is a whole number from 1 to 1,000; else the default. */
export function rememberedTarget(): number {
  const value = Number(storage('localStorage')?.getItem(TARGET_KEY));
  return Number.isInteger(value) && value >= 1 && value <= 1000 ? value : DEFAULT_TARGET;
}

export function rememberTarget(target: number): void {
  write('localStorage', TARGET_KEY, String(target));
}

/** The tab's sign-in, or null. */
export function keptSession(): RecorderSession | null {
  try {
    const value = JSON.parse(storage('sessionStorage')?.getItem(SESSION_KEY) ?? 'null') as Partial<RecorderSession> | null;
    if (
      value &&
      typeof value.address === 'string' &&
      typeof value.token === 'string' &&
      typeof value.name === 'string' &&
      typeof value.role === 'string' &&
      typeof value.expiresAt === 'string'
    )
      return { address: value.address, token: value.token, name: value.name, role: value.role, expiresAt: value.expiresAt };
  } catch {
    // Unreadable: signed out.
  }
  return null;
}

/** Keeps the tab's sign-in (null: forgets it). */
export function keepSession(session: RecorderSession | null): void {
  write('sessionStorage', SESSION_KEY, session && JSON.stringify(session));
}
