import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ScoreboardStore, ShoeOrigin } from './scoreboard-store.js';
import type { ShoeRecord } from '../../../../src/shoes/document.js';
import { TableChannel } from './table-channel.js';

export interface StoredShoeFollowerOptions {
  /** The table followed. */
  table: () => string;
  /** Whose shoes are followed: a console's, or the attract kiosk's. */
  origin: ShoeOrigin;
  /** Where the shoes are read, or null while storage is not open. */
  store: () => Pick<ScoreboardStore, 'latestShoe'> | null;
  /** Whether to follow now (the window does not keep the table itself). */
  active: () => boolean;
}

/**
 * Shows, read-only, the table's newest shoe of one origin as another window keeps it: reads it
 * when asked (`refresh`) and again whenever that window says through the TableChannel that a shoe
 * of the table changed.
 */
export class StoredShoeFollowerController implements ReactiveController {
  /** The shoe as stored, or null before one is read. */
  shoe: ShoeRecord | null = null;
  /** Why the last read failed, or null. */
  readError: unknown = null;

  private channel: TableChannel | null = null;
  /** Reads can finish out of order: only the newest is shown. */
  private readNumber = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: StoredShoeFollowerOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.channel = new TableChannel((message) => {
      // News without an origin (History's deletion) may concern this table's shoe too.
      const ours = message.table === this.options.table() && (message.origin ?? this.options.origin) === this.options.origin;
      if (ours) void this.refresh();
    });
  }

  hostDisconnected(): void {
    this.channel?.close();
    this.channel = null;
  }

  /** Reads the table's newest shoe of the origin again, when following. */
  async refresh(): Promise<void> {
    const store = this.options.store();
    if (!store || !this.options.active()) return;
    const number = ++this.readNumber;
    try {
      const stored = await store.latestShoe({ table: this.options.table(), origin: this.options.origin });
      if (number !== this.readNumber || !this.options.active()) return;
      this.shoe = stored ?? null;
      this.readError = null;
    } catch (error) {
      this.readError = error;
    }
    this.host.requestUpdate();
  }
}
