import type { ReactiveControllerHost } from 'lit';
import type { KeptShoeController, KeptShoeStore } from '../shared/data/kept-shoe.js';
import { MAX_OPERATOR_LENGTH, MAX_REASON_LENGTH, type AuditAction } from '../../../src/shoes/records.js';
import { normaliseFreeText } from '../../../src/shoes/table-names.js';

/** An audited action kept without its reason: the console asks why until it is answered, dismissed or the clerk goes on. */
export interface ReasonWanted {
  shoeId: string;
  /** The entry's position in the shoe's audit trail, from 1. */
  entry: number;
  action: AuditAction;
  hand: number | null;
}

export interface ConsoleAuditOptions {
  /** The console's operator for the audit trail, or null when nobody signed in. */
  operator?: () => string | null;
  store?: () => KeptShoeStore | null | undefined;
  /** Another window records this table. */
  readOnly: () => boolean;
}

/**
 * The shoe's audit trail as the console keeps it: an entry for each audited action, and the
 * question why, asked once the entry is kept and left when the clerk goes on to something else.
 */
export class ConsoleAudit {
  /** The audited action waiting for its reason, or null. */
  private wanted: ReasonWanted | null = null;
  /**
   * How many times the clerk has gone on to another action (see `goOn`), and that count when the
   * running step was asked for: an action asked for before the clerk went on asks no reason once it ends.
   */
  private goneOn = 0;
  private stepAskedAt = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly kept: KeptShoeController,
    private readonly options: ConsoleAuditOptions,
  ) {}

  /** Where the clerk is, for a step asked for now (see `stepRuns`). */
  get askedAt(): number {
    return this.goneOn;
  }

  /** A step asked for at `askedAt` runs now: the entries it keeps ask why only if the clerk has not gone on since. */
  stepRuns(askedAt: number): void {
    this.stepAskedAt = askedAt;
  }

  /** Keeps an entry (its reason "not given" until the clerk answers `reasonWanted`), signed in or not. */
  async write(action: AuditAction, hand: number | null): Promise<boolean> {
    const shoe = this.kept.shoe;
    if (!shoe || this.options.readOnly() || this.kept.stranded || !this.keepsAudit()) return false;
    const operator = this.options.operator?.() || null;
    const saved = await this.kept.recordAudit({ at: new Date().toISOString(), operator, action, hand, reason: null });
    const entry = this.kept.shoe?.id === shoe.id ? (this.kept.shoe.audit?.length ?? 0) : 0;
    // The clerk went on before this action ended (B pressed right after U): no question about it then.
    if (entry > 0 && this.stepAskedAt === this.goneOn) {
      this.wanted = { shoeId: shoe.id, entry, action, hand };
      this.host.requestUpdate();
    }
    return saved;
  }

  /** Whether the store keeps an audit trail (the page's does; a stand-in given to a test may not). */
  private keepsAudit(): boolean {
    const store = this.options.store?.();
    return !store || typeof store.appendAudit === 'function';
  }

  /** The audited action whose reason the console asks for, or null (none, or its shoe is no longer on screen). */
  get reasonWanted(): ReasonWanted | null {
    const wanted = this.wanted;
    return wanted && wanted.shoeId === this.kept.shoe?.id && !this.options.readOnly() ? wanted : null;
  }

  /**
   * Keeps `reason` (cleaned) as an entry of its own (action `reason`) that names the entry it
   * explains: the trail is only ever appended to. Undefined when the shoe asked about is gone.
   */
  async keepReason(wanted: ReasonWanted, reason: string): Promise<boolean | undefined> {
    if (this.kept.shoe?.id !== wanted.shoeId || this.options.readOnly() || this.kept.stranded) return undefined;
    const operator = this.options.operator?.() || null;
    const { entry, hand } = wanted;
    return this.kept.recordAudit({
      at: new Date().toISOString(),
      operator,
      action: 'reason',
      hand,
      reason,
      reasonFor: entry,
    });
  }

  /** The question is left: the action stays kept with its reason not given. */
  dismiss(): void {
    if (!this.wanted) return;
    this.wanted = null;
    this.host.requestUpdate();
  }

  /** The clerk has gone on to another action: the question is left, and a step queued before now asks none. */
  goOn(): void {
    this.goneOn++;
    this.dismiss();
  }
}

/**
 * A typed reason as the trail keeps it: control and format characters dropped, then cleaned as a
 * table name is (NFKC, white space collapsed), 1–200 characters; null when nothing is left or it is too long.
 * @example cleanReason(' shoe\tjammed\u0007 ') // 'shoe jammed'
 */
export function cleanReason(text: string): string | null {
  const result = normaliseFreeText(withoutControls(text), MAX_REASON_LENGTH);
  return result.ok ? result.name : null;
}

/**
 * How many characters a typed reason holds once cleaned, whatever its length (0 when none would be kept).
 * @example reasonLength(' shoe  jammed ') // 11
 */
export function reasonLength(text: string): number {
  const result = normaliseFreeText(withoutControls(text), Number.MAX_SAFE_INTEGER);
  return result.ok ? Array.from(result.name).length : 0;
}

/**
 * The name a clerk signs in with as the trail keeps it: cleaned as a reason is, cut to its first 60
 * characters; '' when nothing is left (nobody signed in).
 * @example cleanOperatorName('  Mei\u200b ') // 'Mei'
 */
export function cleanOperatorName(text: string): string {
  const result = normaliseFreeText(withoutControls(text), Number.MAX_SAFE_INTEGER);
  return result.ok ? Array.from(result.name).slice(0, MAX_OPERATOR_LENGTH).join('').trim() : '';
}

/** Text with its control and format characters out (white space among them becomes a space), so what is left can be kept. */
function withoutControls(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/.test(character) ? ' ' : ''));
}
