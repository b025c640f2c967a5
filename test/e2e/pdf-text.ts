/**
 * What a PDF that Chromium printed (Skia's PDF writer) says, for the end-to-end tests of printed
 * pages: its number of pages, and its text in the order it is drawn. Only as much of PDF as Skia
 * writes: objects not in object streams, Flate-compressed streams, text shown with Type0 fonts
 * (Identity-H, two bytes a glyph) read through their ToUnicode maps. Not a PDF reader for anything else.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

/** The PDF's objects by number, their streams inflated. */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    let stream: Buffer | null = null;
    let dictionary = body;
    if (streamAt >= 0) {
      dictionary = body.slice(0, streamAt);
      const dataStart = start + streamAt + (/^stream\r\n/.test(body.slice(streamAt)) ? 8 : 7);
      const length = /\/Length (\d+)(?! \d+ R)/.exec(dictionary);
      const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
      const raw = pdf.subarray(dataStart, dataEnd);
      stream = /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
    }
    found.set(Number(match[1]), { dictionary, stream });
    header.lastIndex = end;
  }
  return found;
}

/** The number of pages: the page objects of the document's page tree. */
export function pdfPages(pdf: Buffer): number {
  let pages = 0;
  for (const { dictionary } of objects(pdf).values()) if (/\/Type\s*\/Page(?![s\w])/.test(dictionary)) pages++;
  return pages;
}

/** A ToUnicode CMap as glyph code (hex) to text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string): string => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(code!.toUpperCase(), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const from = parseInt(low!, 16);
      const first = parseInt(text!.slice(-4), 16);
      for (let code = from; code <= parseInt(high!, 16); code++) {
        map.set(
          code.toString(16).toUpperCase().padStart(low!.length, '0'),
          utf16(text!.slice(0, -4)) + String.fromCharCode(first + code - from),
        );
      }
    }
  }
  return map;
}

/**
 * The PDF's text as drawn, each content stream in the document's order, a line break between text
 * objects (BT … ET). Glyphs without a ToUnicode entry are left out.
 */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  // Each font resource name (Skia names them once a document) to its glyphs' text.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dictionary } of all.values()) {
    for (const [, entries] of dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, number] of entries!.matchAll(/\/([^\s/]+)\s+(\d+)\s+0\s+R/g)) {
        const font = all.get(Number(number));
        const cmapRef = font && /\/ToUnicode (\d+) 0 R/.exec(font.dictionary);
        const cmap = cmapRef && all.get(Number(cmapRef[1]))?.stream;
        if (cmap) fonts.set(name!, toUnicode(cmap.toString('latin1')));
      }
    }
  }
  let text = '';
  for (const { dictionary, stream } of all.values()) {
    if (!stream || /\/Length1|\/Subtype\s*\/Image|\/FunctionType/.test(dictionary)) continue;
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font: Map<string, string> | undefined;
    const tokens = /\/([^\s/[\]<>()]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F\s]*)>|\bET\b/g;
    for (const [token, fontName, hex] of content.matchAll(tokens)) {
      if (fontName !== undefined) font = fonts.get(fontName);
      else if (hex !== undefined) {
        const codes = hex.replace(/\s+/g, '').toUpperCase();
        for (let i = 0; i + 4 <= codes.length; i += 4) text += font?.get(codes.slice(i, i + 4)) ?? '';
      } else if (token === 'ET') text += '\n';
    }
  }
  return text;
}
