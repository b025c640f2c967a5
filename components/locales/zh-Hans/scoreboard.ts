/** Simplified Chinese for the scoreboard elements, by msg() id. */
export const templates: Record<string, unknown> = {};
