import type { ConsoleController } from './console-controller.js';
import { AUDIT_REASONS } from '../shared/audit-words.js';
import { MAX_REASON_LENGTH } from '../../../src/shoes/records.js';
import { reasonLength } from './console-audit.js';

/**
 * The keys of the question why (see the console's `reasonWanted`): a listed reason by its number,
 * ? to the field where one is typed, Escape to leave it; and the focus, put back where it was.
 */
export class ReasonKeys {
  /** What had the focus before ? moved it into the reason field: it goes back there once answered. */
  private focusBefore: HTMLElement | null = null;
  /** The typed reason's length past the most a reason holds, and the question it was typed for. */
  private typedTooLong: { length: number; wanted: object } | null = null;

  constructor(
    private readonly consoleController: ConsoleController,
    private readonly root: () => ShadowRoot,
    private readonly update: () => void,
  ) {}

  /** The field where a reason is typed, while the question is on screen. */
  private get field(): HTMLInputElement | null {
    return this.root().querySelector<HTMLInputElement>('input.why-typed');
  }

  /**
   * While the console asks why (after an undo, redo, correction, cancelled card, void or reopening):
   * in outcome entry 1 to 5 give a listed reason (never a pair flag), in either entry ? goes to the
   * field where a reason is typed, and Escape leaves the question unanswered. In card entry digits stay
   * cards. Any other key is the console's, and leaves the question (see the element's `act`).
   */
  answerKey(event: KeyboardEvent): boolean {
    const { consoleController } = this;
    if (!consoleController.reasonWanted || consoleController.confirming || event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      consoleController.dismissReason();
      return true;
    }
    if (event.key === '?') {
      event.preventDefault();
      this.focusField();
      return true;
    }
    const listed = /^[1-9]$/.test(event.key) ? AUDIT_REASONS[Number(event.key) - 1] : undefined;
    if (listed === undefined || consoleController.entryMode !== 'outcome') return false;
    event.preventDefault();
    void consoleController.giveReason(listed);
    return true;
  }

  /** Moves the focus into the reason field, remembering where it was. */
  focusField(): void {
    const active = this.root().activeElement;
    this.focusBefore = active instanceof HTMLElement && active !== this.field ? active : null;
    this.field?.focus();
  }

  /** The reason field's keys: Enter keeps what is typed (1 to 5 alone: that listed reason), Escape leaves the question. */
  onFieldKey(event: KeyboardEvent): void {
    const field = event.target as HTMLInputElement;
    if (event.key === 'Enter') {
      event.preventDefault();
      const text = field.value.trim();
      const listed = /^[1-9]$/.test(text) ? AUDIT_REASONS[Number(text) - 1] : undefined;
      void this.answer(listed ?? field.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.consoleController.dismissReason();
      this.leaveField();
    }
  }

  /**
   * The reason field's text changed: past the most a reason holds, the field says so at once (and
   * Enter is refused); it is never cut, so the clerk shortens what they wrote.
   */
  onFieldInput(event: Event): void {
    const length = reasonLength((event.target as HTMLInputElement).value);
    const wanted = this.consoleController.reasonWanted;
    const tooLong = length > MAX_REASON_LENGTH && wanted ? { length, wanted } : null;
    if (tooLong?.length === this.typedTooLong?.length) return;
    this.typedTooLong = tooLong;
    this.update();
  }

  /**
   * How many characters the reason field holds when that is more than a reason may, else 0; the
   * question it was typed for gone (answered, left), so is the field and its length.
   */
  get tooLong(): number {
    const typed = this.typedTooLong;
    return typed && typed.wanted === this.consoleController.reasonWanted ? typed.length : 0;
  }

  /** Gives a reason (a listed one, or typed); the field is cleared and left once it is taken. */
  async answer(reason: string): Promise<void> {
    const taken = this.consoleController.giveReason(reason);
    // Refused (nothing left once cleaned): the field keeps the text and the focus, the alert says why.
    if (this.consoleController.reasonWanted) return;
    if (this.field) this.field.value = '';
    this.typedTooLong = null;
    this.leaveField();
    await taken;
  }

  /** The focus goes back where it was before ?, else off the question (which is going away). */
  private leaveField(): void {
    const before = this.focusBefore;
    this.focusBefore = null;
    if (before?.isConnected && !(before as HTMLInputElement).disabled) before.focus();
    else if (this.root().activeElement?.closest('.why')) (this.root().activeElement as HTMLElement).blur();
  }
}
