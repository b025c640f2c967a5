/** `bacc help`: the commands and their options. */
import { EVIDENCE_SEED_MAX_LENGTH, EVIDENCE_CHUNK_SHOES } from '../../../src/evidence/evidence.js';
import { DEFAULT_CANCEL_EVERY } from '../serial/shoe-sim.js';
import type { CliIo } from '../command-line.js';

const USAGE = `Usage: bacc <command> [options]

Commands:
  resolve <card>...            Resolve a hand from its cards in dealing order (P1 B1 P2 B2 [P3] [B3]).
                               Cards: rank A 2-9 T J Q K (or 10), optional suit S H D C, e.g. 9h 10c k.
  odds [--decks N]             Exact odds of the next hand from a full shoe of N decks (default 8),
       [--remaining c1,...,c13] or from the cards left of each rank A,2,...,9,T,J,Q,K;
       [--remaining -]         or one composition per line on stdin, one JSON object per line out.
  simulate [--decks N] [--shoes N] [--seed S] [--summary]
                               Deal whole simulated shoes: a shoe export document, or with --summary
                               the counts and observed against exact probabilities.
  roads <outcomes | shoe.json | -> [--shoe N] [--rows N] [--text]
                               The five roads, the ask-road predictions and the statistics of a shoe:
                               from a string of B, P, T, a shoe export document (shoe N, default 1),
                               or either on stdin. --text prints the roads for a terminal.
  evidence [--hands N] [--seed S] [--decks N]
                               Do the roads predict? Deal whole seeded shoes until N hands (default
                               1000000; shoes go in chunks of ${EVIDENCE_CHUNK_SHOES}, the last whole, so a little more)
                               and measure the next hand after runs, chops, derived-road marks and
                               ask-road predictions, and what betting strategies returned, against
                               the exact odds. A seed is 1 to ${EVIDENCE_SEED_MAX_LENGTH} characters, as in the page's
                               ?seed=; without --seed a random seed is chosen and printed.
  shoe --port <device> --table T --broker mqtt://host:port --user U --password P [--protocol P]
                               Read a card-reading shoe on a serial line (9600 baud 8N1) and publish
                               the lines its protocol accepts (bacc, suit-rank or json; default bacc)
                               to table T's console through the room's broker, on the table's reader
                               topic; refused lines are counted and logged, never published. Runs
                               until stopped; the device and the broker are reconnected when they
                               come back. The password may come from BACC_BROKER_PASSWORD instead.
  shoe-sim --port <device> --seed S [--decks N] [--protocol P] [--interval ms] [--cancel-every N] [--pack ID]
                               Play the seed's shoe down a serial line as a card-reading shoe would:
                               the burn, every card, the cut card, and a wrong card and its CANCEL
                               before every Nth card (bacc protocol only; --cancel-every, default
                               ${DEFAULT_CANCEL_EVERY}, 0 for none); a line
                               every --interval ms (default 100). A closed port is opened again. With
                               bacc the lines are numbered: the simulator says hello until the host
                               answers RESUME and sends again from the line after the one it holds;
                               its SHOE line names a pack of its own each run (sim-<seed>-<time>)
                               unless --pack gives one.
  recorder --broker mqtt://host:port [--user recorder] --password P [--db <where>] [--name N]
                               The room's record: follow every table through the broker (a session
                               kept at the broker under N, default this machine's name) and write each
                               table's shoes, consoles' presence, reader lines and refused messages
                               into the ledger: a SQLite file (default bacc-ledger.sqlite) or a
                               postgres:// address. Each table's commit is acknowledged on its
                               retained recorded topic. The password may come from
                               BACC_RECORDER_PASSWORD, the ledger's address from BACC_RECORDER_DB.
                               --http [host:]port also serves the pit's API (loopback
                               unless a host is given), to pages of each --allow-origin ORIGIN.
  recorder user add|remove|list [--db <where>] [--name N] [--role pit|surveillance|admin]
                               The pit API's logins, kept in the ledger; add takes the password from
                               BACC_LOGIN_PASSWORD or the first line of standard input.
  recorder export [--db <where>] [--table T] [--from ISO] [--to ISO] [--out file]
                               The ledger's shoes as they stand, as a shoe export document: of one
                               table, and those in play between --from and --to.
  recorder backup [--db file] --out file
                               A copy of a SQLite ledger, taken while the recorder runs (for
                               PostgreSQL use pg_dump).

Play money only. Past results do not predict the next hand.`;

export function helpCommand(io: CliIo): number {
  io.stdout(`${USAGE}\n`);
  return 0;
}
