import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ThemeWatcher } from '../../../components/controllers/theme-watcher.js';
import { delay } from '../../support/wait.js';

class ThemeHost extends LitElement {
  changes = 0;
  watcher = new ThemeWatcher(this, () => this.changes++);
}
customElements.define('test-theme-host', ThemeHost);

/** MutationObserver callbacks run as microtasks: a task later they have all been delivered. */
const delivered = (): Promise<void> => delay(0);

describe('ThemeWatcher', () => {
  const root = document.documentElement;
  afterEach(() => {
    root.removeAttribute('data-theme');
    document.body.classList.remove('test-theme');
  });

  it('tells its host once for each change of the root’s attributes or the body’s class, and nothing else', async () => {
    const el = await fixture<ThemeHost>(html`<test-theme-host></test-theme-host>`);
    const before = el.changes;
    root.setAttribute('data-theme', 'light');
    await delivered();
    expect(el.changes).to.equal(before + 1);
    document.body.classList.add('test-theme');
    await delivered();
    expect(el.changes).to.equal(before + 2);
    document.body.setAttribute('data-unrelated', 'x');
    document.body.removeAttribute('data-unrelated');
    el.setAttribute('data-theme', 'dark');
    await delivered();
    expect(el.changes).to.equal(before + 2);
  });

  it('stops listening when the host leaves the page, and tells it on its return that the theme may have changed', async () => {
    const el = await fixture<ThemeHost>(html`<test-theme-host></test-theme-host>`);
    const parent = el.parentElement!;
    el.remove();
    const away = el.changes;
    root.setAttribute('data-theme', 'light');
    await delivered();
    expect(el.changes).to.equal(away);
    parent.append(el);
    expect(el.changes).to.equal(away + 1);
  });
});
