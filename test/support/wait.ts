/**
 * Waiting in tests, written once: for the Node, browser and end-to-end suites and the bench alike.
 * A test waits for the event it needs (a condition becoming true), never for a length of time; the
 * timeout is only how long a failing run takes to say what it waited for.
 */

/** Resolves after `ms` milliseconds. For pacing (a person's typing, a dealer's rhythm), not for waiting on a result. */
export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `condition` holds, checking every `every` ms; rejects naming `what` after `timeout` ms.
 * The condition may be async (a query to a page or a broker).
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeout = 10_000, every = 10): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(every);
  }
}

/**
 * Reads `read` until `check` accepts its value, and returns that value; rejects naming `what` and the
 * last value read after `timeout` ms.
 */
export async function untilValue<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeout = 10_000,
  every = 10,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${described(value)}`);
    await delay(every);
  }
}

/** A value for a failure message: as JSON where it can be, cut short. */
function described(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
