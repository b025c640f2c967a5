import { LitElement, html, css, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { resolveCompleteHand, type ResolvedHand, type Winner } from '../src/game/hand.js';
import type { HandRecord } from '../src/shoes/document.js';
import { outcomeLetter, outcomeName } from './internal/messages.js';
import { bankerPairLabel, naturalLabel, playerPairLabel } from './internal/panel-labels.js';
import { elementTermSets } from './internal/element-terms.js';
import { ElementLocalize, type Terms } from './internal/localize.js';
import { acceptedHands } from './internal/hands-check.js';
import { cardsProblem } from './internal/hand-cards-check.js';
import { panelTokens } from './styles/panel-styles.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';

/** The last hand as drawn: its record, and its cards dealt to each side when they are known. */
interface LastHand {
  number: number;
  record: HandRecord;
  resolved: ResolvedHand | null;
}

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RED_SUITS = new Set(['H', 'D']);

/**
 * The last hand of the shoe. With its cards: each side's cards as card faces in the order dealt,
 * a third card turned sideways as at the table, both totals, the winner, and pairs or a natural.
 * Without cards: its outcome and what was recorded with it. Before the first hand: a short
 * note. A polite live region reads each new hand to screen readers.
 *
 * @csspart headline - The hand number and the result.
 * @csspart side - One side's total and cards.
 * @csspart total - A side's total.
 * @csspart cards - A side's cards.
 * @csspart card - One card face.
 * @csspart third-card - A third card (also part `card`).
 * @csspart flags - Pairs and natural, when any.
 * @csspart empty - The note shown before the first hand.
 * @cssprop --bacc-banker-color - Colour of the banker's letter and winning frame.
 * @cssprop --bacc-player-color - Colour of the player's letter and winning frame.
 * @cssprop --bacc-tie-color - Colour of the tie's letter.
 * @cssprop --bacc-text-color - Colour of the text.
 * @cssprop --bacc-muted-color - Colour of labels.
 * @cssprop --bacc-surface-color - Background of each side.
 * @cssprop --bacc-card-face-color - Card faces.
 * @cssprop --bacc-card-red-color - Hearts and diamonds.
 * @cssprop --bacc-card-black-color - Spades and clubs.
 * @cssprop --bacc-card-shadow-color - The shadow under each card.
 * @cssprop --bacc-mark-text-color - The letter on a side's mark.
 * @cssprop --bacc-card-width - Width of a card (default: grows with the element's width).
 * @cssprop --bacc-figure-size - Size of the totals.
 * @cssprop --bacc-label-size - Size of the text.
 * @cssprop --bacc-panel-gap - Space between the parts.
 * @cssprop --bacc-radius - Corner radius of the sides.
 *
 * @tagname bacc-last-hand
 */
export class BaccLastHand extends LitElement {
  /** The panel's words, in the language of its nearest `lang` attribute. */
  protected readonly localize: ElementLocalize = new ElementLocalize(this, elementTermSets);

  static override styles = [
    themeTokens,
    visuallyHidden,
    panelTokens,
    css`
      :host {
        --_card-face: var(--bacc-card-face-color, #fbfaf5);
        --_card-red: var(--bacc-card-red-color, #c62828);
        --_card-black: var(--bacc-card-black-color, #1b1b1b);
        --_card-shadow: var(--bacc-card-shadow-color, rgb(0 0 0 / 35%));
        --_card-width: var(--bacc-card-width, clamp(1.8em, 12cqi, 6em));
      }
      .hand {
        font-size: var(--_label-size);
        display: grid;
        gap: var(--_panel-gap);
        grid-template-columns: auto minmax(0, 1fr);
        grid-template-areas: 'number flags' 'result result' 'sides sides' 'no-cards no-cards';
        align-items: center;
      }
      /* The number and the flags share the top line, so the panel is no taller than the big road beside it. */
      .headline {
        display: contents;
        font-weight: 700;
      }
      .number {
        grid-area: number;
        color: var(--_muted);
        font-weight: 600;
      }
      .sides {
        grid-area: sides;
      }
      .no-cards {
        grid-area: no-cards;
      }
      /* The result as large as the totals: read first, and from furthest away. */
      .result {
        grid-area: result;
        display: flex;
        align-items: center;
        gap: 0.25em;
        font-weight: 700;
        font-size: var(--_figure-size);
        line-height: 1;
      }
      .sides {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 9em), 1fr));
        gap: var(--_panel-gap);
      }
      .side {
        padding: 0.3em 0.5em;
        border-radius: var(--_radius);
        background: var(--_surface);
        border: 0.15em solid transparent;
      }
      .side.winner.player {
        border-color: var(--_player);
      }
      .side.winner.banker {
        border-color: var(--_banker);
      }
      /* The name above; the cards, then the total, on one line: the panel is as short as the big road beside it. */
      .side {
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto;
        grid-template-areas: 'name total' 'cards total';
        align-items: center;
        column-gap: 0.5em;
      }
      .side-head {
        display: contents;
      }
      .side-name {
        grid-area: name;
      }
      .total {
        grid-area: total;
      }
      .cards {
        grid-area: cards;
      }
      .side-name {
        display: flex;
        align-items: center;
        gap: 0.3em;
        color: var(--_muted);
      }
      .total {
        font-size: var(--_figure-size);
        font-weight: 700;
        font-variant-numeric: tabular-nums;
        line-height: 1;
      }
      .cards {
        list-style: none;
        margin: 0.3em 0 0;
        padding: 0;
        display: flex;
        align-items: center;
        flex-wrap: wrap;
        gap: 0.25em;
        min-height: calc(var(--_card-width) * 1.4);
      }
      .cards li {
        display: flex;
      }
      .card {
        box-sizing: border-box;
        width: var(--_card-width);
        aspect-ratio: 5 / 7;
        display: grid;
        place-content: center;
        justify-items: center;
        border-radius: calc(var(--_card-width) * 0.1);
        border: 1px solid color-mix(in srgb, var(--_card-black) 30%, transparent);
        background: var(--_card-face);
        color: var(--_card-black);
        font-size: calc(var(--_card-width) * 0.42);
        font-weight: 700;
        line-height: 1;
        box-shadow: 0 0.05em 0.15em var(--_card-shadow);
      }
      .card.red {
        color: var(--_card-red);
      }
      /*
       * A third card lies sideways, as the dealer places it: the card is turned, its face is not,
       * so a 6 never reads as a 9 from across the room.
       */
      .card.third {
        width: calc(var(--_card-width) * 1.4);
        aspect-ratio: 7 / 5;
        grid-auto-flow: column;
        align-items: center;
        gap: 0.12em;
        outline: 0.08em dashed currentColor;
        outline-offset: -0.25em;
      }
      .result .mark {
        font-size: 0.6em;
      }
      /* The pills' padding and border would make the top line taller than the number: they reach into the gap instead, so the panel never grows with a flag. */
      .flags {
        grid-area: flags;
        justify-content: end;
        list-style: none;
        margin: -0.2em 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.3em;
      }
      .flags li {
        padding: 0.1em 0.5em;
        border-radius: 1em;
        border: 0.1em solid currentColor;
        font-weight: 600;
      }
      .empty,
      .no-cards {
        margin: 0;
        color: var(--_muted);
      }
      @media (forced-colors: active) {
        .card {
          border-color: CanvasText;
        }
        .side.winner {
          border-color: Highlight;
        }
      }
    `,
  ];

  /**
   * The hands of one shoe, in order; replaced, never mutated. Only the last is shown. Null or
   * undefined: no hands; a value that is not a list of hand records: no hands, and a console warning.
   */
  @property({ attribute: false })
  get hands(): readonly HandRecord[] {
    return this.givenHands;
  }
  set hands(value: readonly HandRecord[] | null | undefined) {
    this.givenHands = acceptedHands(value, this.localName, cardsProblem);
  }
  private givenHands: readonly HandRecord[] = [];

  private last: LastHand | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('hands')) return;
    const record = this.hands[this.hands.length - 1];
    if (record === undefined) {
      this.last = null;
    } else if (record !== this.last?.record || this.hands.length !== this.last.number) {
      this.last = { number: this.hands.length, record, resolved: resolveCards(record) };
    }
  }

  protected override render(): TemplateResult {
    const last = this.last;
    return html`
      <p class="visually-hidden" role="status">${last === null ? '' : announcement(this.localize, last)}</p>
      ${last === null ? html`<p class="empty" part="empty">${this.localize.term('lastHandEmpty')}</p>` : this.renderHand(last)}
    `;
  }

  private renderHand({ number, record, resolved }: LastHand): TemplateResult {
    const flags = [
      record.playerPair ? playerPairLabel(this.localize) : null,
      record.bankerPair ? bankerPairLabel(this.localize) : null,
      record.natural ? naturalLabel(this.localize) : null,
    ].filter((flag): flag is string => flag !== null);
    return html`
      <div class="hand" data-outcome=${record.outcome}>
        <p class="headline" part="headline">
          <span class="number">${this.localize.term('lastHandNumber', number)}</span>
          <span class="result"
            ><span class="mark ${record.outcome}" aria-hidden="true">${outcomeLetter(this.localize, record.outcome)}</span>
            ${result(this.localize, record.outcome)}</span
          >
        </p>
        ${
          resolved !== null
            ? html`<div class="sides">
                ${this.renderSide('P', resolved.player, resolved.playerTotal, resolved.playerDrew, record.outcome)}
                ${this.renderSide('B', resolved.banker, resolved.bankerTotal, resolved.bankerDrew, record.outcome)}
              </div>`
            : html`${
                  record.playerTotal !== null && record.bankerTotal !== null
                    ? html`<div class="sides">
                        ${this.renderSide('P', [], record.playerTotal, false, record.outcome)}
                        ${this.renderSide('B', [], record.bankerTotal, false, record.outcome)}
                      </div>`
                    : nothing
                }
                <p class="no-cards">${this.localize.term('lastHandNoCards')}</p>`
        }
        ${
          flags.length > 0
            ? html`<ul class="flags" part="flags">
                ${flags.map((flag) => html`<li>${flag}</li>`)}
              </ul>`
            : nothing
        }
      </div>
    `;
  }

  private renderSide(side: 'P' | 'B', cards: readonly string[], total: number, drew: boolean, outcome: Winner): TemplateResult {
    const name = side === 'P' ? 'player' : 'banker';
    const label = outcomeName(this.localize, side);
    return html`<div class="side ${name} ${outcome === side ? 'winner' : ''}" part="side" role="group" aria-label=${label}>
      <div class="side-head">
        <span class="side-name"><span class="mark ${side}" aria-hidden="true">${outcomeLetter(this.localize, side)}</span>${label}</span>
        <span class="total" part="total"><span class="visually-hidden">${this.localize.term('lastHandTotal')} </span>${total}</span>
      </div>
      ${
        cards.length > 0
          ? html`<ul class="cards" part="cards" role="list">
              ${cards.map((card, index) => renderCard(this.localize, card, drew && index === 2))}
            </ul>`
          : nothing
      }
    </div>`;
  }
}

function resolveCards(record: HandRecord): ResolvedHand | null {
  if (record.cards === null) return null;
  try {
    return resolveCompleteHand(record.cards);
  } catch {
    // A record whose cards do not make a hand is shown by its outcome alone.
    return null;
  }
}

function result(localize: Terms, outcome: Winner): string {
  if (outcome === 'B') return localize.term('lastHandBankerWins');
  if (outcome === 'P') return localize.term('lastHandPlayerWins');
  return outcomeName(localize, 'T');
}

function announcement(localize: Terms, { number, record, resolved }: LastHand): string {
  const playerTotal = resolved?.playerTotal ?? record.playerTotal;
  const bankerTotal = resolved?.bankerTotal ?? record.bankerTotal;
  const sentence = localize.term('lastHandStatus', number, result(localize, record.outcome));
  if (playerTotal === null || bankerTotal === null) return sentence;
  return `${sentence} ${localize.term('lastHandStatusTotals', playerTotal, bankerTotal)}`;
}

function rankName(localize: Terms, rank: string): string {
  switch (rank) {
    case 'A':
      return localize.term('cardAce');
    case 'J':
      return localize.term('cardJack');
    case 'Q':
      return localize.term('cardQueen');
    case 'K':
      return localize.term('cardKing');
    case 'T':
      return '10';
    default:
      return rank;
  }
}

function cardName(localize: Terms, rank: string, suit: string): string {
  const name = rankName(localize, rank);
  switch (suit) {
    case 'S':
      return localize.term('cardOfSpades', name);
    case 'H':
      return localize.term('cardOfHearts', name);
    case 'D':
      return localize.term('cardOfDiamonds', name);
    case 'C':
      return localize.term('cardOfClubs', name);
    default:
      return name;
  }
}

function renderCard(localize: Terms, card: string, third: boolean): TemplateResult {
  const rank = card.charAt(0);
  const suit = card.charAt(1);
  const name = cardName(localize, rank, suit);
  const label = third ? localize.term('thirdCard', name) : name;
  return html`<li>
    <span
      class="card ${RED_SUITS.has(suit) ? 'red' : 'black'} ${third ? 'third' : ''}"
      part=${third ? 'card third-card' : 'card'}
      role="img"
      aria-label=${label}
      ><span class="rank">${rank === 'T' ? '10' : rank}</span><span class="suit">${SUIT_SYMBOLS[suit] ?? ''}</span></span
    >
  </li>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-last-hand': BaccLastHand;
  }
}
