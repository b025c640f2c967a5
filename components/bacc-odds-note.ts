import { html, css, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Winner } from '../src/game/hand.js';
import type { NextHandOdds } from '../src/game/odds.js';
import { outcomeLetter, outcomeName } from './internal/messages.js';
import { percent } from './internal/panel-labels.js';
import { panelTokens } from './styles/panel-styles.js';
import { StatisticsPanel } from './internal/statistics-panel.js';
import { themeTokens } from './styles/theme.js';

/**
 * Which odds the note shows: of the next hand from the cards left, of a hand from a full shoe, or
 * of the first hand of a new shoe once the one on screen is over.
 */
export type OddsBasis = 'next-hand' | 'full-shoe' | 'new-shoe';

/**
 * The note that stays on screen: past results do not predict the next hand. Beside it, the exact
 * odds of the next hand — from the cards left when every hand was recorded with its cards (the
 * only thing that changes them), otherwise from a full shoe, saying which. Once the shoe is over
 * (`ended`), the next hand comes from a new shoe: a full shoe's odds, saying so.
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

  private odds: NextHandOdds = this.ownFollower.statistics.fullShoeOdds();
  private basis: OddsBasis = 'full-shoe';
  private cardsMissing = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.statisticsInputsChanged(changed) && !changed.has('ended')) return;
    this.followStatistics();
    const statistics = this.follower.statistics;
    // With no hand yet, the cards left are the full shoe: say so rather than "the cards left".
    const next = statistics.hands > 0 && !this.ended ? statistics.nextHandOdds() : null;
    this.basis = this.ended ? 'new-shoe' : next === null ? 'full-shoe' : 'next-hand';
    this.odds = next ?? statistics.fullShoeOdds();
    this.cardsMissing = this.basis === 'full-shoe' && statistics.summary().handsWithCards < this.hands.length;
  }

  protected override render(): TemplateResult {
    const odds = this.odds;
    const decks = this.follower.statistics.decks;
    const basis =
      this.basis === 'next-hand'
        ? this.localize.term('oddsNextHand', odds.cardsLeft)
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
          <dl part="odds">${this.entry('B', odds.banker)} ${this.entry('P', odds.player)} ${this.entry('T', odds.tie)}</dl>
        </div>
      </div>
    `;
  }

  private entry(outcome: Winner, probability: number): TemplateResult {
    return html`<div data-outcome=${outcome}>
      <dt part="label">
        <span class="mark ${outcome}" aria-hidden="true">${outcomeLetter(this.localize, outcome)}</span
        >${outcomeName(this.localize, outcome)}
      </dt>
      <dd part="value">${percent(probability, 2)}</dd>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-odds-note': BaccOddsNote;
  }
}
