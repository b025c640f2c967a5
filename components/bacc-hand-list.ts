import { LitElement, html, css, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Shoe, makeRules, type DealtHand } from '../src/index.js';

/**
 * A plain running list of a simulated shoe's hands, dealt automatically: the first scoreboard
 * page, until the road elements replace it.
 *
 * @cssprop --bacc-banker-color - Colour of banker results.
 * @cssprop --bacc-player-color - Colour of player results.
 * @cssprop --bacc-tie-color - Colour of ties.
 */
@customElement('bacc-hand-list')
export class BaccHandList extends LitElement {
  static override styles = css`
    :host {
      display: block;
      font: 1rem/1.4 system-ui, sans-serif;
      --_banker: var(--bacc-banker-color, #d32f2f);
      --_player: var(--bacc-player-color, #1565c0);
      --_tie: var(--bacc-tie-color, #2e7d32);
    }
    ol {
      margin: 0;
      padding-left: 3em;
    }
    .B { color: var(--_banker); }
    .P { color: var(--_player); }
    .T { color: var(--_tie); }
    .note { font-weight: 600; }
  `;

  /** Decks in the simulated shoe. */
  @property({ type: Number }) decks = 8;

  /** Milliseconds between hands; 0 deals only when `dealNext()` is called. */
  @property({ type: Number }) interval = 3000;

  /** The shoe's seed, for a reproducible shoe; empty for a crypto shuffle. */
  @property() seed = '';

  @state() private hands: DealtHand[] = [];
  private shoe: Shoe | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.startTimer();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('decks') || changed.has('seed') || this.shoe === null) {
      this.shoe = new Shoe({ rules: makeRules({ decks: this.decks }), seed: this.seed || null });
      this.hands = [];
    }
    if (changed.has('interval') && this.isConnected) this.startTimer();
  }

  /** Deals the next hand; a finished shoe is replaced by a new one. */
  dealNext(): void {
    if (this.shoe === null || this.shoe.finished) {
      this.shoe = new Shoe({ rules: makeRules({ decks: this.decks }), seed: null });
      this.hands = [];
    }
    this.hands = [...this.hands, this.shoe.dealHand()];
  }

  private startTimer(): void {
    clearInterval(this.timer);
    this.timer = this.interval > 0 ? setInterval(() => this.dealNext(), this.interval) : undefined;
  }

  protected override render() {
    const names = { B: 'Banker', P: 'Player', T: 'Tie' } as const;
    return html`
      <p class="note">Past results do not predict the next hand. Play money only.</p>
      ${this.hands.length === 0 ? html`<p>Shuffling… the first hand is coming.</p>` : nothing}
      <ol part="list" aria-live="polite">
        ${this.hands.map(
          (hand) => html`<li class=${hand.winner}>
            ${names[hand.winner]} ${hand.winner === 'T' ? hand.playerTotal : Math.max(hand.playerTotal, hand.bankerTotal)}
            — player ${hand.player.join(' ')} (${hand.playerTotal}), banker ${hand.banker.join(' ')} (${hand.bankerTotal})
            ${hand.playerPair ? '· player pair' : ''} ${hand.bankerPair ? '· banker pair' : ''}
          </li>`,
        )}
      </ol>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-hand-list': BaccHandList;
  }
}
