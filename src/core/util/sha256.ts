// SHA-256 (FIPS 180-4) in plain TypeScript. Core also runs in browser workers, where node:crypto
// does not exist and WebCrypto's digest is asynchronous; skeleton ids are computed per path in tight
// loops, so a small synchronous implementation is the simpler fit.

const ROUND_CONSTANTS = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const utf8 = new TextEncoder();

/** SHA-256 digest of bytes, or of a string encoded as UTF-8 (as Python's `str.encode()` does). */
export function sha256(input: Uint8Array | string): Uint8Array {
  const message = typeof input === 'string' ? utf8.encode(input) : input;
  const padded = padMessage(message);
  const state = new Uint32Array(INITIAL_STATE);
  const schedule = new Uint32Array(64);
  for (let block = 0; block < padded.byteLength; block += 64) compressBlock(state, schedule, padded, block);
  const digest = new Uint8Array(32);
  const digestView = new DataView(digest.buffer);
  for (let word = 0; word < 8; word++) digestView.setUint32(word * 4, state[word]);
  return digest;
}

/** Padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer, to a multiple of 64. */
function padMessage(message: Uint8Array): DataView {
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64;
  const padded = new Uint8Array(paddedLength);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = message.length * 8;
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(paddedLength - 4, bitLength >>> 0);
  return view;
}

/** One 64-byte block at `block` of `view` into `state` (`schedule` is scratch space, reused). */
function compressBlock(state: Uint32Array, schedule: Uint32Array, view: DataView, block: number): void {
  for (let t = 0; t < 16; t++) schedule[t] = view.getUint32(block + t * 4);
  for (let t = 16; t < 64; t++) {
    const w15 = schedule[t - 15];
    const w2 = schedule[t - 2];
    const sigma0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const sigma1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    schedule[t] = (schedule[t - 16] + sigma0 + schedule[t - 7] + sigma1) | 0;
  }
  let a = state[0],
    b = state[1],
    c = state[2],
    d = state[3],
    e = state[4],
    f = state[5],
    g = state[6],
    h = state[7];
  for (let t = 0; t < 64; t++) {
    const sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const choose = (e & f) ^ (~e & g);
    const temp1 = (h + sum1 + choose + ROUND_CONSTANTS[t] + schedule[t]) | 0;
    const sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const temp2 = (sum0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + temp1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temp1 + temp2) | 0;
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
  state[4] += e;
  state[5] += f;
  state[6] += g;
  state[7] += h;
}

/** Lower-case hex SHA-256, like Python's `hashlib.sha256(s.encode()).hexdigest()`. */
export function sha256Hex(input: Uint8Array | string): string {
  let hex = '';
  for (const byte of sha256(input)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function rotr(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits));
}
