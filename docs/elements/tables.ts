/** The API tables of one element, read from its manifest entry. */
import { html, type TemplateResult } from 'lit';
import type { ElementDoc } from './manifest.js';
import { inlineCode } from './text.js';

type Cell = string | TemplateResult | (string | TemplateResult)[];

const code = (text: string | undefined): Cell => (text ? html`<code>${text}</code>` : '');
const words = (text: string | undefined): Cell => inlineCode(text ?? '');

/** One table: a caption, a header row, and a row per entry, or one row saying there are none. */
function table(element: ElementDoc, kind: string, caption: string, headers: string[], rows: Cell[][]): TemplateResult {
  return html`<table class="api" data-table=${kind}>
    <caption>
      ${caption}
      <span class="count">(${rows.length})</span>
    </caption>
    <thead>
      <tr>
        ${headers.map((header) => html`<th scope="col">${header}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${
        rows.length === 0
          ? html`<tr>
              <td colspan=${headers.length} class="none">${element.tagName} has none.</td>
            </tr>`
          : rows.map(
              ([first, ...rest]) =>
                html`<tr>
                  <th scope="row">${first}</th>
                  ${rest.map((cell) => html`<td>${cell}</td>`)}
                </tr>`,
            )
      }
    </tbody>
  </table>`;
}

export function apiTables(element: ElementDoc): TemplateResult {
  return html`<div class="tables">
    ${table(
      element,
      'attributes',
      'Attributes',
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      element.attributes.map((attribute) => [
        code(attribute.name),
        code(attribute.fieldName),
        code(attribute.type?.text),
        code(attribute.default),
        words(attribute.description),
      ]),
    )}
    ${table(
      element,
      'properties',
      'Properties',
      ['Property', 'Attribute', 'Type', 'Default', 'Description'],
      element.properties.map((property) => [
        code(property.name),
        code(property.attribute),
        code(property.type?.text),
        code(property.default),
        [...(property.readonly ? ['Read only. '] : []), ...inlineCode(property.description ?? '')],
      ]),
    )}
    ${table(
      element,
      'events',
      'Events',
      ['Event', 'Type', 'Description'],
      element.events.map((event) => [code(event.name), code(event.type?.text), words(event.description)]),
    )}
    ${table(
      element,
      'slots',
      'Slots',
      ['Slot', 'Description'],
      element.slots.map((slot) => [slot.name ? code(slot.name) : '(default)', words(slot.description)]),
    )}
    ${table(
      element,
      'css-parts',
      'CSS parts',
      ['Part', 'Description'],
      element.cssParts.map((part) => [code(part.name), words(part.description)]),
    )}
    ${
      element.cssProperties.some((property) => property.default)
        ? table(
            element,
            'css-properties',
            'CSS custom properties',
            ['Property', 'Default', 'Description'],
            element.cssProperties.map((property) => [code(property.name), code(property.default), words(property.description)]),
          )
        : // The manifest gives no defaults (the descriptions do): no empty column.
          table(
            element,
            'css-properties',
            'CSS custom properties',
            ['Property', 'Description'],
            element.cssProperties.map((property) => [code(property.name), words(property.description)]),
          )
    }
  </div>`;
}
