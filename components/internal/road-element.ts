/**
 * What the road elements share: hands in as a replaced `.hands` array (or a static `outcomes`
 * string), followed incrementally with a RoadFollower (the element's own, or one that a page
 * showing several roads of the same hands shares between them); and, for the grid roads, the rows
 * setting and the window of columns that fits the element.
 */
import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { DEFAULT_ROWS, RoadTracker, outcomeHand } from '../../src/roads/roads.js';
import { RoadFollower } from '../../src/roads/road-follower.js';
import type { HandRecord } from '../../src/shoes/document.js';
import { ColumnFit } from '../controllers/column-fit.js';
import { columnWindow, type ColumnWindow } from './road-grid-view.js';
import type { RoadTerms } from '../locales/en.js';
import { ElementLocalize, roadTermSets } from './localize.js';
import { acceptedHands } from './hands-check.js';

/**
 * The hands an `outcomes` value names: B, P and T, case and white space ignored. No attribute (null)
 * or an empty one: no hands, silently. Anything else, none, `readable` false and a console warning
 * that counts positions in the characters as given (spaces included, an emoji one character).
 */
export function outcomesAttributeHands(outcomes: unknown, element = 'outcomes'): { hands: readonly HandRecord[]; readable: boolean } {
  if (outcomes == null) return { hands: [], readable: true };
  if (typeof outcomes !== 'string') {
    const value = typeof outcomes === 'number' || typeof outcomes === 'boolean' ? ` ${outcomes}` : '';
    console.warn(`${element}: outcomes must be text of B, P and T; got ${typeof outcomes}${value}`);
    return { hands: [], readable: false };
  }
  const hands: HandRecord[] = [];
  let position = 0;
  for (const character of outcomes) {
    position++;
    if (/\s/u.test(character)) continue;
    const outcome = character.toUpperCase();
    if (outcome !== 'B' && outcome !== 'P' && outcome !== 'T') {
      console.warn(
        `${element}: outcomes="${outcomes.slice(0, 80)}": unknown outcome ${JSON.stringify(character)} at character ${position}: expected B, P or T`,
      );
      return { hands: [], readable: false };
    }
    hands.push(outcomeHand(outcome));
  }
  return { hands, readable: true };
}

/** The fewest grid rows a road takes: fewer turns every streak at once. */
export const MIN_ROWS = 3;
/** The most grid rows a road takes: 12 rows is already twice the usual 6 (the kiosk offers 3 to 8); 100,000 made a 2,800,000 px SVG. */
export const MAX_ROWS = 12;

/**
 * A rows setting the roads can use: a whole number from MIN_ROWS to MAX_ROWS. Anything else is
 * brought into that range (rounded, clamped; the default 6 for what is not a number), with a
 * console warning naming the element.
 */
export function usableRows(rows: unknown, element = 'rows'): number {
  if (Number.isInteger(rows) && (rows as number) >= MIN_ROWS && (rows as number) <= MAX_ROWS) return rows as number;
  const usable = typeof rows === 'number' && !Number.isNaN(rows) ? Math.min(MAX_ROWS, Math.max(MIN_ROWS, Math.round(rows))) : DEFAULT_ROWS;
  const value = typeof rows === 'number' ? String(rows) : typeof rows;
  console.warn(`${element}: rows must be a whole number from ${MIN_ROWS} to ${MAX_ROWS}; got ${value}, using ${usable}`);
  return usable;
}

/** An element that shows the roads of one shoe's hands. */
export abstract class RoadElement extends LitElement {
  /**
   * The hands of one shoe, in order; replace the array to update it (it is never mutated). Null or
   * undefined: `outcomes` is shown; a value that is not a list of hand records: no hands, and a console warning.
   */
  @property({ attribute: false })
  get hands(): readonly HandRecord[] | undefined {
    return this.givenHands;
  }
  set hands(value: readonly HandRecord[] | null | undefined) {
    this.givenHands = value == null ? undefined : acceptedHands(value, this.localName);
  }

  /**
   * Outcomes as letters B, P and T (e.g. "BPPTB", spaces ignored), shown when `hands` is not set: for
   * static embeds. Any other character: no hands, a console warning, and the text alternative says
   * the outcomes could not be read.
   */
  @property() outcomes: string | null = '';

  /**
   * A follower shared by elements that show the same hands (`<bacc-scoreboard>` passes one to all
   * its roads): the first to update adds the new hand, the others find it added, so a hand is
   * followed once rather than once per road. Without it the element keeps its own.
   * @internal The scoreboard's plumbing, not a page's.
   */
  @property({ attribute: false }) roadFollower: RoadFollower | undefined = undefined;

  /** The element's words, in the language of its nearest `lang` attribute. */
  protected readonly localize: ElementLocalize<RoadTerms> = new ElementLocalize(this, roadTermSets);

  private givenHands: readonly HandRecord[] | undefined = undefined;
  private ownFollower = new RoadFollower();
  private outcomeHands: readonly HandRecord[] = [];
  private outcomesReadable = true;

  /** Rows the roads are computed with; undefined: any (the road drawn does not depend on them). */
  protected roadRows(): number | undefined {
    return DEFAULT_ROWS;
  }

  /** Whether the element shows outcomes it could not read (and so draws none). */
  protected get outcomesUnreadable(): boolean {
    return this.hands === undefined && !this.outcomesReadable;
  }

  /** Copies what this element draws from the tracker, which later hands change. */
  protected abstract takeRoads(tracker: RoadTracker): void;

  /** Whether a change means the roads must follow the hands again. */
  protected roadsChanged(changed: PropertyValues): boolean {
    return !this.hasUpdated || changed.has('hands') || changed.has('outcomes') || changed.has('roadFollower');
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('outcomes'))
      ({ hands: this.outcomeHands, readable: this.outcomesReadable } = outcomesAttributeHands(this.outcomes, this.localName));
    if (!this.roadsChanged(changed)) return;
    const rows = this.roadRows();
    const follower = this.roadFollower ?? this.ownFollower;
    try {
      // One more hand than last time is an `add`, one fewer an `undo`, the same list nothing: no recompute.
      this.takeRoads(
        rows === undefined ? follower.follow(this.hands ?? this.outcomeHands) : follower.follow(this.hands ?? this.outcomeHands, { rows }),
      );
    } catch (error) {
      // A bad hand record: show nothing rather than half a shoe, and start the next list afresh.
      console.warn(`${this.localName}: ${(error as Error).message}`);
      if (follower === this.ownFollower) this.ownFollower = new RoadFollower();
      this.takeRoads(new RoadTracker({ rows: rows ?? DEFAULT_ROWS }));
    }
  }
}

/** A road drawn on a grid of `rows` rows, showing as many columns as fit, newest in view. */
export abstract class RoadGridElement extends RoadElement {
  /** Grid rows, a whole number from 3 to 12 (default 6); another value is brought into that range, with a console warning. */
  @property({ type: Number }) rows: number = DEFAULT_ROWS;

  /** The rows in use: `rows` brought into range, once per change (so one warning per bad value). */
  private rowsInUse = DEFAULT_ROWS;

  /** The columns on screen, updated in willUpdate. */
  protected shown: ColumnWindow = columnWindow(0, null);
  private readonly columnFit: ColumnFit = new ColumnFit(this, () => this.renderRoot?.querySelector('.cell-probe') ?? null);

  /** The text alternative, updated in willUpdate (every update, so that it follows the locale). */
  protected summary = '';

  /** Drawn columns of this element's road. */
  protected abstract roadWidth(): number;

  /** The road's columns in words, for screen readers. */
  protected abstract describe(): string;

  /** The road's name, in the element's language. */
  protected abstract roadLabel(): string;

  /** Grid rows of the road as drawn, set by takeRoads. */
  protected drawnRows = DEFAULT_ROWS;

  protected override roadRows(): number {
    return this.rowsInUse;
  }

  protected override roadsChanged(changed: PropertyValues): boolean {
    return super.roadsChanged(changed) || changed.has('rows');
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('rows')) this.rowsInUse = usableRows(this.rows, this.localName);
    super.willUpdate(changed);
    this.shown = columnWindow(this.roadWidth(), this.columnFit.columns);
    this.summary = this.outcomesUnreadable ? this.localize.term('roadSummaryUnreadable', this.roadLabel()) : this.describe();
  }
}
