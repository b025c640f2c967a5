/**
 * Finds Chinese drawn as boxes: text the browser drew with a font that lacks its glyphs (this
 * Chromium has no CJK font of its own, so only the shipped Noto Sans SC draws Chinese).
 *
 * Text in the DOM: Chromium says which fonts drew each element's text (DevTools'
 * CSS.getPlatformFontsForNode, the "Rendered Fonts" of the inspector), through every shadow root.
 * The shipped faces are the only web fonts and cover CJK code points only, so an element draws a
 * box when it has fewer shipped glyphs than CJK characters and a system font drew some of its text
 * (an element's own text nodes are counted; a child's Latin letters may add system glyphs).
 *
 * Text on a canvas is pixels once drawn: `watchCanvasText` records, from the page's start, each
 * text a canvas draws with a CJK character and whether its font had the glyphs at that moment (a
 * Noto Sans SC CJK glyph is one em wide; the box drawn for a missing glyph is narrower), and forgets
 * a canvas's texts when the whole canvas is cleared or resized. What remains is what it shows.
 */
import type { CDPSession, Page } from 'playwright-core';

/** CJK code points, as the font's unicode-range covers them (scripts/build-chinese-font.mjs's CJK_RANGES). */
const CJK_SOURCE =
  '[\\u2e80-\\u2fdf\\u3000-\\u30ff\\u3100-\\u312f\\u31c0-\\u31ef\\u3200-\\u33ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef]';
const CJK = new RegExp(CJK_SOURCE, 'gu');

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** Records what each canvas draws with CJK characters (added to the page before its scripts run). */
export async function watchCanvasText(page: Page): Promise<void> {
  await page.addInitScript((cjkSource: string) => {
    const cjk = new RegExp(cjkSource, 'gu');
    const drawn = new WeakMap<HTMLCanvasElement, { text: string; box: boolean }[]>();
    const context = CanvasRenderingContext2D.prototype;
    for (const name of ['fillText', 'strokeText'] as const) {
      const draw = context[name];
      context[name] = function (this: CanvasRenderingContext2D, text: string, ...rest: [number, number, number?]) {
        const characters = String(text).match(cjk);
        if (characters && this.canvas instanceof HTMLCanvasElement) {
          const em = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 0);
          const box = characters.some((character) => Math.abs(this.measureText(character).width - em) > 0.5);
          const list = drawn.get(this.canvas) ?? [];
          list.push({ text: String(text), box });
          drawn.set(this.canvas, list);
        }
        return draw.call(this, text, ...rest);
      };
    }
    const clearRect = context.clearRect;
    context.clearRect = function (this: CanvasRenderingContext2D, x: number, y: number, width: number, height: number) {
      const whole = this.getTransform().isIdentity && x <= 0 && y <= 0 && width >= this.canvas.width && height >= this.canvas.height;
      if (whole && this.canvas instanceof HTMLCanvasElement) drawn.delete(this.canvas);
      return clearRect.call(this, x, y, width, height);
    };
    for (const dimension of ['width', 'height'] as const) {
      const property = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, dimension)!;
      Object.defineProperty(HTMLCanvasElement.prototype, dimension, {
        ...property,
        set(this: HTMLCanvasElement, value: number) {
          drawn.delete(this);
          property.set!.call(this, value);
        },
      });
    }
    /** The texts the page's canvases show that were drawn as boxes. */
    (window as unknown as { canvasBoxes: () => string[] }).canvasBoxes = () => {
      const boxes: string[] = [];
      const visit = (root: Document | ShadowRoot): void => {
        for (const element of root.querySelectorAll('*')) {
          if (element instanceof HTMLCanvasElement) {
            for (const { text, box } of drawn.get(element) ?? []) if (box) boxes.push(`canvas ${element.id || element.className}: ${text}`);
          }
          if (element.shadowRoot) visit(element.shadowRoot);
        }
      };
      visit(document);
      return boxes;
    };
  }, CJK_SOURCE);
}

/** DevTools' node types (the test runs in Node, which has no DOM). */
const Node = { ELEMENT_NODE: 1, TEXT_NODE: 3 } as const;

/** The DOM texts drawn, at least in part, with a font lacking their CJK glyphs. */
async function domBoxes(cdp: CDPSession): Promise<string[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const elements = new Map<number, { name: string; text: string }>();
  const visit = (node: DomNode, parent: DomNode | null): void => {
    if (node.nodeType === Node.TEXT_NODE && parent && !['STYLE', 'SCRIPT', 'TITLE', 'TEMPLATE'].includes(parent.nodeName)) {
      const entry = elements.get(parent.nodeId) ?? { name: parent.nodeName.toLowerCase(), text: '' };
      entry.text += node.nodeValue;
      elements.set(parent.nodeId, entry);
    }
    const element = node.nodeType === Node.ELEMENT_NODE ? node : parent;
    for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) visit(child, element);
  };
  visit(root, null);
  const boxes: string[] = [];
  for (const [nodeId, { name, text }] of elements) {
    const cjk = text.match(CJK)?.length ?? 0;
    if (cjk === 0) continue;
    // Removed since the walk (the page re-renders as hands come): not drawn any more.
    const found = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId }).catch(() => null)) as { fonts: PlatformFont[] } | null;
    const fonts = found?.fonts ?? [];
    // No fonts: not drawn (display: none, or a canvas's fallback content).
    if (fonts.length === 0) continue;
    // Fewer shipped glyphs than CJK characters, and a system font drew some: that font drew boxes.
    const shipped = fonts.filter((font) => font.isCustomFont).reduce((sum, font) => sum + font.glyphCount, 0);
    if (shipped < cjk && fonts.some((font) => !font.isCustomFont))
      boxes.push(`${name} "${text.trim().slice(0, 24)}": ${fonts.map((font) => `${font.familyName} ×${font.glyphCount}`).join(', ')}`);
  }
  return boxes;
}

/**
 * Every Chinese text the page shows, in the DOM and on its canvases, drawn as boxes; empty when all
 * draw. The page must have been opened after `watchCanvasText`.
 */
export async function chineseBoxes(page: Page, cdp: CDPSession): Promise<string[]> {
  const canvas = await page.evaluate(() => (window as unknown as { canvasBoxes: () => string[] }).canvasBoxes());
  return [...(await domBoxes(cdp)), ...canvas];
}

/** A DevTools session on `page` that can ask which fonts drew its text. */
export async function fontInspector(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}
