import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ShoeLineReader, isRefusal, parseBaccLine, type ReadLineEvent } from '../../../src/reader/lines.js';
import {
  MAX_READER_REQUEST_BYTES,
  READER_REQUEST_FORMAT,
  readReaderRequest,
  readerRequestMessage,
  readerRequestTopic,
} from '../../../src/reader/messages.js';
import { LineCatchUp, MOST_WAITING, ShoeLineMemory } from '../../../src/reader/resend.js';
import { shoeSimLines } from '../../../server/src/serial/shoe-sim.js';

/** The numbered lines of a seeded shoe, as a device sends them and a bridge publishes them. */
const shoeLines = (seed: string, pack = `sim-${seed}`) => shoeSimLines({ seed, decks: 8, protocol: 'bacc', cancelEvery: 13, pack });

function event(line: string): ReadLineEvent {
  const parsed = parseBaccLine(line);
  if (isRefusal(parsed)) throw new Error(`not a line: ${line}`);
  return parsed;
}

const remember = (lines: readonly string[], memory = new ShoeLineMemory()) => {
  for (const line of lines) memory.keep(event(line), line);
  return memory;
};

const numbers = (events: readonly ReadLineEvent[]) => events.map((read) => read.number);

describe('the request for lines again', () => {
  it('is written and read back on the table’s reader-request topic', () => {
    const topic = readerRequestTopic('Table 3');
    expect(topic).toBe('bacc/v1/tables/Table%203/reader-request');
    for (const held of [{ pack: 'sim-a', last: 41 }, null]) {
      const text = JSON.stringify(readerRequestMessage(held));
      expect(JSON.parse(text)).toEqual({ format: READER_REQUEST_FORMAT, version: 1, held });
      expect(readReaderRequest(topic, text, text.length)).toEqual({ ok: true, table: 'Table 3', held });
    }
    // Holding line 0 is holding nothing.
    expect(readReaderRequest(topic, '{"format":"bacc-reader-request","version":1,"held":{"pack":"p","last":0}}', 80)).toMatchObject({
      ok: true,
      held: null,
    });
  });

  it('refuses another topic, a newer version, a bad pack or line number, and a large message', () => {
    const topic = readerRequestTopic('T');
    const ok = '{"format":"bacc-reader-request","version":1,"held":null}';
    expect(readReaderRequest('bacc/v1/tables/T/reader', ok, ok.length)).toMatchObject({ ok: false, refusal: { kind: 'not-ours' } });
    expect(readReaderRequest(topic, ok.replace('"version":1', '"version":2'), ok.length)).toMatchObject({
      ok: false,
      refusal: { kind: 'newer-version', version: 2 },
    });
    for (const held of ['{"pack":"a b","last":1}', '{"pack":"a","last":-1}', '{"pack":"a","last":1.5}', '{"pack":"a"}', '7']) {
      const text = ok.replace('null', held);
      expect(readReaderRequest(topic, text, text.length), held).toMatchObject({ ok: false, refusal: { kind: 'bad-message' } });
    }
    expect(readReaderRequest(topic, ok, MAX_READER_REQUEST_BYTES + 1)).toMatchObject({ ok: false, refusal: { kind: 'too-large' } });
    expect(() => readerRequestMessage({ pack: 'a b', last: 1 })).toThrow(RangeError);
  });
});

describe("a bridge's memory of the shoe", () => {
  const lines = shoeLines('memory');

  it('sends again the lines after the ones the console holds, none when it holds them all', () => {
    const memory = remember(lines.slice(0, 60));
    expect(memory.held).toEqual({ pack: 'sim-memory', last: 60 });
    expect(memory.answer({ pack: 'sim-memory', last: 41 })).toEqual({ kind: 'resend', lines: lines.slice(41, 60) });
    expect(memory.answer({ pack: 'sim-memory', last: 60 })).toEqual({ kind: 'none' });
    expect(memory.answer({ pack: 'sim-memory', last: 75 })).toEqual({ kind: 'none' });
  });

  it('sends the whole shoe to a console that holds another pack or none', () => {
    const memory = remember(lines.slice(0, 30));
    expect(memory.answer({ pack: 'sim-older', last: 200 })).toEqual({ kind: 'resend', lines: lines.slice(0, 30) });
    expect(memory.answer(null)).toEqual({ kind: 'resend', lines: lines.slice(0, 30) });
  });

  it('asks the device for lines it no longer keeps, or before it read any', () => {
    const memory = remember(lines.slice(0, 100), new ShoeLineMemory(50));
    expect(memory.held).toEqual({ pack: 'sim-memory', last: 100 });
    expect(memory.answer({ pack: 'sim-memory', last: 50 })).toEqual({ kind: 'resend', lines: lines.slice(50, 100) });
    expect(memory.answer({ pack: 'sim-memory', last: 20 })).toEqual({ kind: 'ask-device', from: { pack: 'sim-memory', last: 20 } });
    expect(memory.answer(null)).toEqual({ kind: 'ask-device', from: null });
    expect(new ShoeLineMemory().answer({ pack: 'p', last: 3 })).toEqual({ kind: 'ask-device', from: { pack: 'p', last: 3 } });
    expect(new ShoeLineMemory().answer(null)).toEqual({ kind: 'none' });
  });

  it('starts again at a new pack, and keeps a line sent again once', () => {
    const memory = remember([...lines.slice(0, 40), ...lines.slice(20, 45)]);
    expect(memory.answer({ pack: 'sim-memory', last: 0 })).toEqual({ kind: 'resend', lines: lines.slice(0, 45) });
    const next = shoeLines('memory', 'sim-next');
    remember(next.slice(0, 5), memory);
    expect(memory.held).toEqual({ pack: 'sim-next', last: 5 });
    expect(memory.answer({ pack: 'sim-memory', last: 45 })).toEqual({ kind: 'resend', lines: next.slice(0, 5) });
  });

  it('asks the device again through its line reader, taking the lines it sends again', () => {
    const written: string[] = [];
    const reader = new ShoeLineReader('bacc', { answer: (line) => written.push(line) });
    const read = reader.push(
      lines
        .slice(0, 30)
        .map((line) => `${line}\r\n`)
        .join(''),
    );
    expect(read).toHaveLength(30);
    reader.resumeFrom({ pack: 'sim-memory', last: 20 });
    expect(written).toEqual(['RESUME sim-memory 20']);
    // The device sends from line 21: the lines are taken again (the bridge publishes them; the console drops what it holds).
    expect(
      numbers(
        reader.push(
          lines
            .slice(20, 35)
            .map((line) => `${line}\r\n`)
            .join(''),
        ) as ReadLineEvent[],
      ),
    ).toEqual(Array.from({ length: 15 }, (_, index) => 21 + index));
  });
});

describe("a console's order of the lines", () => {
  const lines = shoeLines('order');
  const events = lines.map(event);

  it('holds a later line back until the missing ones come, then reads all in order', () => {
    const order = new LineCatchUp({ pack: 'sim-order', last: 40 });
    let step = order.take(events.slice(45, 47));
    expect(step).toEqual({ events: [], repeated: 0, missing: true, missed: 0 });
    expect(order.missingLines).toBe(5);
    step = order.take(events.slice(38, 45));
    expect(numbers(step.events)).toEqual([41, 42, 43, 44, 45, 46, 47]);
    expect(step).toMatchObject({ repeated: 2, missing: false });
    expect(order.held).toEqual({ pack: 'sim-order', last: 47 });
  });

  it('gives up on lines that never come: the ones held back are read, and the lines missed counted', () => {
    const order = new LineCatchUp({ pack: 'sim-order', last: 40 });
    order.take([...events.slice(60, 62), { kind: 'lid', open: true }]);
    expect(order.waitingLines).toBe(3);
    expect(order.missingLines).toBe(20);
    const { events: read, missed } = order.giveUp();
    expect(numbers(read)).toEqual([61, 62, undefined]);
    expect(missed).toBe(20);
    expect(numbers(order.take(events.slice(62, 64)).events)).toEqual([63, 64]);
  });

  it('reads a new shoe at once, giving up on the last one; reads what comes when it holds nothing', () => {
    const order = new LineCatchUp({ pack: 'sim-order', last: 40 });
    order.take(events.slice(50, 52));
    const next = shoeLines('order', 'sim-new').map(event);
    const step = order.take(next.slice(0, 3));
    expect(numbers(step.events)).toEqual([51, 52, 1, 2, 3]);
    expect(step.missed).toBe(10);
    const late = new LineCatchUp(null);
    expect(numbers(late.take(events.slice(100, 103)).events)).toEqual([101, 102, 103]);
    expect(late.take(events.slice(100, 101)).repeated).toBe(1);
  });

  it('gives up by itself when too many lines wait', () => {
    const order = new LineCatchUp({ pack: 'sim-order', last: 1 });
    const far = Array.from({ length: MOST_WAITING + 1 }, (_, index): ReadLineEvent => ({ kind: 'lid', open: true, number: 10 + index }));
    const step = order.take(far);
    expect(step.events).toHaveLength(MOST_WAITING + 1);
    expect(step.missing).toBe(false);
  });
});

describe('a console reopened mid-shoe asks its bridge, and reads every line once, in order', () => {
  it('whatever the bridge had published while it was closed, and whenever the live lines come', () => {
    const lines = shoeLines('reload');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: lines.length - 1 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 10 }),
        (held, closed, early) => {
          // The bridge read the lines up to `held + closed` while the console held `held` (its mark).
          const published = Math.min(lines.length, held + closed);
          const memory = remember(lines.slice(0, published));
          const order = new LineCatchUp({ pack: 'sim-reload', last: held });
          const read: ReadLineEvent[] = [];
          // Live lines the bridge publishes before it reads the console's request…
          const live = lines.slice(published, Math.min(lines.length, published + early));
          remember(live, memory);
          let step = order.take(live.map(event));
          read.push(...step.events);
          // …then its answer, then the rest of the shoe as it is read.
          const answer = readReaderRequest(
            readerRequestTopic('T'),
            JSON.stringify(readerRequestMessage(order.held ?? { pack: 'sim-reload', last: held })),
            100,
          );
          if (!answer.ok) throw new Error('request refused');
          const sent = memory.answer(answer.held);
          if (sent.kind === 'resend') read.push(...order.take(sent.lines.map(event)).events);
          else expect(sent.kind).toBe('none');
          step = order.take(lines.slice(published + live.length).map(event));
          read.push(...step.events);
          expect(step.missing).toBe(false);
          expect(numbers(read)).toEqual(Array.from({ length: lines.length - held }, (_, index) => held + 1 + index));
        },
      ),
    );
  });
});
