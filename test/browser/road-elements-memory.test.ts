import { expect, fixture, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../../components/define/bead-plate.js';
import '../../components/define/big-road.js';
import '../../components/define/derived-road.js';
import '../../components/define/predictions.js';
import { handsFromOutcomes } from '../../src/roads/roads.js';
import type { HandRecord } from '../../src/shoes/document.js';

/** Every node under a root, shadow roots included: markers and comments too. */
function countNodes(root: Node): number {
  let count = 1;
  for (const child of root.childNodes) count += countNodes(child);
  if (root instanceof Element && root.shadowRoot) count += countNodes(root.shadowRoot);
  return count;
}

const SHOE = handsFromOutcomes('BPBBPTPPBPBBBPPPBPBPBBPBPPPBTBPBPBBBPPBPBPPPBBBPBPTPBBPBPBBPPBBBPPBPBPBPBBPPBPBB');

/** Deals the shoe into the element hand by hand, as the kiosk does, and counts its nodes. */
async function dealShoe(el: LitElement & { hands?: readonly HandRecord[] }): Promise<number> {
  el.hands = [];
  await el.updateComplete;
  for (let i = 1; i <= SHOE.length; i++) {
    el.hands = SHOE.slice(0, i);
    await el.updateComplete;
  }
  return countNodes(el);
}

describe('road elements over many shoes', () => {
  const elements = [
    html`<bacc-bead-plate style="width:320px"></bacc-bead-plate>`,
    html`<bacc-big-road style="width:320px"></bacc-big-road>`,
    html`<bacc-derived-road kind="big-eye-boy" style="width:320px"></bacc-derived-road>`,
    html`<bacc-derived-road kind="cockroach-pig" style="width:320px"></bacc-derived-road>`,
    html`<bacc-predictions></bacc-predictions>`,
  ];
  for (const template of elements) {
    it(`keep the same number of nodes from one shoe to the next (${template.strings[0]!.match(/<([a-z-]+)/)![1]})`, async () => {
      const el = await fixture<LitElement & { hands?: readonly HandRecord[] }>(template);
      const first = await dealShoe(el);
      const second = await dealShoe(el);
      const fifth = [await dealShoe(el), await dealShoe(el), await dealShoe(el)].at(-1);
      expect(second).to.equal(first);
      expect(fifth).to.equal(first);
    });
  }
});
