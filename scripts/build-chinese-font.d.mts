/** Types for scripts/build-chinese-font.mjs, for the tests that import it. */
export const WEIGHTS: number[];
export const FONT_DIR: string;
export function fontFile(weight: number): string;
export const CJK_RANGES: [number, number][];
export const EXTRA_CHARACTERS: string;
export function translationFiles(from?: string): string[];
export function chineseCharacters(from?: string): number[];
export function readCmap(font: Buffer): Map<number, number>;
export function buildFont(weight: number, codePoints: number[]): Promise<Buffer>;
export function fontCodePoints(font: Buffer): Promise<Set<number>>;
