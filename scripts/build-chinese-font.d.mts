/** Types for scripts/build-chinese-font.mjs, for the tests that import it. */
export type ChineseFontSlice = 'app' | 'evidence';
export const WEIGHTS: number[];
export const FONT_DIR: string;
export const SLICES: ChineseFontSlice[];
export const EVIDENCE_TRANSLATIONS: string[];
export function fontFile(slice: ChineseFontSlice, weight: number): string;
export const RANGES_FILE: string;
export const CJK_RANGES: [number, number][];
export const EXTRA_CHARACTERS: string;
export function translationFiles(from?: string): string[];
export function chineseCharacters(from?: string): number[];
export function sliceCharacters(from?: string): Record<ChineseFontSlice, number[]>;
export function unicodeRange(codePoints: Iterable<number>): string;
export function rangeCodePoints(range: string): number[];
export function rangesModule(slices: Record<ChineseFontSlice, number[]>): string;
export function readCmap(font: Buffer): Map<number, number>;
export function buildFont(weight: number, codePoints: number[]): Promise<Buffer>;
export function fontCodePoints(font: Buffer): Promise<Set<number>>;
