/** Simplified Chinese for the roads elements, by msg() id. */
export const templates: Record<string, unknown> = {};
