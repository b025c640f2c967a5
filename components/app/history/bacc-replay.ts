import { LitElement, html, css, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import type { HandRecord, ShoeRecord } from '../../../src/shoes/document.js';
import { DEFAULT_RULES } from '../../../src/game/rules.js';
import { exposedCards } from '../../../src/shoes/exposed-cards.js';
import { ReplayPlaybackController } from './replay-playback.js';
import { markLineText, trailMarks, trailTime, type TrailMark } from './shoe-trail.js';
import { controlStyles } from '../shared/control-styles.js';
import { themeTokens } from '../../styles/theme.js';
import '../../define/scoreboard.js';

/** Replay speeds offered, in milliseconds per hand. */
export const REPLAY_SPEEDS = [2000, 1000, 500, 200] as const;
const DEFAULT_SPEED = 1000;

/**
 * A past shoe replayed: a `<bacc-scoreboard>` showing the shoe as it stood after a chosen hand,
 * with controls to step back and forward, play at a chosen speed, jump to the first or last hand,
 * or scrub to any hand. Every road and statistic shows that hand's state, because the scoreboard
 * is given exactly the hands dealt up to it. Keyboard: ← → step, Space plays or pauses, Home and
 * End jump (when the focus is not on a control that uses those keys itself).
 *
 * It opens at the last hand, so the whole shoe is on screen first. Setting `shoe` fires nothing.
 *
 * @fires bacc-replay-close - The person pressed "Back to history".
 * @csspart controls - The bar of replay controls.
 * @csspart scoreboard - The scoreboard showing the chosen hand.
 */
@customElement('bacc-replay')
@localized()
export class BaccReplay extends LitElement {
  static override styles = [
    themeTokens,
    controlStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 8px;
        height: 100%;
        min-height: 480px;
        box-sizing: border-box;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 10px;
        padding: 6px 8px;
      }
      .scrub {
        flex: 1 1 12em;
        display: flex;
        align-items: center;
        gap: 8px;
      }
      .scrub input {
        flex: 1;
        padding: 0;
      }
      .position {
        font-variant-numeric: tabular-nums;
        min-width: 9em;
      }
      /* Looks like a disabled button but keeps the focus (see render). */
      button[aria-disabled='true'] {
        cursor: default;
        opacity: 0.5;
      }
      @media (forced-colors: active) {
        button[aria-disabled='true'] {
          color: GrayText;
          border-color: GrayText;
        }
      }
      .trail {
        margin: 0;
        padding: 4px 8px 4px 2em;
        max-height: 7.5em;
        overflow-y: auto;
        font-size: 0.9em;
      }
      .trail li.ahead {
        opacity: 0.55;
      }
      .trail li.here {
        font-weight: 700;
      }
      bacc-scoreboard {
        flex: 1;
        min-height: 360px;
      }
    `,
  ];

  /** The shoe to replay, as stored; replaced, never mutated. */
  @property({ attribute: false }) shoe: ShoeRecord | null = null;

  /** Hands on screen: the scoreboard shows the shoe as it stood after this many hands. */
  @state() private position = 0;

  /** The shoe's events and audit entries, placed by hand (trailMarks), derived from the shoe. */
  private marks: readonly TrailMark[] = [];
  /** The hands the scoreboard is given, derived from the shoe and the position. */
  private shownHands: readonly HandRecord[] = [];

  private readonly playback = new ReplayPlaybackController(this, () => this.advance(), DEFAULT_SPEED);

  constructor() {
    super();
    this.addEventListener('keydown', (event) => this.onKeyDown(event));
  }

  /** How many hands the shoe has. */
  get handCount(): number {
    return this.shoe?.hands.length ?? 0;
  }

  /** The hands on screen now (a prefix of the shoe's hands). */
  get hands(): readonly HandRecord[] {
    return this.shownHands;
  }

  /** Shows the shoe as it stood after `hands` hands (clamped to the shoe). */
  goTo(hands: number): void {
    this.position = Math.min(Math.max(0, Math.round(hands)), this.handCount);
  }

  /**
   * Puts the focus on the play button (Back to history when there is nothing to play), so the
   * replay's keys work at once: the history calls this when it opens a replay.
   */
  override focus(options?: FocusOptions): void {
    const play = this.renderRoot.querySelector<HTMLButtonElement>('[data-action="play"]');
    const target = play && !play.disabled ? play : this.renderRoot.querySelector<HTMLButtonElement>('[data-action="close"]');
    if (target) target.focus(options);
    else super.focus(options);
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('shoe')) {
      this.playback.stop();
      this.position = this.handCount;
    }
    if (changed.has('shoe')) this.marks = this.shoe ? trailMarks(this.shoe) : [];
    if (changed.has('shoe') || changed.has('position')) {
      // A new array only when the position moves: the scoreboard's roads update from .hands.
      this.shownHands = this.shoe ? this.shoe.hands.slice(0, this.position) : [];
    }
  }

  protected override render() {
    const total = this.handCount;
    const position = this.position;
    const playing = this.playback.playing;
    const atStart = position === 0;
    const atEnd = position === total;
    // First, back, forward and last are aria-disabled, not disabled, at either end: a disabled
    // button drops the focus to <body>, and the arrow keys, Space, Home and End stop working.
    // Their clicks check the position when pressed, so an inert one never stops the playing.
    return html`
      <div class="controls" part="controls" role="group" aria-label=${msg('Replay controls', { id: 'replay-controls' })}>
        <button type="button" data-action="close" @click=${this.close}>${msg('Back to history', { id: 'replay-back' })}</button>
        <button type="button" data-action="first" aria-disabled=${atStart} @click=${() => this.position > 0 && this.userGoTo(0)}>
          ${msg('First hand', { id: 'replay-first' })}
        </button>
        <button
          type="button"
          data-action="back"
          aria-disabled=${atStart}
          @click=${() => this.position > 0 && this.userGoTo(this.position - 1)}
        >
          ${msg('Step back', { id: 'replay-step-back' })}
        </button>
        <button
          type="button"
          data-action="play"
          ?disabled=${total === 0}
          aria-pressed=${playing ? 'true' : 'false'}
          @click=${this.togglePlay}
        >
          ${playing ? msg('Pause', { id: 'replay-pause' }) : msg('Play', { id: 'replay-play' })}
        </button>
        <button
          type="button"
          data-action="forward"
          aria-disabled=${atEnd}
          @click=${() => this.position < total && this.userGoTo(this.position + 1)}
        >
          ${msg('Step forward', { id: 'replay-step-forward' })}
        </button>
        <button type="button" data-action="last" aria-disabled=${atEnd} @click=${() => this.position < total && this.userGoTo(total)}>
          ${msg('Last hand', { id: 'replay-last' })}
        </button>
        <label>
          ${msg('Speed', { id: 'replay-speed' })}
          <select @change=${this.onSpeedChange}>
            ${REPLAY_SPEEDS.map(
              (ms) =>
                html`<option value=${ms} ?selected=${ms === this.playback.interval}>
                  ${
                    ms === 1000
                      ? msg('1 hand a second', { id: 'replay-speed-option-one' })
                      : msg(str`${(1000 / ms).toString()} hands a second`, { id: 'replay-speed-option' })
                  }
                </option>`,
            )}
          </select>
        </label>
        <span class="scrub">
          <input
            type="range"
            min="0"
            max=${total}
            step="1"
            .value=${String(position)}
            aria-label=${msg('Hand to show', { id: 'replay-scrub' })}
            aria-valuetext=${this.positionText()}
            @input=${this.onScrub}
          />
          <span class="position">${this.positionText()}</span>
        </span>
      </div>
      ${this.renderTrail()}
      <bacc-scoreboard
        part="scoreboard"
        .hands=${this.shownHands}
        .rules=${this.shoe?.rules ?? DEFAULT_RULES}
        .cardsOutOfPlay=${exposedCards(this.shoe, this.shownHands.length)}
        ?ended=${this.shoe?.endedAt != null && this.shownHands.length === this.shoe.hands.length}
        table-name=${this.shoe?.table ?? ''}
        shoe-number=${this.shoe?.number ?? 0}
      ></bacc-scoreboard>
    `;
  }

  /**
   * Where each event of the dealing procedure and each correction happened, one line each ("after
   * hand 12: hand 7 corrected by Wei — misread card"): those at the hand shown in bold, those still
   * ahead dimmed. Nothing for a shoe without any.
   */
  private renderTrail() {
    if (this.marks.length === 0) return nothing;
    return html`<ol class="trail" part="trail" aria-label=${msg('Procedure and corrections', { id: 'replay-trail' })}>
      ${this.marks.map(
        (mark) =>
          html`<li
            class=${mark.afterHand === this.position ? 'here' : mark.afterHand > this.position ? 'ahead' : 'past'}
            data-after-hand=${mark.afterHand}
            data-source=${mark.source}
          >
            <time datetime=${mark.at}>${trailTime(mark.at)}</time> ${markLineText(mark)}
          </li>`,
      )}
    </ol>`;
  }

  /** "hand 23 of 71". */
  private positionText(): string {
    return msg(str`hand ${this.position} of ${this.handCount}`, { id: 'replay-position' });
  }

  /** One hand forward while playing; false at the end, which stops the playing. */
  private advance(): boolean {
    if (this.position >= this.handCount) return false;
    this.position++;
    return this.position < this.handCount;
  }

  /** A jump the person asked for stops the playing, so the hand they chose stays on screen. */
  private userGoTo(hands: number): void {
    this.playback.stop();
    this.goTo(hands);
  }

  private togglePlay(): void {
    if (this.playback.playing) {
      this.playback.stop();
      return;
    }
    // Play at the end starts again from the first hand.
    if (this.position >= this.handCount) this.position = 0;
    this.playback.start();
  }

  private onSpeedChange(event: Event): void {
    this.playback.interval = Number((event.target as HTMLSelectElement).value);
  }

  private onScrub(event: Event): void {
    this.userGoTo(Number((event.target as HTMLInputElement).value));
  }

  private close(): void {
    this.playback.stop();
    this.dispatchEvent(new CustomEvent('bacc-replay-close', { bubbles: true, composed: true }));
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // The range input, select and buttons use these keys themselves; let them.
    const origin = event.composedPath()[0];
    const control = origin instanceof HTMLElement ? origin.localName : '';
    const ownKeys: Record<string, readonly string[]> = {
      input: ['ArrowLeft', 'ArrowRight', 'Home', 'End', ' '],
      select: ['ArrowLeft', 'ArrowRight', ' ', 'Home', 'End'],
      button: [' '],
    };
    if (ownKeys[control]?.includes(event.key)) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.userGoTo(this.position - 1),
      ArrowRight: () => this.userGoTo(this.position + 1),
      Home: () => this.userGoTo(0),
      End: () => this.userGoTo(this.handCount),
      ' ': () => this.togglePlay(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bacc-replay': BaccReplay;
  }
  interface HTMLElementEventMap {
    'bacc-replay-close': CustomEvent<void>;
  }
}
