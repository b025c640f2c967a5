import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { WakeLockController } from '../../../../components/app/kiosk/wake-lock.js';
import { BurnInShiftController } from '../../../../components/app/kiosk/burn-in-shift.js';
import { AttractDealerController } from '../../../../components/app/attract/attract-dealer.js';
import { storageProblemText } from '../../../../components/app/shared/data/kept-shoe.js';
import { makeRules } from '../../../../src/game/rules.js';
import { delay, until } from '../../../support/wait.js';

class BurnInHost extends LitElement {
  shift = new BurnInShiftController(this, 30);
}
customElements.define('test-burn-in-host', BurnInHost);

class DealerHost extends LitElement {
  dealer = new AttractDealerController(this, { rules: makeRules(), interval: 2, pauseBetweenShoes: 5, seed: 'attract' });
}
customElements.define('test-dealer-host', DealerHost);

class PausingDealerHost extends LitElement {
  dealer = new AttractDealerController(this, { rules: makeRules({ decks: 1 }), interval: 1, pauseBetweenShoes: 400, seed: 'pause' });
}
customElements.define('test-pausing-dealer-host', PausingDealerHost);

class WakeHost extends LitElement {
  wake = new WakeLockController(this);
}
customElements.define('test-wake-host', WakeHost);

describe('the kiosk controllers', () => {
  it('shift the host by a few pixels at each interval and stop when it leaves the page', async () => {
    const el = await fixture<BurnInHost>(html`<test-burn-in-host></test-burn-in-host>`);
    expect(el.style.getPropertyValue('--bacc-burn-in-x')).to.equal('0px');
    await until(() => el.shift.offset.some((offset) => offset !== 0), 'the first shift');
    const [x, y] = el.shift.offset;
    expect(Math.abs(x) + Math.abs(y)).to.be.greaterThan(0);
    expect(Math.abs(x)).to.be.at.most(4);
    expect(Math.abs(y)).to.be.at.most(4);
    el.remove();
    const offset = el.shift.offset;
    // Three intervals off the page: a shift would have come by now.
    await delay(100);
    expect(el.shift.offset).to.equal(offset);
  });

  it('deal a simulated shoe by themselves, replacing the hands list each time, and start the next shoe after the last hand', async () => {
    const el = await fixture<DealerHost>(html`<test-dealer-host></test-dealer-host>`);
    const first = el.dealer.hands;
    await until(() => el.dealer.hands.length > 3, 'four hands');
    expect(el.dealer.hands).not.to.equal(first);
    expect(el.dealer.shoeNumber).to.equal(1);
    await until(() => el.dealer.shoeNumber >= 2, 'the next shoe', 4000);
    expect(el.dealer.shoeNumber).to.equal(2);
    el.remove();
    const count = el.dealer.hands.length;
    // Twenty-five intervals off the page: a hand would have come by now.
    await delay(50);
    expect(el.dealer.hands.length).to.equal(count);
  });

  it('say when the shoe on screen is over, until the next one begins', async () => {
    const el = await fixture<PausingDealerHost>(html`<test-pausing-dealer-host></test-pausing-dealer-host>`);
    expect(el.dealer.shoeOver).to.equal(false);
    await until(() => el.dealer.shoeOver, 'the one-deck shoe dealt to its cut card', 2000);
    expect(el.dealer.hands.length).to.be.greaterThan(3);
    expect(el.dealer.shoeNumber).to.equal(1);
    await until(() => el.dealer.shoeNumber >= 2, 'the next shoe after the pause', 1000);
    expect(el.dealer.shoeNumber).to.equal(2);
    expect(el.dealer.shoeOver).to.equal(false);
    el.remove();
  });

  it('say why changes wait with the storage’s own words when it is not open', () => {
    const notOpen = { kind: 'unavailable', message: 'The storage is not open yet: hands are kept on this screen until it is.' } as const;
    const noIndexedDb = 'This browser offers no IndexedDB here (a private window or a blocked site setting?): shoes cannot be kept.';
    expect(storageProblemText({ unsaved: 2, problem: notOpen, storageMessage: noIndexedDb })).to.equal(
      `2 changes not saved yet (kept on this screen), retrying: ${noIndexedDb}`,
    );
    expect(storageProblemText({ unsaved: 1, problem: notOpen, storageMessage: null })).to.equal(
      `1 change not saved yet (kept on this screen), retrying: ${notOpen.message}`,
    );
    expect(storageProblemText({ unsaved: 0, problem: null, storageMessage: noIndexedDb })).to.equal(noIndexedDb);
  });

  it('hold a screen wake lock while on the page and release it on removal', async () => {
    const calls: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'wakeLock');
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: () => {
          calls.push('request');
          return Promise.resolve({ release: () => Promise.resolve(void calls.push('release')), addEventListener: () => undefined });
        },
      },
    });
    try {
      const el = await fixture<WakeHost>(html`<test-wake-host></test-wake-host>`);
      await until(() => el.wake.active, 'the wake lock');
      expect(el.wake.supported).to.equal(true);
      expect(el.wake.active).to.equal(true);
      el.remove();
      await until(() => calls.length === 2, 'the release');
      expect(calls).to.deep.equal(['request', 'release']);
      expect(el.wake.active).to.equal(false);
    } finally {
      delete (navigator as unknown as Record<string, unknown>)['wakeLock'];
      if (original) Object.defineProperty(Navigator.prototype, 'wakeLock', original);
    }
  });
});
