/** The editor data of a custom-elements manifest, by file name (scripts/editor-data.mjs). */
export function editorData(manifest: unknown, options?: { classModule?: (path: string) => string }): Record<string, string>;
