/**
 * The attract mode's parts inside a kiosk, for the suites that reach them: the kiosk shows
 * `<bacc-attract>` in its shadow root, and the scoreboard and evidence panel are in that one's.
 */
import type { BaccKiosk } from '../../../../components/app/kiosk/bacc-kiosk.js';
import type { BaccAttract } from '../../../../components/app/attract/bacc-attract.js';
import type { BaccScoreboard } from '../../../../components/bacc-scoreboard.js';
import { until } from '../../../support/wait.js';

/** The kiosk's attract mode, or null in another mode (or with a refused table). */
export const attractOf = (kiosk: BaccKiosk): BaccAttract | null => kiosk.shadowRoot!.querySelector('bacc-attract');

/** The attract mode's scoreboard, or null when there is none on screen. */
export const scoreboardOf = (kiosk: BaccKiosk): BaccScoreboard | null =>
  attractOf(kiosk)?.shadowRoot?.querySelector('bacc-scoreboard') ?? null;

/** The attract mode's evidence panel, or null while the scoreboard shows. */
export const evidencePanelOf = (kiosk: BaccKiosk): HTMLElement | null =>
  attractOf(kiosk)?.shadowRoot?.querySelector('bacc-evidence') ?? null;

/** The attract mode's scoreboard once the kiosk has loaded the attract mode and it has drawn its scoreboard. */
export async function attractScoreboard(kiosk: BaccKiosk, timeout = 5000): Promise<BaccScoreboard> {
  await until(() => scoreboardOf(kiosk) !== null, 'the attract mode and its scoreboard', timeout);
  const scoreboard = scoreboardOf(kiosk)!;
  await scoreboard.updateComplete;
  return scoreboard;
}
