import { expect, fixture, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../../components/define/scoreboard.js';
import type { BaccScoreboard } from '../../components/bacc-scoreboard.js';
import { Shoe } from '../../src/game/shoe.js';
import { handRecord, type HandRecord } from '../../src/shoes/document.js';

const dealt = (seed: string, count: number): HandRecord[] => {
  const shoe = new Shoe({ seed });
  return Array.from({ length: count }, () => handRecord(shoe.dealHand()));
};

/** Runs `act` with console.warn collected, and returns the warnings. */
async function warningsDuring(act: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...parts: unknown[]) => warnings.push(parts.map(String).join(' '));
  try {
    await act();
  } finally {
    console.warn = warn;
  }
  return warnings;
}

/** Every element inside the scoreboard, updated. */
async function settled(el: BaccScoreboard): Promise<void> {
  await el.updateComplete;
  for (const child of el.shadowRoot!.querySelectorAll<LitElement>('*')) if ('updateComplete' in child) await child.updateComplete;
}

const headerText = (el: BaccScoreboard) => el.shadowRoot!.querySelector('header')!.textContent.replace(/\s+/g, ' ');
const statsText = (el: BaccScoreboard) => el.shadowRoot!.querySelector('bacc-stats')!.shadowRoot!.textContent.replace(/\s+/g, ' ');
const bigRoadText = (el: BaccScoreboard) => el.shadowRoot!.querySelector('bacc-big-road')!.shadowRoot!.textContent.replace(/\s+/g, ' ');

const valid = dealt('bad-hands', 5);
const [first] = valid as [HandRecord];

/** Values a page might pass as `.hands`, and the words of the warning each must give. */
const BAD_HANDS: [string, unknown, RegExp][] = [
  ['a number', 42, /expected an array of hand records; got 42/],
  ['an object', {}, /expected an array of hand records; got \{\}/],
  ['a string of outcomes', 'BPPB', /expected an array of hand records; got "BPPB"/],
  ['a list holding null', [null], /hand 1 \(hands\[0\]\): expected a hand record; got null/],
  ['a hand without an outcome', [first, { ...first, outcome: undefined }], /hand 2 \(hands\[1\]\): outcome .* got undefined/],
  ['an unknown outcome', [first, first, { ...first, outcome: 'X' }], /hand 3 \(hands\[2\]\): outcome must be "B", "P" or "T"; got "X"/],
  ['a hand with only an outcome', [{ outcome: 'B' }], /hand 1 \(hands\[0\]\): playerPair must be boolean; got undefined/],
  ['a pair flag that is text', [{ ...first, bankerPair: 'yes' }], /hand 1 \(hands\[0\]\): bankerPair must be boolean; got "yes"/],
  ['an unknown card', [{ ...first, cards: ['zz'] }], /hand 1 \(hands\[0\]\): cards \["zz"\]/],
];

describe('bad .hands', () => {
  it('shows an empty board for undefined or null, without an error or a warning, and recovers with a list', async () => {
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard style="width:1280px;height:720px" .hands=${valid}></bacc-scoreboard>`);
    const warnings = await warningsDuring(async () => {
      for (const value of [undefined, null]) {
        el.hands = value;
        await settled(el);
        expect(headerText(el)).to.contain('No shoe yet');
        expect(statsText(el)).to.match(/Hands ?0/);
      }
      el.hands = valid;
      await settled(el);
    });
    expect(warnings).to.deep.equal([]);
    expect(headerText(el)).to.match(/Hand ?5/);
  });

  for (const [name, value, words] of BAD_HANDS) {
    it(`refuses ${name} with one warning naming where, shows no hands, and recovers`, async () => {
      const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard style="width:1280px;height:720px" .hands=${valid}></bacc-scoreboard>`);
      const warnings = await warningsDuring(async () => {
        el.hands = value as HandRecord[];
        await settled(el);
      });
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/^bacc-scoreboard: \.hands refused, showing no hands: /);
      expect(warnings[0]).to.match(words);
      expect(headerText(el)).to.contain('No shoe yet');
      expect(statsText(el)).to.match(/Hands ?0/);
      expect(bigRoadText(el)).to.contain('nothing yet');
      const lastHand = el.shadowRoot!.querySelector('bacc-last-hand')!.shadowRoot!.textContent;
      expect(lastHand).not.to.contain('undefined');
      el.hands = valid.slice(0, 3);
      await settled(el);
      expect(headerText(el)).to.match(/Hand ?3/);
      expect(statsText(el)).to.match(/Hands ?3/);
    });
  }

  it('refuses a hand whose cards contradict it in the roads and the panels alike, saying which field', async () => {
    const natural = valid.find((hand) => !hand.natural)!;
    const el = await fixture<BaccScoreboard>(html`<bacc-scoreboard style="width:1280px;height:720px"></bacc-scoreboard>`);
    const warnings = await warningsDuring(async () => {
      el.hands = [{ ...natural, natural: true }];
      await settled(el);
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/hand 1 \(hands\[0\]\): natural is true, but cards .* give false/);
    expect(bigRoadText(el)).to.contain('nothing yet');
    expect(statsText(el)).to.match(/Hands ?0/);
  });

  for (const tag of ['bacc-stats', 'bacc-chart', 'bacc-last-hand', 'bacc-odds-note', 'bacc-big-road'] as const) {
    it(`<${tag}> on its own takes null as no hands and warns once for a bad list`, async () => {
      const el = document.createElement(tag) as HTMLElement & { hands: unknown; updateComplete: Promise<boolean> };
      document.body.append(el);
      try {
        el.hands = valid;
        await el.updateComplete;
        const warnings = await warningsDuring(async () => {
          el.hands = null;
          expect(await el.updateComplete).to.equal(true);
          el.hands = [{ outcome: 'B' }];
          expect(await el.updateComplete).to.equal(true);
          expect(el.shadowRoot!.textContent).not.to.contain('undefined');
        });
        expect(warnings).to.have.length(1);
        expect(warnings[0]).to.match(new RegExp(`^${tag}: \\.hands refused, showing no hands: hand 1 \\(hands\\[0\\]\\): playerPair`));
        el.hands = valid;
        expect(await el.updateComplete).to.equal(true);
      } finally {
        el.remove();
      }
    });
  }
});
