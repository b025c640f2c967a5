/**
 * A serial line for `bacc shoe` and `bacc shoe-sim`: the port opened at 9600 baud 8N1, opened again
 * when the device comes back (the path is tried every second), and lines written whole.
 */
import { statSync } from 'node:fs';
import type { SerialPort } from 'serialport';

/** A card-reading shoe's line: 9600 baud, 8 data bits, no parity, 1 stop bit. */
export const SHOE_LINE = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 } as const;

/** How often a missing or closed device is tried again. */
export const REOPEN_MS = 1000;

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

async function openOnce(path: string): Promise<SerialPort> {
  // Loaded when a port is opened: serialport is a native module, which the commands that need no
  // serial line (resolve, odds, roads…) should neither load nor depend on.
  const { SerialPort } = await import('serialport');
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, ...SHOE_LINE, autoOpen: false });
    // A failed write (EIO once the device is gone) is also emitted as 'error': the write's own
    // callback and the 'close' event report it, so the emitted copy must not end the process.
    port.on('error', () => undefined);
    port.open((error) => (error ? reject(error) : resolve(port)));
  });
}

/**
 * Opens `path`, trying again every second until it opens; null when `signal` aborts first.
 * `onWaiting` is called once with the first failure's message.
 */
export async function openWhenThere(path: string, signal: AbortSignal, onWaiting: (message: string) => void): Promise<SerialPort | null> {
  let told = false;
  while (!signal.aborted) {
    try {
      return await openOnce(path);
    } catch (error) {
      if (!told) onWaiting(error instanceof Error ? error.message.split('\n')[0]! : String(error));
      told = true;
      await pause(REOPEN_MS, signal);
    }
  }
  return null;
}

/** Closes a port if it is open; never throws. */
export function closeQuietly(port: SerialPort): Promise<void> {
  return new Promise((resolve) => {
    if (!port.isOpen) return resolve();
    port.close(() => resolve());
  });
}

/**
 * Writes `text` and waits until it has left (the write's callback, then drain's). Rejects when
 * either fails, when the port closes first, or after `timeoutMs`: the text is then not written.
 */
export function writeWhole(port: SerialPort, text: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      port.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onClose = () => finish(new Error('the port closed'));
    const timer = setTimeout(() => finish(new Error(`not written in ${timeoutMs} ms`)), timeoutMs);
    port.once('close', onClose);
    if (!port.isOpen) return finish(new Error('the port is not open'));
    port.write(text, (error) => {
      if (error) return finish(error);
      port.drain((drainError) => finish(drainError));
    });
  });
}

/** How often an open device's path is looked at. */
export const WATCH_MS = 500;

/** Which device a path names now (following a link), or null when there is none. */
function deviceAt(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}:${stat.rdev}`;
  } catch {
    return null;
  }
}

/**
 * Calls `onGone` once when the device opened at `path` is no longer there, or the path names another
 * device (a USB adapter plugged back, a pty made again): a port's `close` does not always come when
 * the far end hangs up. Returns a function that stops watching.
 */
export function watchDevice(path: string, onGone: () => void): () => void {
  const opened = deviceAt(path);
  const timer = setInterval(() => {
    if (deviceAt(path) === opened) return;
    clearInterval(timer);
    onGone();
  }, WATCH_MS);
  return () => clearInterval(timer);
}
