/** Simplified Chinese for the panels elements, by msg() id. */
export const templates: Record<string, unknown> = {};
