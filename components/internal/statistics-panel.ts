import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { DEFAULT_RULES, type TableRules } from '../../src/rules.js';
import type { HandRecord } from '../../src/shoe-document.js';
import { StatisticsFollower } from '../../src/statistics-follower.js';
import { elementTermSets } from './element-terms.js';
import { ElementLocalize } from './localize.js';

/**
 * What `<bacc-stats>`, `<bacc-chart>` and `<bacc-odds-note>` share: the hands and rules they show,
 * and the statistics that follow those hands — a follower `<bacc-scoreboard>` passes to all its
 * panels, so a hand is counted once, or, used on its own, the element's own.
 */
export abstract class StatisticsPanel extends LitElement {
  /** The hands of one shoe, in order; replaced, never mutated. */
  @property({ attribute: false }) hands: readonly HandRecord[] = [];

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

  /** Whether the hands, the rules or the follower changed: the statistics must be followed again. */
  protected statisticsInputsChanged(changed: PropertyValues<this>): boolean {
    return changed.has('hands') || changed.has('rules') || changed.has('statisticsFollower');
  }
}
