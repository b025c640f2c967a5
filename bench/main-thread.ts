/**
 * Main-thread work between two marks, read from a Chromium trace. Waiting for the display's next
 * frame (up to 16.7 ms at 60 Hz) is idle time, not work: a figure "from property set to painted"
 * that included it would measure the refresh rate. So each figure is the time the renderer's main
 * thread was busy (script, style, layout, paint, commit) from `label`-start to `label`-end, which
 * the page marks after the frame showing the change has been produced.
 */
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export async function traceMainThread<T>(
  page: Page,
  run: () => Promise<T>,
): Promise<{ result: T; busy: (label: string, endMark?: string) => number; breakdown: (label: string) => Record<string, number> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  (session as unknown as { on(event: string, listener: (params: { value: TraceEvent[] }) => void): void }).on(
    'Tracing.dataCollected',
    ({ value }) => void events.push(...value),
  );
  const complete = new Promise<void>((resolve) =>
    (session as unknown as { once(event: string, listener: () => void): void }).once('Tracing.tracingComplete', () => resolve()),
  );
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'blink.user_timing', '__metadata'] },
    transferMode: 'ReportEvents',
  });
  const result = await run();
  await session.send('Tracing.end');
  await complete;
  await session.detach();

  const marks = new Map<string, { ts: number; pid: number }>();
  for (const event of events) {
    if ((event.ph === 'R' || event.ph === 'I' || event.ph === 'n') && !marks.has(event.name))
      marks.set(event.name, { ts: event.ts, pid: event.pid });
  }
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = (label: string, endMark = `${label}-end`): number => {
    const start = marks.get(`${label}-start`);
    const end = marks.get(endMark);
    if (!start || !end) throw new Error(`no trace marks for ${label}`);
    // The union of every complete event on the page's main thread, clipped to the window.
    const spans = events
      .filter(
        (event) => event.ph === 'X' && event.dur !== undefined && event.pid === start.pid && mainThreads.has(`${event.pid}:${event.tid}`),
      )
      .map((event) => [Math.max(event.ts, start.ts), Math.min(event.ts + event.dur!, end.ts)] as const)
      .filter(([from, to]) => to > from)
      .sort((a, b) => a[0] - b[0]);
    let total = 0;
    let reach = -Infinity;
    for (const [from, to] of spans) {
      if (to <= reach) continue;
      total += to - Math.max(from, reach);
      reach = to;
    }
    return total / 1000;
  };
  /** Self time by event name inside the window, for finding where the time goes. */
  const breakdown = (label: string): Record<string, number> => {
    const start = marks.get(`${label}-start`)!;
    const end = marks.get(`${label}-end`)!;
    const totals: Record<string, number> = {};
    for (const event of events) {
      if (event.ph !== 'X' || event.dur === undefined || event.pid !== start.pid || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
      const from = Math.max(event.ts, start.ts);
      const to = Math.min(event.ts + event.dur, end.ts);
      if (to > from) totals[event.name] = (totals[event.name] ?? 0) + (to - from) / 1000;
    }
    return totals;
  };
  return { result, busy, breakdown };
}
