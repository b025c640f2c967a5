import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LinkState } from './room-link.js';

/** What a controller needs of its link to the broker to let go of it (RoomLink, or a test's stand-in). */
export interface ClosableLink {
  close(): Promise<void>;
}

/**
 * The lifecycle every controller that follows the room's broker shares: it is its host's
 * controller, follows the broker while the host is on the page (at connection and at each update,
 * when the settings may have changed), and lets go of its link when the host leaves. Each link belongs to a session: one that opens after its session ended (the host left
 * meanwhile) is let go at once, and the session's callbacks can tell they are stale (`isCurrent`).
 */
export abstract class BrokerController<Link extends ClosableLink> implements ReactiveController {
  /** Where the link stands; `none` while no broker is set. */
  linkState: LinkState | 'none' = 'none';
  /** The link, once opened. */
  protected link: Link | null = null;
  /** The host is on the page. */
  protected connected = false;
  /** Bumped each time a link is let go: what an earlier session's link or callback brings changes nothing. */
  protected session = 0;
  /** A link asked for in this session (opened, opening, or failed: it is not asked for twice). */
  private opening: Promise<void> | null = null;

  /** The subclass adds itself to `host` once its own fields are set: on a host already connected, that connects it at once. */
  constructor(protected readonly host: ReactiveControllerHost) {}

  /** Follows the broker as the host comes on the page. */
  hostConnected(): void {
    this.connected = true;
    this.follow();
  }

  /** A property set before the element's code loaded (the broker, the table) is in place only at its first update. */
  hostUpdate(): void {
    if (this.connected) this.follow();
  }

  /** Lets go of the broker as the host leaves the page. */
  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  /** Opens the link the settings ask for (`openLink`), or changes nothing when it is open already. */
  protected abstract follow(): void;

  /** Ends what `follow` started. */
  protected stop(): void {
    void this.closeLink();
  }

  /** `session` is the one running: its link is still the one wanted. */
  protected isCurrent(session: number): boolean {
    return session === this.session;
  }

  /**
   * Opens the session's link with `open` unless one was asked for already: `connecting` until the
   * link says more. `opened` takes the link (to subscribe, say); a link that could not be opened
   * leaves the state `offline`, after `failed` (to log why) for a session still running.
   */
  protected openLink(
    open: (session: number) => Promise<Link>,
    { opened, failed }: { opened?: (link: Link, session: number) => void; failed?: (error: unknown) => void } = {},
  ): void {
    if (this.link || this.opening) return;
    const session = this.session;
    this.linkState = 'connecting';
    // A stand-in that throws at once fails as one that rejects does.
    this.opening = new Promise<Link>((resolve) => resolve(open(session))).then(
      (link) => {
        if (!this.isCurrent(session)) return void this.release(link);
        this.link = link;
        opened?.(link, session);
      },
      (error: unknown) => {
        if (!this.isCurrent(session)) return;
        failed?.(error);
        this.linkState = 'offline';
        this.host.requestUpdate();
      },
    );
  }

  /** Ends the session: its link is let go (one still opening, as soon as it opens), and a new one may be opened. */
  protected closeLink(): Promise<void> {
    this.session++;
    const link = this.link;
    this.link = null;
    this.opening = null;
    return link ? this.release(link) : Promise.resolve();
  }

  /** Lets go of a link (a console says it leaves first, say). */
  protected release(link: Link): Promise<void> {
    return link.close();
  }
}
