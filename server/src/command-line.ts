/**
 * What every `bacc` command shares: where it reads and writes, the one-line usage error (exit code
 * 2), and the parsing of the options several commands take.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { SHOE_PROTOCOLS, type ShoeProtocol } from '../../src/reader/lines.js';

/** Where the command reads and writes; the real process streams, or buffers in tests. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, line by line, as it arrives. */
  stdinLines: () => AsyncIterable<string>;
  /** Reads a file as text (relative to the working directory). */
  readTextFile?: (path: string) => Promise<string>;
}

/** A mistake in the command line or its input: reported as one line, exit code 2. */
export class UsageError extends Error {}

export function parseDecks(text: string | undefined): number {
  if (text === undefined) return 8;
  const decks = Number(text);
  if (!/^\d+$/.test(text) || decks < 1 || decks > 8) throw new UsageError(`--decks must be a whole number from 1 to 8; got "${text}"`);
  return decks;
}

export function parseProtocol(text: string | undefined): ShoeProtocol {
  if (text === undefined) return 'bacc';
  if (!(SHOE_PROTOCOLS as readonly string[]).includes(text)) {
    throw new UsageError(`--protocol must be one of ${SHOE_PROTOCOLS.join(', ')}; got "${text}"`);
  }
  return text as ShoeProtocol;
}

export function required(option: string, value: string | undefined, command: string): string {
  if (value === undefined || value === '') throw new UsageError(`${command} needs ${option}; try "bacc help"`);
  return value;
}

/** An AbortSignal that SIGINT or SIGTERM aborts, for the commands that run until stopped. */
export function stopSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/**
 * The broker's address of a command that connects to the room (`--broker`): mqtt://, mqtts://,
 * ws:// or wss://, with no login in it (the login comes with --user and --password).
 */
export function brokerAddress(text: string | undefined, command: string): string {
  const address = required('--broker mqtt://host:port', text, command);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UsageError(`--broker must be a URL such as mqtt://host:1883; got "${shownUrl(address)}"`);
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol)) {
    throw new UsageError(`--broker must start mqtt://, mqtts://, ws:// or wss://; got "${url.protocol}"`);
  }
  if (url.username !== '' || url.password !== '')
    throw new UsageError('give the login with --user and --password, not in the --broker URL');
  return address;
}

/** The broker's address for a log line: no user name or password, even if the URL carries them. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(a broker address)';
  }
}

export function wholeNumber(option: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${option} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}; got "${text}"`);
  }
  return value;
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true } as const);
  } catch (error) {
    throw new UsageError(oneLine(error));
  }
}

/** Errors the core raises for bad input: cards, hands, rules, compositions. */
export function isInputError(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['CardError', 'HandError', 'RulesError', 'CompositionError', 'RoadsError', 'ShoeDocumentError', 'StatisticsError'].includes(error.name)
  );
}

export function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim();
}
