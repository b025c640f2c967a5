import { html, css, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Winner } from '../src/game/hand.js';
import { fullShoe, withoutCards, type NextHandOdds } from '../src/game/odds.js';
import type { Card } from '../src/game/cards.js';
import { outcomeLetter, outcomeName } from './internal/messages.js';
import { percent } from './internal/panel-labels.js';
import { panelTokens } from './styles/panel-styles.js';
import { StatisticsPanel } from './internal/statistics-panel.js';
import { themeTokens } from './styles/theme.js';
import { exactOddsOf, type OddsLookup } from './internal/exact-odds.js';
import { acceptedCards, cardsChanged } from './internal/cards-out-of-play.js';

/**
 * Which odds the note shows: of the next hand from the cards left, of a hand from a full shoe, or
 * of the first hand of a new shoe once the one on screen is over.
 */
export type OddsBasis = 'next-hand' | 'full-shoe' | 'new-shoe';

/**
 * The note that stays on screen: past results do not predict the next hand. Beside it, the exact
 * odds of the next hand — from the cards left when every hand was recorded with its cards (the
 * only thing that changes them), less the cards seen out of play (`cardsOutOfPlay`), otherwise from
 * a full shoe, saying which. Once the shoe is over (`ended`), the next hand comes from a new shoe: a
 * full shoe's odds, saying so.
 *
 * @csspart notice - The sentence that past results do not predict the next hand.
 * @csspart basis - What the odds are computed from.
 * @csspart odds - The list of odds.
 * @csspart label - The name of an outcome.
 * @csspart value - The probability of an outcome.
 * @cssprop --bacc-banker-color - Colour of the banker's letter.
 * @cssprop --bacc-player-color - Colour of the player's letter.
 * @cssprop --bacc-tie-color - Colour of the tie's letter.
 * @cssprop --bacc-mark-text-color - The letter on a side's mark.
 * @cssprop --bacc-text-color - Colour of the note and the odds.
 * @cssprop --bacc-muted-color - Colour of the basis.
 * @cssprop --bacc-figure-size - Size of the odds (default: grows with the element's width).
 * @cssprop --bacc-label-size - Size of the note.
 * @cssprop --bacc-panel-gap - Space between the parts.
 *
 * @tagname bacc-odds-note
 */
export class BaccOddsNote extends StatisticsPanel {
  static override styles = [
    themeTokens,
    panelTokens,
    css`
      .note {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--_panel-gap) calc(var(--_panel-gap) * 3);
        font-size: var(--_label-size);
      }
      .notice {
        margin: 0;
        font-weight: 700;
        font-size: 1.15em;
      }
      .odds-block {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2em calc(var(--_panel-gap) * 2);
      }
      .basis {
        margin: 0;
        color: var(--_muted);
      }
      dl {
        margin: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.2em calc(var(--_panel-gap) * 2);
      }
      dl > div {
        display: flex;
        align-items: baseline;
        gap: 0.35em;
      }
      dt {
        display: flex;
        align-items: center;
        gap: 0.3em;
      }
      dd {
        margin: 0;
        font-size: calc(var(--_figure-size) * 0.5);
        font-weight: 700;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  /** The shoe is over (its cut card came out, or it was ended): the next hand is a new shoe's first. */
  @property({ type: Boolean, reflect: true }) ended = false;

  /**
   * Cards out of play that everyone saw leave the shoe outside the hands, in the card notation (`QS`,
   * `3H`): a cancelled card, the burn's card turned face up, a void or dummy hand's cards. The odds of
   * the next hand leave them out. Cards burned face down are not among them: unseen, they change no
   * odds. Null or undefined: none; a value that is not a list of cards: none, and a console warning.
   */
  @property({ attribute: false })
  get cardsOutOfPlay(): readonly Card[] {
    return this.outOfPlay;
  }
  set cardsOutOfPlay(value: readonly Card[] | null | undefined) {
    const accepted = acceptedCards(value, this.localName);
    // The same cards in a new list (a page builds one each render) change nothing.
    if (cardsChanged(accepted, this.outOfPlay)) this.outOfPlay = accepted;
  }
  private outOfPlay: readonly Card[] = [];

  /** Null while they are being worked out (the first odds take a moment, off the main thread). */
  private odds: NextHandOdds | null = null;
  private basis: OddsBasis = 'full-shoe';
  private cardsLeft = 0;
  private cardsMissing = false;
  /** The odds being worked out for the note, which updates when they come. */
  private awaited: Promise<void> | null = null;
  private oddsArrived = false;

  /**
   * A note that shows odds keeps showing them until the odds for its new hands are worked out
   * (about a millisecond), then shows the new ones at once: never another hand's figures, and no
   * flicker to the placeholder on every hand.
   */
  protected override async scheduleUpdate(): Promise<unknown> {
    if (this.hasUpdated && this.odds !== null) await this.wantedOdds().later.catch(() => undefined);
    return super.scheduleUpdate();
  }

  /** Resolves once the note shows its odds, or once they failed and it shows the placeholder. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let settled = await super.getUpdateComplete();
    while (this.awaited !== null) {
      await this.awaited;
      settled = await super.getUpdateComplete();
    }
    return settled;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.statisticsInputsChanged(changed) && !changed.has('ended') && !changed.has('cardsOutOfPlay') && !this.oddsArrived) return;
    this.oddsArrived = false;
    const lookup = this.wantedOdds();
    this.odds = lookup.now ?? null;
    if (lookup.now !== undefined) {
      this.awaited = null;
      return;
    }
    const awaited: Promise<void> = lookup.later.then(
      () => {
        if (this.awaited !== awaited) return;
        this.awaited = null;
        this.oddsArrived = true;
        this.requestUpdate();
      },
      (error: unknown) => {
        if (this.awaited !== awaited) return;
        this.awaited = null;
        console.warn(`${this.localName}: no odds: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    this.awaited = awaited;
  }

  /** Follows the hands, settles the basis, and asks for its odds. */
  private wantedOdds(): OddsLookup {
    this.followStatistics();
    const statistics = this.follower.statistics;
    const outOfPlay = this.outOfPlay;
    // With no hand and no card out of play yet, the cards left are the full shoe: say so rather than "the cards left".
    const counted = (statistics.hands > 0 || outOfPlay.length > 0) && !this.ended ? statistics.remainingCounts() : null;
    // More of a rank out of play than the hands left (cards that are not this shoe's): a full shoe's odds, as for hands that cannot be.
    const remaining = counted === null ? null : withoutCards(counted, outOfPlay);
    const left = remaining?.reduce((sum, n) => sum + n, 0) ?? 0;
    // The composition ShoeStatistics.nextHandOdds would use, less the cards out of play: known cards left, six or more.
    const next = remaining !== null && left >= 6 ? remaining : null;
    this.basis = this.ended ? 'new-shoe' : next === null ? 'full-shoe' : 'next-hand';
    this.cardsLeft = left;
    this.cardsMissing = this.basis === 'full-shoe' && statistics.summary().handsWithCards < this.hands.length;
    return exactOddsOf(next ?? fullShoe(statistics.decks), statistics.rules);
  }

  protected override render(): TemplateResult {
    const odds = this.odds;
    const decks = this.follower.statistics.decks;
    const basis =
      this.basis === 'next-hand'
        ? this.localize.term('oddsNextHand', this.cardsLeft)
        : this.basis === 'new-shoe'
          ? this.localize.term('oddsNewShoe', decks)
          : this.cardsMissing
            ? this.localize.term('oddsFullShoeCardsMissing', decks)
            : this.localize.term('oddsFullShoe', decks);
    return html`
      <div class="note">
        <p class="notice" part="notice">${this.localize.term('oddsPastResults')}</p>
        <div class="odds-block">
          <p class="basis" part="basis" data-basis=${this.basis}>${basis}</p>
          <dl part="odds" aria-busy=${odds === null ? 'true' : 'false'}>
            ${this.entry('B', odds?.banker)} ${this.entry('P', odds?.player)} ${this.entry('T', odds?.tie)}
          </dl>
        </div>
      </div>
    `;
  }

  /** An outcome and its probability; an ellipsis while the odds are being worked out. */
  private entry(outcome: Winner, probability: number | undefined): TemplateResult {
    return html`<div data-outcome=${outcome}>
      <dt part="label">
        <span class="mark ${outcome}" aria-hidden="true">${outcomeLetter(this.localize, outcome)}</span
        >${outcomeName(this.localize, outcome)}
      </dt>
      <dd part="value">${probability === undefined ? '…' : percent(probability, 2)}</dd>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-odds-note': BaccOddsNote;
  }
}
