import { randomBytes } from 'node:crypto';

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter (method 1 of
 * §6.2) and random bits. Ids made by one generator sort in the order they were made, even within
 * a millisecond, so a chat's messages keep their order.
 */
export function uuidv7Generator(): (at?: number) => string {
  let lastMs = -1;
  let sequence = 0;
  return (at) => {
    let now = at ?? Date.now();
    // The clock read behind the last id (a clock stepped back, or a test's clock that ran
    // ahead): the ids go on from the last one, as RFC 9562 §6.2 allows, so the order holds.
    if (at === undefined && now < lastMs) now = lastMs;
    if (now === lastMs) {
      sequence += 1;
      if (sequence > 0xfff) {
        // Counter exhausted within one millisecond: borrow the next millisecond.
        lastMs += 1;
        sequence = 0;
      }
    } else if (now > lastMs) {
      lastMs = now;
      sequence = Math.floor(Math.random() * 0x400);
    } else {
      // An explicit past time (seeds, tests): no ordering promise needed, use fresh randomness.
      // (The clock's own reads never come here: see above.)
      return build(now, Math.floor(Math.random() * 0x1000));
    }
    return build(lastMs, sequence);
  };
}

/** The process's generator. */
export const uuidv7 = uuidv7Generator();

function build(ms: number, counter: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
