/**
 * The theme playground: an input per documented `--bacc-*` property, applied live to a preview,
 * and the CSS of the values changed so far, to copy into a page.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { DEFAULT_COLORS } from '../../components/styles/theme.js';
import type { ThemeProperty } from './manifest.js';

/** The colour inputs' starting values: the theme's own defaults, where it has one colour for a property. */
const KNOWN_COLOURS: Record<string, string> = {
  '--bacc-banker-color': DEFAULT_COLORS.banker,
  '--bacc-player-color': DEFAULT_COLORS.player,
  '--bacc-tie-color': DEFAULT_COLORS.tie,
  '--bacc-focus-color': DEFAULT_COLORS.focus,
  '--bacc-notice-background': DEFAULT_COLORS.notice,
  '--bacc-notice-color': DEFAULT_COLORS.onNotice,
  '--bacc-mark-text-color': DEFAULT_COLORS.markText,
};

/** #abc as #aabbcc: what an input type=color takes. */
function longHex(colour: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : colour;
}

const inputId = (property: ThemeProperty) => `theme${property.name}`;

/** The CSS a page would paste: the changed properties on :root, so every element on the page takes them. */
export function themeCss(changed: ReadonlyMap<string, string>): string {
  if (changed.size === 0) return '/* Change a property above: its CSS appears here. */';
  const lines = [...changed].map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${lines.join('\n')}\n}`;
}

export class ThemePlayground {
  private readonly changed = new Map<string, string>();

  constructor(
    private readonly properties: readonly ThemeProperty[],
    /** The element the values are set on: the preview's container, so every element in it inherits them. */
    private readonly target: () => HTMLElement | null,
    private readonly rerender: () => void,
  ) {}

  get css(): string {
    return themeCss(this.changed);
  }

  set(name: string, value: string): void {
    const target = this.target();
    if (value.trim() === '') {
      this.changed.delete(name);
      target?.style.removeProperty(name);
    } else {
      this.changed.set(name, value.trim());
      target?.style.setProperty(name, value.trim());
    }
    this.rerender();
  }

  reset(form: HTMLFormElement): void {
    for (const name of this.changed.keys()) this.target()?.style.removeProperty(name);
    this.changed.clear();
    form.reset();
    this.rerender();
  }

  private field(property: ThemeProperty): TemplateResult {
    const id = inputId(property);
    const onInput = (event: Event) => this.set(property.name, (event.target as HTMLInputElement).value);
    const state = this.changed.has(property.name)
      ? html`<span class="state changed">changed</span>`
      : html`<span class="state">default${property.default ? html`: <code>${property.default}</code>` : nothing}</span>`;
    return html`<div class="field">
      <label for=${id}><code>${property.name}</code></label>
      ${
        property.colour
          ? html`<input
              id=${id}
              type="color"
              data-property=${property.name}
              value=${longHex(KNOWN_COLOURS[property.name] ?? '#808080')}
              aria-describedby="${id}-about"
              @input=${onInput}
            />`
          : html`<input
              id=${id}
              type="text"
              data-property=${property.name}
              placeholder=${property.default ?? 'element default'}
              aria-describedby="${id}-about"
              @input=${onInput}
            />`
      }
      ${state}
      <p class="about" id="${id}-about">${property.description} <span class="used-by">(${property.elements.join(', ')})</span></p>
    </div>`;
  }

  /** The inputs beside `preview` (the themed elements), then the CSS of the changes. */
  render(preview: TemplateResult): TemplateResult {
    return html`<div class="playground-layout">
        <form class="playground-form" aria-label="Theme properties" @submit=${(event: Event) => event.preventDefault()}>
          <fieldset>
            <legend>Colours</legend>
            ${this.properties.filter((property) => property.colour).map((property) => this.field(property))}
          </fieldset>
          <fieldset>
            <legend>Sizes, fonts and other values</legend>
            ${this.properties.filter((property) => !property.colour).map((property) => this.field(property))}
          </fieldset>
          <button type="button" @click=${(event: Event) => this.reset((event.target as HTMLButtonElement).form!)}>Reset all</button>
        </form>
        ${preview}
      </div>
      <h3 id="theme-css-heading">Your theme as CSS</h3>
      <pre class="code" aria-labelledby="theme-css-heading"><code id="theme-css">${this.css}</code></pre>
      <button type="button" class="copy" data-copy="theme-css">Copy CSS</button>`;
  }
}
