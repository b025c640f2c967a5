import { describe, expect, it } from 'vitest';
import { addressWithoutCredential, BROKER_STORAGE_KEY, chooseBroker } from '../../../../../components/app/shared/room/room-settings.js';

/** A Storage stand-in over a Map (Node has no localStorage). */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const params = (search: string) => new URLSearchParams(search);

describe('chooseBroker', () => {
  it('uses no broker when none is given or remembered', () => {
    expect(chooseBroker(params('?mode=display'), memoryStorage())).toEqual({ broker: null, problem: null });
  });

  it('takes the address and credential once, and remembers them for the next page', () => {
    const storage = memoryStorage();
    const first = chooseBroker(params('?broker=ws://10.0.0.5:9001&user=T7&password=s3cret'), storage);
    expect(first).toEqual({ broker: { url: 'ws://10.0.0.5:9001/', username: 'T7', password: 's3cret' }, problem: null });
    // Reloaded with the credential gone from the address (and even without the broker).
    expect(chooseBroker(params('?broker=ws://10.0.0.5:9001'), storage).broker).toEqual(first.broker);
    expect(chooseBroker(params('?mode=display'), storage).broker).toEqual(first.broker);
  });

  it('forgets the broker with broker=off', () => {
    const storage = memoryStorage();
    chooseBroker(params('?broker=wss://room.example:9443&user=screen&password=p'), storage);
    expect(chooseBroker(params('?broker=off'), storage)).toEqual({ broker: null, problem: null });
    expect(storage.items.has(BROKER_STORAGE_KEY)).toBe(false);
  });

  it('refuses an address that is not a WebSocket one, or that holds a credential', () => {
    for (const given of ['http://host:9001', 'host:9001', 'ws://', 'ws://u:p@host:9001', 'javascript:alert(1)']) {
      expect(chooseBroker(params(`?broker=${encodeURIComponent(given)}`), memoryStorage()).problem).toEqual({
        kind: 'bad-address',
        value: given,
      });
    }
  });

  it('asks for a credential for a new broker rather than reuse another broker’s', () => {
    const storage = memoryStorage();
    chooseBroker(params('?broker=ws://a:9001&user=T7&password=x'), storage);
    expect(chooseBroker(params('?broker=ws://b:9001'), storage)).toEqual({
      broker: null,
      problem: { kind: 'no-credential', url: 'ws://b:9001/' },
    });
  });

  it('ignores a remembered entry that cannot be read', () => {
    expect(chooseBroker(params(''), memoryStorage({ [BROKER_STORAGE_KEY]: '{not json' })).broker).toBeNull();
    expect(
      chooseBroker(params(''), memoryStorage({ [BROKER_STORAGE_KEY]: '{"url":"http://x","username":"a","password":"b"}' })).broker,
    ).toBeNull();
  });
});

describe('addressWithoutCredential', () => {
  it('takes user and password out and keeps everything else', () => {
    expect(
      addressWithoutCredential('http://127.0.0.1:5173/?mode=operator&table=T7&broker=ws://h:9001&user=T7&password=s3cret&lang=zh'),
    ).toBe('http://127.0.0.1:5173/?mode=operator&table=T7&broker=ws%3A%2F%2Fh%3A9001&lang=zh');
    expect(addressWithoutCredential('http://127.0.0.1:5173/?mode=display')).toBeNull();
    // A broker address with a credential in it is refused, and taken out of the address as well.
    expect(addressWithoutCredential(`http://127.0.0.1:5173/?mode=display&broker=${encodeURIComponent('ws://screen:pw@h:9001')}`)).toBe(
      'http://127.0.0.1:5173/?mode=display',
    );
  });
});
