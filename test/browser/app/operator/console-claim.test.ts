import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ConsolePublisher } from '../../../../components/app/operator/console-publisher.js';
import type { RoomLink } from '../../../../components/app/shared/room/room-link.js';
import { presenceMessage, tableStateMessage, tableTopics } from '../../../../src/room/messages.js';
import { simulateShoeRecords, type ShoeRecord } from '../../../../src/shoes/document.js';
import { until } from '../../../support/wait.js';
import { StandInBroker, StandInLink } from './stand-in-broker.js';

/**
 * The console's claim on its table, against a stand-in broker that keeps retained messages and can
 * cut one connection off without the others knowing (as a dead network does): the races a real
 * broker makes hard to reproduce on demand.
 */

const TABLE = 'T1';
const topics = tableTopics(TABLE);
const BROKER = { url: 'ws://127.0.0.1:1/', username: 'T1', password: 'p' };
const [dealt] = simulateShoeRecords({ shoes: 1, seed: 'claim', table: TABLE });
const shoeOf = (hands: number): ShoeRecord => ({
  ...dealt!,
  source: 'recorded',
  seed: null,
  endedAt: null,
  number: 1,
  hands: dealt!.hands.slice(0, hands),
});

class ClaimHost extends LitElement {
  publisher!: ConsolePublisher;
  links: StandInLink[] = [];

  start(broker: StandInBroker, shoe: ShoeRecord, machine: { id: string; name: string }): void {
    this.publisher = new ConsolePublisher(this, {
      broker: () => BROKER,
      table: () => TABLE,
      limits: () => '',
      storedShoe: () => shoe,
      whenReady: () => Promise.resolve(),
      holdsTable: () => true,
      machine,
      adoptShoe: () => Promise.resolve({ kind: 'adopted' }),
      openLink: (_settings, options) => {
        const link = new StandInLink(broker, options);
        this.links.push(link);
        return Promise.resolve(link as unknown as RoomLink);
      },
    });
  }

  get link(): StandInLink {
    return this.links.at(-1)!;
  }
}
customElements.define('claim-host', ClaimHost);

function consoleOn(broker: StandInBroker, shoe: ShoeRecord, machine: { id: string; name: string }): ClaimHost {
  const host = document.createElement('claim-host') as ClaimHost;
  host.start(broker, shoe, machine);
  document.body.append(host);
  return host;
}

type Presence = { online: boolean; session?: string; machine?: string };
type State = { session?: string; document: { shoes: ShoeRecord[] } };

describe('a console’s claim on its table (stand-in broker)', () => {
  let hosts: ClaimHost[] = [];
  afterEach(() => {
    for (const host of hosts) host.remove();
    hosts = [];
  });

  it('cut off while another machine took the table, and back before that one said so again, it does not take the table back', async () => {
    const broker = new StandInBroker();
    const a = consoleOn(broker, shoeOf(9), { id: 'aaaa0001', name: 'Pit A' });
    hosts.push(a);
    await until(() => broker.retainedJson<Presence>(topics.presence)?.online === true, 'A to claim the table');
    const aSession = broker.retainedJson<Presence>(topics.presence)!.session!;

    // A's network dies silently; B takes the table and publishes two more hands.
    a.link.cutOff = true;
    broker.publish(topics.presence, JSON.stringify(presenceMessage(true, new Date(), { session: 'bbbb0002-1', machine: 'Pit B' })), true);
    broker.publish(topics.state, JSON.stringify(tableStateMessage(TABLE, '', shoeOf(11), 40, new Date(), 'bbbb0002-1')), true);
    // The broker notices A is gone: its last will replaces B's presence, and A is back before B answers it.
    a.link.die();
    expect(broker.retainedJson<Presence>(topics.presence)).to.include({ online: false, session: aSession });
    a.link.connect();

    await until(() => a.publisher.heldElsewhere !== null, 'A to see it was taken over');
    expect(a.publisher.heldElsewhere).to.include({ takenFromHere: true });
    // B's shoe is still the table's: A published nothing over it.
    expect(broker.retainedJson<State>(topics.state)!.session).to.equal('bbbb0002-1');
    expect(broker.retainedJson<State>(topics.state)!.document.shoes[0]!.hands).to.have.length(11);
  });

  it('taken over, it forgets the room’s shoe it heard before it held the table: it never says hands are missing from the screens that are there', async () => {
    const broker = new StandInBroker();
    // A state of another session, retained before A connects (with no presence): A reads it, takes the table, and answers it.
    broker.publish(topics.state, JSON.stringify(tableStateMessage(TABLE, '', shoeOf(3), 5, new Date(), 'ffff0009-1')), true);
    const a = consoleOn(broker, shoeOf(10), { id: 'aaaa0001', name: 'Pit A' });
    hosts.push(a);
    await until(() => broker.retainedJson<State>(topics.state)?.document.shoes[0]?.hands.length === 10, 'A to take the table');
    // A presence of another session alone (no state of its own): A is taken over.
    broker.publish(topics.presence, JSON.stringify(presenceMessage(true, new Date(), { session: 'bbbb0002-1', machine: 'Pit B' })), true);
    await until(() => a.publisher.heldElsewhere !== null, 'A to see it was taken over');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(a.publisher.roomShoe?.hands.length ?? 0).not.to.equal(3);
    expect(a.publisher.handsNotOnScreens).to.equal(null);
  });
});
