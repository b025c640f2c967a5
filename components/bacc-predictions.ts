import { css, html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { DERIVED_ROADS, RoadTracker, type AskRoad, type DerivedRoadName, type Predictions } from '../src/roads/roads.js';
import { colorName, outcomeLetter, roadName } from './internal/messages.js';
import { joinParts } from './internal/road-descriptions.js';
import { RoadElement } from './internal/road-element.js';
import { CELL, cellCentre, derivedMark, gridPath, roadGridStyles } from './internal/road-grid-view.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';

const KINDS: Record<DerivedRoadName, string> = {
  bigEyeBoy: 'big-eye-boy',
  smallRoad: 'small-road',
  cockroachPig: 'cockroach-pig',
};

/**
 * The ask road: the mark Big Eye Boy, Small Road and Cockroach Pig would each add if the next
 * hand were banker ("ask banker") and if it were player ("ask player"), drawn with the roads' own
 * marks (ring, dot, slash) and said in words for screen readers. A road without a mark yet shows
 * an empty cell. Fires no events.
 *
 * @csspart ask - One side's group: `data-ask` (B or P), its label and its three marks.
 * @csspart grid - The SVG with one side's three cells (hidden from assistive technology).
 * @csspart cell - One road's cell: `data-ask` (B or P), `data-road` (big-eye-boy, small-road, cockroach-pig), `data-color` (red or blue; absent without a mark).
 * @cssprop --bacc-banker-color - The banker badge; red marks when --bacc-red-color is not set.
 * @cssprop --bacc-player-color - The player badge; blue marks when --bacc-blue-color is not set.
 * @cssprop --bacc-red-color - Red marks.
 * @cssprop --bacc-blue-color - Blue marks.
 * @cssprop --bacc-mark-text-color - Badge letters and the bar on blue Small Road dots (default white).
 * @cssprop --bacc-cell-size - Side of one cell (default 28px).
 * @cssprop --bacc-grid-line-color - Lines around the cells.
 * @cssprop --bacc-grid-line-width - Width of those lines (default 1px).
 * @cssprop --bacc-mark-size - Size of a mark as a fraction of the cell (default 0.84).
 * @cssprop --bacc-mark-stroke - Thickness of rings and slashes as a fraction of the mark (default 0.15).
 * @cssprop --bacc-text-color - The labels.
 * @cssprop --bacc-font-family - The labels.
 * @cssprop --bacc-focus-color - Focus ring, when a page makes the element focusable.
 *
 * @tagname bacc-predictions
 */
export class BaccPredictions extends RoadElement {
  static override styles = [
    themeTokens,
    visuallyHidden,
    roadGridStyles,
    css`
      .asks {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5em 1.5em;
      }
      .ask {
        display: flex;
        align-items: center;
        gap: 0.5em;
      }
      .ask-label {
        display: flex;
        align-items: center;
        gap: 0.35em;
        white-space: nowrap;
      }
      .badge {
        display: inline-grid;
        place-items: center;
        width: 1.5em;
        height: 1.5em;
        border-radius: 50%;
        color: var(--_mark-text);
        font-weight: 700;
        forced-color-adjust: none;
      }
      .badge.banker {
        background: var(--_banker);
      }
      .badge.player {
        background: var(--_player);
      }
      @media (forced-colors: active) {
        .badge {
          border: 1px solid CanvasText;
        }
      }
    `,
  ];

  /** Adds a bar to blue marks, so that red and blue differ by shape as well as colour. */
  @property({ type: Boolean, reflect: true }) letters = false;

  private predictions: Predictions = new RoadTracker().predictions();

  /** The ask road does not depend on the rows: it follows a shared follower with whatever rows its roads use. */
  protected override roadRows(): number | undefined {
    return undefined;
  }

  protected override takeRoads(tracker: RoadTracker): void {
    this.predictions = tracker.predictions();
  }

  protected override render() {
    const { B, P } = this.predictions;
    return html`<div class="asks">${this.drawAsk('B', B)}${this.drawAsk('P', P)}</div>`;
  }

  private drawAsk(side: 'B' | 'P', ask: AskRoad) {
    const label = side === 'B' ? this.localize.term('askBanker') : this.localize.term('askPlayer');
    const roads = DERIVED_ROADS.map(({ name }) => name);
    const cells = roads.map((road, index) => {
      const color = ask[road];
      const { x, y } = cellCentre(index, 0);
      return svg`<g part="cell" class="cell ${color ?? ''}" data-ask=${side} data-road=${KINDS[road]} data-color=${color ?? nothing}
        >${color === null ? nothing : derivedMark(road, color, x, y)}</g>`;
    });
    const said = roads.map((road) => {
      const name = roadName(this.localize, road);
      const color = ask[road];
      if (color === null) return this.localize.term('askRoadNoMark', name);
      const colour = colorName(this.localize, color);
      return this.localize.term('askRoadMark', name, colour);
    });
    const marks = joinParts(this.localize, said);
    return html`<div part="ask" class="ask" data-ask=${side}>
      <span class="ask-label" aria-hidden="true"
        ><span class="badge ${side === 'B' ? 'banker' : 'player'}">${outcomeLetter(this.localize, side)}</span>${label}</span
      >
      <svg
        part="grid"
        class="grid ${this.letters ? 'cues' : ''}"
        aria-hidden="true"
        viewBox="0 0 ${roads.length * CELL} ${CELL}"
        style="--_columns: ${roads.length}; --_rows: 1"
      >
        <path class="grid-lines" d=${gridPath({ first: 0, count: roads.length }, 1)}></path>
        ${cells}
      </svg>
      <span class="visually-hidden">${this.localize.term('askRoadSummary', label, marks)}</span>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-predictions': BaccPredictions;
  }
}
