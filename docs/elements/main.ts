/**
 * The docs page (npm run docs): every element live, with its API read from custom-elements.json,
 * a theme playground and copy-paste embeds. The elements come from the repository's sources, the
 * manifest from lib/custom-elements.json (vite.docs.config.ts), so the page shows what ships.
 */
import { html, render, type TemplateResult } from 'lit';
import manifestJson from 'virtual:custom-elements-manifest';
import { asManifest, elementDocs, themeProperties, type ElementDoc } from './manifest.js';
import { ThemePlayground } from './playground.js';
import { embedExamples } from './embed-examples.js';
import { sampleHands, sampleOutcomes } from './samples.js';
import { apiTables } from './tables.js';
import { inlineCode } from './text.js';
import './docs.css';
// The package's two themes (baccarat-scoreboard/themes/*.css), each shown below in a shadow root of its own: imported
// into the page, they would theme every example on it, which shows the elements' defaults.
import darkTheme from '../../themes/dark.css?inline';
import lightTheme from '../../themes/light.css?inline';
// The package's Chinese font (baccarat-scoreboard/chinese-font.css): the examples in 简体中文 draw on a screen without a CJK font.
import '../../components/fonts/chinese-font.css';

// Every element entry, so each documented tag is registered (a new element needs no change here).
const entries = import.meta.glob<Record<string, unknown>>('../../components/define/*.ts', { eager: true });
const registered = new Set(Object.values(entries).flatMap((entry) => Object.values(entry)));

const elements = elementDocs(asManifest(manifestJson));
for (const { tagName } of elements) {
  const definition = customElements.get(tagName);
  if (!definition || !registered.has(definition))
    console.error(`<${tagName}> is documented but no entry of components/define/ registers it`);
}
const properties = themeProperties(elements);

/** Attributes each live example sets, beside `.hands`; an element not listed gets the sample hands alone. */
const EXAMPLE_ATTRIBUTES: Record<string, Record<string, string>> = {
  'bacc-scoreboard': { 'table-name': 'Table 7', limits: '10–500', 'shoe-number': '3', letters: '' },
  'bacc-derived-road': { kind: 'big-eye-boy' },
  'bacc-big-road': { letters: '' },
  'bacc-chart': { kind: 'both' },
};

const liveElements = new Map<string, HTMLElement>();

/**
 * The live element named `key`, made once: the page re-renders on every playground input, and
 * handing Lit the same node again leaves it in place (a new one would be drawn from scratch).
 */
function liveElement(key: string, tagName: string, attributes: Record<string, string>, hands = true): HTMLElement {
  let element = liveElements.get(key);
  if (!element) {
    element = document.createElement(tagName);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (hands) Object.assign(element, { hands: sampleHands });
    liveElements.set(key, element);
  }
  return element;
}

function exampleMarkup(tagName: string, attributes: Record<string, string>): string {
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${value}"`))
    .join('');
  return `<${tagName}${attributeText}></${tagName}>\n<script type="module">\n  import '${
    elements.find((element) => element.tagName === tagName)?.entry ?? ''
  }';\n  document.querySelector('${tagName}').hands = hands; // an array of hand records\n</script>`;
}

/** The page's one piece of state besides the playground's values: the examples' language. */
let examplesLang: 'en' | 'zh-Hans' = 'en';

/** A live example: the element in a frame whose `lang` is the examples' language (the elements follow the nearest one). */
function live(element: HTMLElement, label: string, scoreboard = false): TemplateResult {
  return html`<div class="live ${scoreboard ? 'scoreboard-frame' : ''}" role="group" aria-label=${label} lang=${examplesLang} data-example>
    ${element}
  </div>`;
}

function elementSection(element: ElementDoc): TemplateResult {
  const attributes = EXAMPLE_ATTRIBUTES[element.tagName] ?? {};
  const id = element.tagName;
  return html`<section class="element" id=${id} aria-labelledby="${id}-heading" data-tag=${id}>
    <h3 id="${id}-heading"><code>&lt;${id}&gt;</code> <span class="class-name">${element.className}</span></h3>
    ${element.description.split(/\n\s*\n/).map((paragraph) => html`<p>${inlineCode(paragraph.replace(/\n/g, ' '))}</p>`)}
    <p>Import: <code>import '${element.entry}';</code></p>
    <h4>Live example</h4>
    ${live(liveElement(element.tagName, element.tagName, attributes), `Live example of ${element.tagName}`, element.tagName === 'bacc-scoreboard')}
    <details>
      <summary>Markup of this example</summary>
      <pre class="code"><code>${exampleMarkup(element.tagName, attributes)}</code></pre>
    </details>
    ${apiTables(element)}
  </section>`;
}

const playground = new ThemePlayground(
  properties,
  () => document.querySelector<HTMLElement>('#playground-preview'),
  () => draw(),
);

function embedSection(): TemplateResult {
  return html`${embedExamples.map(
      (example) =>
        html`<section class="embed" id=${example.id} aria-labelledby="${example.id}-heading">
          <h3 id="${example.id}-heading">${example.title}</h3>
          <p>${inlineCode(example.about)}</p>
          <p class="file">${example.file}</p>
          <pre class="code"><code id="${example.id}-code">${example.code}</code></pre>
          <button type="button" class="copy" data-copy="${example.id}-code">Copy ${example.file}</button>
        </section>`,
    )}
    <h3>The static embed, live</h3>
    ${live(liveElement('static-embed', 'bacc-big-road', { outcomes: sampleOutcomes }, false), 'Big Road drawn from outcomes BPPBBT')}`;
}

/** Each theme's example: its elements in a container of the theme's class, in a shadow root that holds the theme's CSS as a page would. */
const themeHosts = new Map<string, HTMLElement>();

function themeExample(name: 'dark' | 'light'): HTMLElement {
  let host = themeHosts.get(name);
  if (!host) {
    host = document.createElement('div');
    host.dataset['themeExample'] = name;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      `${name === 'dark' ? darkTheme : lightTheme}\n.bacc-theme-${name} { padding: 0.75rem; border-radius: 6px; }\n.live > * { display: block; }`,
    );
    host.attachShadow({ mode: 'open' }).adoptedStyleSheets = [sheet];
    themeHosts.set(name, host);
  }
  render(
    html`<div class="bacc-theme-${name}">
      ${live(liveElement(`theme-${name}-big-road`, 'bacc-big-road', { letters: '' }), `Big Road in the ${name} theme`)}
      ${live(liveElement(`theme-${name}-bead-plate`, 'bacc-bead-plate', {}), `Bead Plate in the ${name} theme`)}
    </div>`,
    host.shadowRoot!,
  );
  return host;
}

/** The package's dark and light themes side by side, each with the line that imports it. */
function themesSection(): TemplateResult {
  const theme = (name: 'dark' | 'light') =>
    html`<figure class="theme-example">
      ${themeExample(name)}
      <figcaption><code>import 'baccarat-scoreboard/themes/${name}.css';</code></figcaption>
    </figure>`;
  return html`<p>
      Two themes ship as CSS files setting the documented <code>--bacc-*</code> properties: imported, a theme applies to every element of
      the page; with both imported, a container with the class <code>bacc-theme-dark</code> or <code>bacc-theme-light</code> takes that one,
      its background and text colour included.
    </p>
    <div class="theme-examples">${theme('dark')}${theme('light')}</div>`;
}

function setExamplesLang(lang: 'en' | 'zh-Hans'): void {
  examplesLang = lang;
  draw();
}

function page(): TemplateResult {
  return html`<header class="page-header">
      <h1>baccarat-scoreboard: the elements</h1>
      <p>
        Web components for a mini-baccarat road-map scoreboard (play money only: past results do not predict the next hand). Every element
        below is live, drawn from a simulated shoe, with its attributes, properties, events, slots, CSS parts and CSS custom properties as
        <code>custom-elements.json</code> describes them.
      </p>
      <fieldset class="language">
        <legend>Language of the examples</legend>
        <label
          ><input type="radio" name="examples-lang" value="en" ?checked=${examplesLang === 'en'} @change=${() => setExamplesLang('en')} />
          English</label
        >
        <label lang="zh-Hans"
          ><input
            type="radio"
            name="examples-lang"
            value="zh-Hans"
            ?checked=${examplesLang === 'zh-Hans'}
            @change=${() => setExamplesLang('zh-Hans')}
          />
          简体中文</label
        >
      </fieldset>
      <nav aria-label="Contents">
        <ul>
          <li><a href="#elements">Elements</a></li>
          ${elements.map(
            (element) =>
              html`<li class="sub">
                <a href="#${element.tagName}"><code>${element.tagName}</code></a>
              </li>`,
          )}
          <li><a href="#themes">Dark and light themes</a></li>
          <li><a href="#playground">Theme playground</a></li>
          <li><a href="#embed">Embed it</a></li>
        </ul>
      </nav>
    </header>
    <main>
      <section id="elements" aria-labelledby="elements-heading">
        <h2 id="elements-heading">Elements</h2>
        ${elements.map(elementSection)}
      </section>
      <section id="themes" aria-labelledby="themes-heading">
        <h2 id="themes-heading">Dark and light themes</h2>
        ${themesSection()}
      </section>
      <section id="playground" aria-labelledby="playground-heading">
        <h2 id="playground-heading">Theme playground</h2>
        <p>
          Every documented <code>--bacc-*</code> property. Changes apply at once to the scoreboard beside the inputs (a custom property is
          inherited, so setting it on a container themes every element inside); the CSS of what you changed is under the inputs.
        </p>
        ${playground.render(
          html`<div id="playground-preview">
            ${live(
              liveElement('playground', 'bacc-scoreboard', EXAMPLE_ATTRIBUTES['bacc-scoreboard'] ?? {}),
              'Scoreboard themed by the playground',
              true,
            )}
          </div>`,
        )}
      </section>
      <section id="embed" aria-labelledby="embed-heading">
        <h2 id="embed-heading">Embed it</h2>
        ${embedSection()}
      </section>
    </main>
    <p class="copied" role="status" aria-live="polite"></p>`;
}

function draw(): void {
  render(page(), document.body);
}

document.body.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-copy]');
  if (!button) return;
  const text = document.getElementById(button.dataset['copy'] ?? '')?.textContent ?? '';
  const status = document.querySelector('.copied');
  navigator.clipboard.writeText(text).then(
    () => {
      if (status) status.textContent = 'Copied.';
    },
    () => {
      // No clipboard (an insecure origin, a denied permission): select the text for a manual copy.
      const code = document.getElementById(button.dataset['copy'] ?? '');
      if (code) getSelection()?.selectAllChildren(code);
      if (status) status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    },
  );
});

draw();
