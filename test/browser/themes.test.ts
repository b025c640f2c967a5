import { expect, fixture, html } from '@open-wc/testing';
import '../../components/define/big-road.js';
import '../../components/define/bead-plate.js';

/**
 * The package's themes as a page uses them (baccarat-scoreboard/themes/*.css, here the files the
 * package ships): one imported themes every element of the page; with both, a container of a
 * theme's class takes that one.
 */

/** Adds a theme's stylesheet to the page, as a bundler's CSS import does; removed after the test. */
async function importTheme(name: 'dark' | 'light'): Promise<HTMLStyleElement> {
  const style = document.createElement('style');
  style.textContent = await (await fetch(`/themes/${name}.css`)).text();
  style.dataset['theme'] = name;
  document.head.append(style);
  return style;
}

/** The colour of the banker rings of the big road in `root`. */
function bankerRings(root: ParentNode): string {
  const road = root.querySelector('bacc-big-road')!;
  return getComputedStyle(road.shadowRoot!.querySelector('.rings.B')!).color;
}

describe('the themes', () => {
  afterEach(() => {
    for (const style of document.head.querySelectorAll('style[data-theme]')) style.remove();
  });

  it('an imported theme colours every element of the page, and the default is back without it', async () => {
    const page = await fixture<HTMLElement>(html`<div><bacc-big-road outcomes="BPB"></bacc-big-road></div>`);
    expect(bankerRings(page)).to.equal('rgb(211, 47, 47)');
    await importTheme('dark');
    expect(bankerRings(page)).to.equal('rgb(255, 90, 82)');
    for (const style of document.head.querySelectorAll('style[data-theme]')) style.remove();
    await importTheme('light');
    expect(bankerRings(page)).to.equal('rgb(198, 40, 40)');
  });

  it('with both imported, a container of a theme’s class takes that theme, its background included', async () => {
    await importTheme('dark');
    await importTheme('light');
    const page = await fixture<HTMLElement>(
      html`<div>
        <div class="bacc-theme-dark"><bacc-big-road outcomes="BPB"></bacc-big-road></div>
        <div class="bacc-theme-light"><bacc-big-road outcomes="BPB"></bacc-big-road></div>
      </div>`,
    );
    const [dark, light] = [...page.children] as HTMLElement[];
    expect(bankerRings(dark!)).to.equal('rgb(255, 90, 82)');
    expect(getComputedStyle(dark!).backgroundColor).to.equal('rgb(11, 15, 20)');
    expect(bankerRings(light!)).to.equal('rgb(198, 40, 40)');
    expect(getComputedStyle(light!).backgroundColor).to.equal('rgb(238, 241, 245)');
  });
});
