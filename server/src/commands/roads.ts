/** `bacc roads`: the five roads, the ask-road predictions and the statistics of a shoe. */
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { computeRoads, handsFromOutcomes, parseShoeDocument, roadsToText, type HandRecord, type TableRules } from '../../../src/index.js';
import { oneLine, parse, UsageError, wholeNumber, type CliIo } from '../command-line.js';

/** The most a roads input may hold: a shoe document of many shoes, not an arbitrary file. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;
export async function roadsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, {
    shoe: { type: 'string' },
    rows: { type: 'string' },
    text: { type: 'boolean' },
  });
  if (positionals.length !== 1) {
    throw new UsageError('roads needs one input: a string of B, P and T, a shoe export file, or - for stdin');
  }
  const rows = values.rows === undefined ? 6 : wholeNumber('--rows', values.rows, 1, 20);
  const source = positionals[0]!;
  let hands: HandRecord[];
  let rules: TableRules | undefined;
  const fromText = (text: string, name: string): void => {
    const trimmed = text.trim();
    if (trimmed === '') throw new UsageError(`${name} is empty`);
    if (trimmed.startsWith('{')) {
      let json: unknown;
      try {
        json = JSON.parse(trimmed);
      } catch (error) {
        throw new UsageError(`${name} is not valid JSON: ${oneLine(error)}`);
      }
      const document = parseShoeDocument(json);
      const index = values.shoe === undefined ? 1 : wholeNumber('--shoe', values.shoe, 1, Number.MAX_SAFE_INTEGER);
      const shoe = document.shoes[index - 1];
      if (!shoe) throw new UsageError(`${name} has ${document.shoes.length} shoe(s); there is no shoe ${index}`);
      hands = shoe.hands;
      rules = shoe.rules;
    } else {
      // An outcome file or stream may wrap its lines.
      hands = handsFromOutcomes(trimmed.replace(/\s+/g, ''));
    }
  };
  if (source === '-') {
    const lines: string[] = [];
    let bytes = 0;
    for await (const line of io.stdinLines()) {
      bytes += line.length + 1;
      if (bytes > MAX_INPUT_BYTES) throw new UsageError(`stdin is larger than ${MAX_INPUT_BYTES / 2 ** 20} MiB`);
      lines.push(line);
    }
    fromText(lines.join('\n'), 'stdin');
  } else {
    // One look at the path decides between a file and an outcome string.
    const info = await fileInfo(source);
    if (/\.json$/i.test(source) || info !== null) {
      if (info === null) throw new UsageError(`cannot read ${source}: no such file`);
      if (!info.isFile()) throw new UsageError(`${source} is not a file`);
      if (info.size > MAX_INPUT_BYTES) throw new UsageError(`${source} is larger than ${MAX_INPUT_BYTES / 2 ** 20} MiB`);
      let text: string;
      try {
        text = await (io.readTextFile ?? ((path: string) => readFile(path, 'utf8')))(source);
      } catch (error) {
        throw new UsageError(`cannot read ${source}: ${oneLine(error)}`);
      }
      fromText(text, source);
    } else {
      if (source.trim() === '') throw new UsageError('the outcome string is empty');
      if (values.shoe !== undefined) throw new UsageError('--shoe chooses a shoe of a shoe document, not of an outcome string');
      fromText(source, 'the outcome string');
    }
  }
  const roads = computeRoads(hands!, { rows, ...(rules ? { rules, decks: rules.decks } : {}) });
  io.stdout(values.text ? `${roadsToText(roads)}\n` : `${JSON.stringify(roads)}\n`);
  return 0;
}

/** The file's details, or null when nothing is there. */
function fileInfo(path: string): Promise<Stats | null> {
  return stat(path).catch(() => null);
}
