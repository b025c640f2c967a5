/** Types for scripts/build-chinese-font.mjs, for the tests that import it. */
export type ChineseFontSlice = 'app' | 'evidence';
export const WEIGHTS: number[];
export const FONT_DIR: string;
export const SLICES: ChineseFontSlice[];
export const EVIDENCE_TRANSLATIONS: string[];
export function fontFile(slice: ChineseFontSlice, weight: number): string;
export const RANGES_FILE: string;
export const CSS_FILE: string;
export const FAMILY: string;
export const CJK_RANGES: [number, number][];
export const EXTRA_CHARACTERS: string;
export function translationFiles(from?: string): string[];
export function chineseCharacters(from?: string): number[];
export function sliceCharacters(from?: string): Record<ChineseFontSlice, number[]>;
export function unicodeRange(codePoints: Iterable<number>): string;
export function rangeCodePoints(range: string): number[];
export function rangesModule(slices: Record<ChineseFontSlice, number[]>): string;
export function fontCss(slices: Record<ChineseFontSlice, number[]>, full?: FullSlice[]): string;
export function readCmap(font: Buffer): Map<number, number>;
export function buildFont(weight: number, codePoints: number[]): Promise<Buffer>;
export function fontCodePoints(font: Buffer): Promise<Set<number>>;
export const FULL_FAMILY: string;
export const FULL_DIR: string;
export const FULL_MODULE_FILE: string;
export function fullFontName(slice: string, weight: number): string;
export interface FullSlice {
  name: string;
  codePoints: number[];
  files: Record<number, string>;
}
export function fullSlices(): FullSlice[];
export function encodeRuns(codePoints: Iterable<number>): string;
export function fullModule(slices: FullSlice[]): string;
export function fullFontCss(slices: FullSlice[]): string[];
