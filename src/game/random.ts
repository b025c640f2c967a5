/**
 * Sources of random 32-bit words, and unbiased integers drawn from them.
 *
 * The seeded generator is xoshiro128** (Blackman & Vigna): small, fast in 32-bit JavaScript
 * arithmetic, and good enough for reproducible simulation. It is written here rather than taken
 * from a package because the simulation calls it about 400 times per shoe, and an inlined
 * `Math.imul` loop is several times faster than a generic generator API behind a call.
 * It is not for anything that must be unpredictable: that is what the crypto source is for.
 */

/** Anything that fills a buffer with uniformly distributed 32-bit unsigned words. */
export interface RandomSource {
  fill(words: Uint32Array): void;
}

/** xoshiro128** seeded from a string: the same seed gives the same sequence, everywhere. */
export class SeededRandom implements RandomSource {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** @param seed any string; it is hashed into the generator's 128-bit state. */
  constructor(readonly seed: string) {
    // FNV-1a over the UTF-16 code units, then splitmix32 to spread it over four words.
    let hash = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      hash = (hash + 0x9e3779b9) | 0;
      let z = hash;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      words.push((z ^ (z >>> 16)) >>> 0);
    }
    [this.s0, this.s1, this.s2, this.s3] = words as [number, number, number, number];
    // The all-zero state is the one state xoshiro never leaves.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** Fills `words` with the generator's next outputs; state lives in locals for speed. */
  fill(words: Uint32Array): void {
    let { s0, s1, s2, s3 } = this;
    for (let i = 0; i < words.length; i++) {
      words[i] = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The platform's crypto.getRandomValues, as in browsers, workers and Node 20+. */
interface CryptoLike {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
}

/** Words from `crypto.getRandomValues`, the platform's cryptographically secure generator. */
export class CryptoRandom implements RandomSource {
  private readonly crypto: CryptoLike;

  constructor() {
    const crypto = (globalThis as { crypto?: CryptoLike }).crypto;
    if (!crypto || typeof crypto.getRandomValues !== 'function') {
      throw new Error('crypto.getRandomValues is not available on this platform');
    }
    this.crypto = crypto;
  }

  fill(words: Uint32Array): void {
    // getRandomValues takes at most 65,536 bytes a call.
    for (let start = 0; start < words.length; start += 16384) {
      this.crypto.getRandomValues(words.subarray(start, start + 16384));
    }
  }
}

/**
 * A buffered stream of words from a source: sources fill in batches, because one
 * getRandomValues call per card would cost far more than the shuffle itself.
 */
export class RandomWords {
  private readonly buffer: Uint32Array;
  private index: number;

  constructor(
    private source: RandomSource,
    batch = 1024,
  ) {
    this.buffer = new Uint32Array(batch);
    this.index = batch;
  }

  /** Continues from a new source, discarding words buffered from the old one. */
  restart(source: RandomSource): void {
    this.source = source;
    this.index = this.buffer.length;
    this.halves = 0;
  }

  /** The next 32-bit word. */
  next(): number {
    if (this.index === this.buffer.length) {
      this.source.fill(this.buffer);
      this.index = 0;
    }
    return this.buffer[this.index++]!;
  }

  /** The next 16 bits: each word serves twice, high half first. */
  next16(): number {
    if (this.halves === 0) {
      const word = this.next();
      this.pending = word & 0xffff;
      this.halves = 1;
      return word >>> 16;
    }
    this.halves = 0;
    return this.pending;
  }

  /**
   * Fisher–Yates on 16-bit draws with the stream's state held in locals: the simulation's hot
   * loop. Gives exactly the sequence that `next16` and `uniformIndex` would.
   */
  shuffle16(items: { length: number; [index: number]: number }): void {
    const buffer = this.buffer;
    let index = this.index;
    let halves = this.halves;
    let pending = this.pending;
    const n = items.length;
    for (let i = 0; i < n - 1; i++) {
      const bound = n - i;
      let product: number;
      do {
        let draw: number;
        if (halves === 0) {
          if (index === buffer.length) {
            this.source.fill(buffer);
            index = 0;
          }
          const word = buffer[index++]!;
          pending = word & 0xffff;
          halves = 1;
          draw = word >>> 16;
        } else {
          halves = 0;
          draw = pending;
        }
        product = draw * bound;
        // Lemire: reject the few low products that would bias the result.
      } while ((product & 0xffff) < bound && (product & 0xffff) < (0x10000 - bound) % bound);
      const j = i + (product >>> 16);
      const held = items[i]!;
      items[i] = items[j]!;
      items[j] = held;
    }
    this.index = index;
    this.halves = halves;
    this.pending = pending;
  }

  private halves = 0;
  private pending = 0;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, bound), without modulo bias: Lemire's multiply-and-shift, rejecting
 * the few low products that would favour some results. A shoe's bounds (≤ 416) use 16-bit draws,
 * which keep the arithmetic in small integers and halve the words consumed (measured about twice
 * as fast as 32-bit draws in the simulation); larger bounds, up to 2^21, use 32-bit draws.
 */
export function uniformIndex(bound: number, random: RandomWords): number {
  if (bound <= 0x10000) {
    let product = random.next16() * bound;
    let low = product & 0xffff;
    if (low < bound) {
      const threshold = (0x10000 - bound) % bound;
      while (low < threshold) {
        product = random.next16() * bound;
        low = product & 0xffff;
      }
    }
    return product >>> 16;
  }
  let product = random.next() * bound;
  let low = product >>> 0;
  if (low < bound) {
    const threshold = (TWO_POW_32 - bound) % bound;
    while (low < threshold) {
      product = random.next() * bound;
      low = product >>> 0;
    }
  }
  return Math.floor(product / TWO_POW_32);
}

/**
 * Fisher–Yates, front to back: position i takes a uniform pick from positions i…n−1, each pick
 * drawn by `uniformIndex`.
 */
export function shuffleInPlace(items: { length: number; [index: number]: number }, random: RandomWords): void {
  const n = items.length;
  if (n <= 0x10000) {
    random.shuffle16(items);
    return;
  }
  for (let i = 0; i < n - 1; i++) {
    const j = i + uniformIndex(n - i, random);
    const held = items[i]!;
    items[i] = items[j]!;
    items[j] = held;
  }
}
