import { expect, fixture, html } from '@open-wc/testing';
import '../../components/bacc-hand-list.js';
import type { BaccHandList } from '../../components/bacc-hand-list.js';

describe('<bacc-hand-list>', () => {
  it('shows the note that past results do not predict the next hand', async () => {
    const el = await fixture<BaccHandList>(html`<bacc-hand-list interval="0"></bacc-hand-list>`);
    expect(el.shadowRoot!.textContent).to.contain('Past results do not predict the next hand');
  });

  it('lists each hand dealt, with its cards and totals', async () => {
    const el = await fixture<BaccHandList>(html`<bacc-hand-list interval="0" seed="list"></bacc-hand-list>`);
    el.dealNext();
    el.dealNext();
    await el.updateComplete;
    const items = el.shadowRoot!.querySelectorAll('li');
    expect(items).to.have.length(2);
    expect(items[0]!.textContent).to.match(/player .+ \(\d\), banker .+ \(\d\)/);
  });

  it('deals by itself at the interval and stops when removed from the page', async () => {
    const el = await fixture<BaccHandList>(html`<bacc-hand-list interval="20"></bacc-hand-list>`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await el.updateComplete;
    const dealt = el.shadowRoot!.querySelectorAll('li').length;
    expect(dealt).to.be.greaterThan(1);
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('li').length).to.equal(dealt);
  });

  it('passes an accessibility audit', async () => {
    const el = await fixture<BaccHandList>(html`<bacc-hand-list interval="0" seed="a11y"></bacc-hand-list>`);
    el.dealNext();
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});
