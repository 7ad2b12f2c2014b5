// SHA-256 in plain TypeScript, checked against FIPS 180-4 vectors, node:crypto on random input,
// and the ids upstream MANGO computes (sha256 of Python's json.dumps with sort_keys).
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex } from '../../src/core/util/sha256';
import { dfSkeletonId, rfSkeletonId } from '../../src/core/benchmarks/mango/skeletons/skeletons';

describe('sha256', () => {
  it('matches the FIPS 180-4 example vectors', () => {
    assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(
      sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    assert.equal(sha256Hex('a'.repeat(1_000_000)), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('pads correctly around the 55/56/64-byte block boundaries', () => {
    for (const length of [54, 55, 56, 57, 63, 64, 65, 119, 120, 128]) {
      const text = 'x'.repeat(length);
      assert.equal(sha256Hex(text), createHash('sha256').update(text).digest('hex'), `length ${length}`);
    }
  });

  it('hashes strings as UTF-8, like Python str.encode()', () => {
    assert.equal(sha256Hex('café 😀'), createHash('sha256').update('café 😀', 'utf8').digest('hex'));
  });

  it('agrees with node:crypto on random bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        (bytes) => sha256Hex(bytes) === createHash('sha256').update(bytes).digest('hex'),
      ),
      { numRuns: 300 },
    );
  });

  it('reproduces upstream skeleton ids (905: bedroom -south-> bathroom)', () => {
    // From 905.all2all.jsonl and 905.all_pairs.jsonl, first lines.
    assert.equal(
      dfSkeletonId([{ prev_node: 'bedroom', node: 'bathroom', action: 'south' }]),
      '294beb47c5ff764ce0bde567f7cf8f8b40de61550724b201cda3df0dc1dc7317',
    );
    assert.equal(
      rfSkeletonId('bedroom', 'bathroom'),
      '25263dd09aab39cd4bdb45c07057aa09fa6b6fab216e3f954034e052ecd05293',
    );
  });
});
