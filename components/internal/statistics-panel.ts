import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { DEFAULT_RULES, type TableRules } from '../../src/game/rules.js';
import type { HandRecord } from '../../src/shoes/document.js';
import { StatisticsFollower } from '../../src/roads/statistics-follower.js';
import { elementTermSets } from './element-terms.js';
import { ElementLocalize } from './localize.js';
import { acceptedHands } from './hands-check.js';
import { cardsProblem } from './hand-cards-check.js';

/**
 * What `<bacc-stats>`, `<bacc-chart>` and `<bacc-odds-note>` share: the hands and rules they show,
 * and the statistics that follow those hands — a follower `<bacc-scoreboard>` passes to all its
 * panels, so a hand is counted once, or, used on its own, the element's own.
 */
export abstract class StatisticsPanel extends LitElement {
  /**
   * The hands of one shoe, in order; replaced, never mutated. Null or undefined (data not there yet):
   * no hands; a value that is not a list of hand records: no hands, and a console warning.
   */
  @property({ attribute: false })
  get hands(): readonly HandRecord[] {
    return this.givenHands;
  }
  set hands(value: readonly HandRecord[] | null | undefined) {
    this.givenHands = acceptedHands(value, this.localName, cardsProblem);
  }
  private givenHands: readonly HandRecord[] = [];

  /** The table's rules: the deck count gives the cards left, and the pay tables the odds. */
  @property({ attribute: false }) rules: Readonly<TableRules> = DEFAULT_RULES;

  /**
   * A follower shared by panels that show the same hands (`<bacc-scoreboard>` passes one to all
   * its panels), so a hand is counted once; without it the element keeps its own.
   * @internal The scoreboard's plumbing, not a page's.
   */
  @property({ attribute: false }) statisticsFollower: StatisticsFollower | undefined = undefined;

  protected readonly ownFollower = new StatisticsFollower();

  /** The panel's words, in the language of its nearest `lang` attribute. */
  protected readonly localize: ElementLocalize = new ElementLocalize(this, elementTermSets);

  /** The follower in use: the shared one when given, else the element's own. */
  protected get follower(): StatisticsFollower {
    return this.statisticsFollower ?? this.ownFollower;
  }

  /**
   * Brings the follower to the hands and rules. The hands were checked as they came in, so a hand
   * the statistics still refuse (under these rules) is said in the console, never swallowed.
   */
  protected followStatistics(): void {
    const error = this.follower.error;
    this.follower.follow(this.hands, this.rules);
    const failure = this.follower.error;
    if (failure !== null && failure !== error) {
      console.warn(`${this.localName}: statistics stop at ${this.follower.counted} of ${this.hands.length} hands: ${failure.message}`);
    }
  }

  /** Whether the hands, the rules or the follower changed: the statistics must be followed again. */
  protected statisticsInputsChanged(changed: PropertyValues<this>): boolean {
    return changed.has('hands') || changed.has('rules') || changed.has('statisticsFollower');
  }
}
