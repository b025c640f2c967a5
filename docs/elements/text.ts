import { html, type TemplateResult } from 'lit';

/** Text from the manifest with its `code` spans as <code>; everything else stays text (no HTML from the manifest). */
export function inlineCode(text: string): (string | TemplateResult)[] {
  return text.split('`').map((piece, index) => (index % 2 === 1 ? html`<code>${piece}</code>` : piece));
}
