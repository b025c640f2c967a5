import { css, html, type SVGTemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { Winner } from '../src/game/hand.js';
import type { BeadPlateCell, RoadTracker } from '../src/roads/roads.js';
import { usableChoice } from './internal/attribute-check.js';
import { outcomeLetter, outcomeName, roadName } from './internal/messages.js';
import { handCount, joinParts, readOutColumns, roadSummary } from './internal/road-descriptions.js';
import { RoadGridElement } from './internal/road-element.js';
import { dotLayer, glyphLayer, inWindow, pairLayers, roadGrid, roadGridStyles } from './internal/road-grid-view.js';
import { themeTokens, visuallyHidden } from './styles/theme.js';
import type { Terms } from './internal/localize.js';
import type { RoadTerms } from './locales/en.js';

/** What the bead plate's discs show: 庄/闲/和, B/P/T, or the winning total. */
export type BeadLabels = 'chinese' | 'letters' | 'totals';

const BEAD_LABELS: readonly BeadLabels[] = ['chinese', 'letters', 'totals'];

const CHINESE: Record<Winner, string> = { B: '庄', P: '闲', T: '和' };
const LETTERS: Record<Winner, string> = { B: 'B', P: 'P', T: 'T' };

/** The text on a bead: a hand recorded without totals shows its letter in `totals` mode. */
export function beadLabel(cell: BeadPlateCell, labels: BeadLabels): string {
  if (labels === 'totals' && cell.winningTotal !== null) return String(cell.winningTotal);
  if (labels === 'chinese') return CHINESE[cell.outcome];
  return LETTERS[cell.outcome];
}

/**
 * The Bead Plate of a shoe: one solid disc per hand, ties included, top to bottom and then the
 * next column; banker red, player blue, tie green, each labelled 庄/闲/和, B/P/T or with the
 * winning total (with `letters`, the side's letter before it). Banker pair: a red dot at the top
 * left; player pair: a blue dot at the bottom right. The newest columns that fit the element's
 * width are shown. A visually hidden text says the columns in words. Fires no events.
 *
 * @csspart grid - The SVG grid, hidden from assistive technology (the text alternative is read instead); `data-first-col` and `data-columns` tell which road columns are on screen.
 * @cssprop --bacc-banker-color - Banker discs and banker-pair dots.
 * @cssprop --bacc-player-color - Player discs and player-pair dots.
 * @cssprop --bacc-tie-color - Tie discs.
 * @cssprop --bacc-mark-text-color - Labels on the discs (default white).
 * @cssprop --bacc-cell-size - Side of one grid cell (default 28px).
 * @cssprop --bacc-grid-line-color - Lines of the grid.
 * @cssprop --bacc-grid-line-width - Width of the grid lines (default 1px).
 * @cssprop --bacc-surface-color - Background of the grid.
 * @cssprop --bacc-mark-size - Diameter of a disc as a fraction of the cell (default 0.84).
 * @cssprop --bacc-pair-dot-size - Diameter of pair dots as a fraction of the cell (default 0.28).
 * @cssprop --bacc-mark-outline-color - Outline around pair dots (default white).
 * @cssprop --bacc-font-family - Labels.
 * @cssprop --bacc-focus-color - Focus ring, when a page makes the element focusable.
 *
 * @tagname bacc-bead-plate
 */
export class BaccBeadPlate extends RoadGridElement {
  static override styles = [
    themeTokens,
    visuallyHidden,
    roadGridStyles,
    css`
      .label.totals {
        font-size: calc(64px * var(--_mark-size));
      }
      /* A total with its side's letter (B7), shown with letters and in forced-colours mode. */
      .label.with-letter {
        display: none;
        font-size: calc(46px * var(--_mark-size));
      }
      .cues .with-letter {
        display: inline;
      }
      .cues .without-letter {
        display: none;
      }
      @media (forced-colors: active) {
        .label.with-letter {
          display: inline;
        }
        .label.without-letter {
          display: none;
        }
      }
    `,
  ];

  /**
   * What the discs show: `chinese` (庄/闲/和), `letters` (B/P/T) or `totals` (the winning total); by
   * default 庄/闲/和 when the element's language is Chinese and B/P/T otherwise.
   */
  @property() labels: BeadLabels | undefined = undefined;

  /** Puts the side's letter before each total (B7, P9), so that sides differ by more than colour with `labels="totals"` too. */
  @property({ type: Boolean, reflect: true }) letters = false;

  private beads: BeadPlateCell[] = [];
  private width = 0;
  private handsShown = 0;

  protected override takeRoads(tracker: RoadTracker): void {
    this.beads = tracker.beadPlate();
    this.width = tracker.widths().beadPlate;
    this.drawnRows = tracker.rows;
    this.handsShown = tracker.hands.length;
  }

  protected override roadWidth(): number {
    return this.width;
  }

  protected override render() {
    const shown = this.shown;
    const labels = this.labelsShown();
    const rows = this.drawnRows;
    const visible = this.beads.filter((cell) => inWindow(shown, cell.col));
    return html`${roadGrid(shown, rows, beadLayers(this.localize, visible, labels), this.letters)}
      <p class="visually-hidden">${this.summary}</p>`;
  }

  /** `labels`, or the element's language's labels when it is not set or not one the plate takes (with a console warning). */
  private labelsShown(): BeadLabels {
    return usableChoice(this, 'labels', this.labels, BEAD_LABELS, this.localize.lang() === 'zh' ? 'chinese' : 'letters');
  }

  protected override roadLabel(): string {
    return roadName(this.localize, 'beadPlate');
  }

  /** "Bead Plate, 7 hands: column 1 Tie, Banker, …; column 2 Player". */
  protected override describe(): string {
    const labels = this.labelsShown();
    const columns: BeadPlateCell[][] = [];
    for (const cell of this.beads) (columns[cell.col] ??= []).push(cell);
    const { columns: readOut, earlier } = readOutColumns(columns);
    const items = readOut.map(({ column, number: n }) => {
      const hands = column.map((cell) => {
        let hand = outcomeName(this.localize, cell.outcome);
        if (labels === 'totals' && cell.winningTotal !== null) {
          const total = cell.winningTotal;
          hand = this.localize.term('beadPlateHandTotal', hand, total);
        }
        const pairs: string[] = [];
        if (cell.bankerPair) pairs.push(this.localize.term('beadPlateBankerPair'));
        if (cell.playerPair) pairs.push(this.localize.term('beadPlatePlayerPair'));
        if (pairs.length > 0) {
          const pairList = joinParts(this.localize, pairs);
          hand = this.localize.term('beadPlateHandPairs', hand, pairList);
        }
        return hand;
      });
      return this.localize.term('beadPlateColumn', n, joinParts(this.localize, hands));
    });
    return roadSummary(this.localize, roadName(this.localize, 'beadPlate'), handCount(this.localize, this.handsShown), items, earlier);
  }
}

/**
 * The beads as layers (see road-grid-view.ts): discs by outcome, labels, pair dots. A total with
 * its side's letter (B7) is two glyphs, so each of those is a text of its own; they are drawn only
 * with totals, and shown only with letters or forced colours.
 */
function beadLayers(localize: Terms<RoadTerms>, beads: readonly BeadPlateCell[], labels: BeadLabels): SVGTemplateResult[] {
  const discs = (outcome: Winner) =>
    dotLayer(
      `discs ${outcome}`,
      beads.filter((cell) => cell.outcome === outcome),
    );
  const labelled = (cell: BeadPlateCell) => ({ col: cell.col, row: cell.row, text: beadLabel(cell, labels) });
  const pairs = pairLayers(
    beads.filter((cell) => cell.bankerPair),
    beads.filter((cell) => cell.playerPair),
  );
  if (labels !== 'totals') return [discs('B'), discs('P'), discs('T'), glyphLayer(`label ${labels}`, beads.map(labelled)), pairs];
  const totalled = beads.filter((cell) => cell.winningTotal !== null);
  return [
    discs('B'),
    discs('P'),
    discs('T'),
    glyphLayer('label totals', beads.filter((cell) => cell.winningTotal === null).map(labelled)),
    glyphLayer('label totals without-letter', totalled.map(labelled)),
    glyphLayer(
      'label totals with-letter',
      totalled.map((cell) => ({ col: cell.col, row: cell.row, text: outcomeLetter(localize, cell.outcome) + beadLabel(cell, labels) })),
    ),
    pairs,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-bead-plate': BaccBeadPlate;
  }
}
