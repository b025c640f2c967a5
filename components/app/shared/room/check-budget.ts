/**
 * How much checking each table may cost a screen: a bucket of milliseconds of checking per table,
 * refilled with time. A table whose messages have used up its bucket has the next ones dropped
 * unread until it refills, so a flood from one table's login (thousands of forged messages a
 * second, some of them whole shoes to check hand by hand) costs a screen a bounded share of its
 * time however fast it comes, and other tables are not held back by it. DOM-free.
 */

export interface CheckBudgetOptions {
  /** Milliseconds of checking a table earns per second. */
  perSecond: number;
  /** The most a table can save up (a burst a quiet table may spend at once). */
  most: number;
  /** A clock in milliseconds that only goes forward (performance.now by default). */
  clock?: () => number;
}

/**
 * A screen spends at most 5 % of its time checking one table's messages, once the quarter of a
 * second it may save up is spent: ample for a console (a few milliseconds a hand), even for a slow
 * machine's first, not yet optimised checks.
 */
export const DEFAULT_CHECK_BUDGET: CheckBudgetOptions = { perSecond: 50, most: 250 };

interface Bucket {
  balance: number;
  at: number;
}

export class CheckBudget {
  private readonly buckets = new Map<string, Bucket>();
  private readonly clock: () => number;

  constructor(private readonly options: CheckBudgetOptions = DEFAULT_CHECK_BUDGET) {
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The clock the budget is kept by, for timing what a check cost. */
  now(): number {
    return this.clock();
  }

  /** Whether `table` may have a message checked now (its bucket is not empty). */
  allows(table: string): boolean {
    return this.refilled(table).balance > 0;
  }

  /** Takes what a check of `table`'s message cost from its bucket (it may go below zero: the next ones wait longer). */
  spend(table: string, ms: number): void {
    this.refilled(table).balance -= ms;
  }

  private refilled(table: string): Bucket {
    const now = this.clock();
    let bucket = this.buckets.get(table);
    if (!bucket) {
      bucket = { balance: this.options.most, at: now };
      this.buckets.set(table, bucket);
    }
    bucket.balance = Math.min(this.options.most, bucket.balance + ((now - bucket.at) / 1000) * this.options.perSecond);
    bucket.at = now;
    return bucket;
  }
}
