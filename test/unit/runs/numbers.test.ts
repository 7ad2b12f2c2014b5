// One form for every number a report shows (numbers.ts): fixed decimals, half to even on the
// shortest decimal form, no binary noise; the HTML report's inline script rounds the same way.
import { strict as assert } from 'node:assert';
import {
  fixedDecimals,
  formatInterval,
  formatMeanInterval,
  formatMetricValue,
  plainNumber,
} from '../../../src/core/runs/numbers';
import { DRILL_DOWN_SCRIPT } from '../../../src/core/runs/htmlScript';

describe('numbers: one form for every rendering', () => {
  it('rounds ties half to even on the digits JSON writes, not the binary value', () => {
    // 19.2125 is stored a hair below the tie; toFixed(3) rounds that binary value, the report does not.
    assert.equal(fixedDecimals(19.2125, 3), '19.212');
    assert.equal(fixedDecimals(19.2135, 3), '19.214');
    assert.equal(fixedDecimals(0.0625, 3), '0.062');
    assert.equal(fixedDecimals(0.0635, 3), '0.064');
    assert.equal(fixedDecimals(2.5, 0), '2');
    assert.equal(fixedDecimals(3.5, 0), '4');
    assert.equal(fixedDecimals(-2.5, 0), '-2');
    assert.equal(fixedDecimals(0.12500001, 2), '0.13');
  });

  it('writes fixed decimals: no float noise, no short forms, no negative zero', () => {
    assert.equal(formatMetricValue(0.11111111111111116), '0.111');
    assert.equal(formatMetricValue(-3.3999999999999995), '-3.400');
    assert.equal(formatMetricValue(1), '1.000');
    assert.equal(formatMetricValue(0.36), '0.360');
    assert.equal(formatMetricValue(-0.0004), '0.000');
    assert.equal(formatMetricValue(1e-7), '0.000');
    assert.equal(formatMetricValue(123456789.98765), '123456789.988');
    assert.equal(formatMetricValue(1e21), '1000000000000000000000.000');
    assert.equal(formatMetricValue(null), '—');
    assert.equal(formatMetricValue(Number.NaN), '—');
  });

  it('writes intervals in their mean’s precision', () => {
    assert.equal(formatMeanInterval(1, [1, 1]), '1.000 [1.000, 1.000]');
    assert.equal(formatMeanInterval(0.5, null), '0.500');
    assert.equal(formatInterval([0.2, 0.5]), '[0.200, 0.500]');
    assert.equal(formatInterval(null), '');
  });

  it('keeps full precision for machine-read text, without binary noise', () => {
    assert.equal(plainNumber(-3.3999999999999995), '-3.4');
    assert.equal(plainNumber(0.1 + 0.2), '0.3');
    assert.equal(plainNumber(19.2125), '19.2125');
    assert.equal(plainNumber(null), '');
  });

  it('the HTML report’s inline script rounds as numbers.ts does', () => {
    const line = DRILL_DOWN_SCRIPT.split('\n').find((text) => text.startsWith('const num = '));
    assert.ok(line, 'the drill-down script defines num');
    const num = new Function(`${line}; return num;`)() as (value: number | null) => string;
    const values = [null, 0, 1, -1, 0.36, 19.2125, 19.2135, 0.0625, -3.3999999999999995, 1e-9, 1e21, 2 / 3, -0.0004];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values.push(((seed / 2147483648) * 200 - 100) * (i % 3 === 0 ? 1 : 0.01));
    }
    for (const value of values) assert.equal(num(value), formatMetricValue(value), String(value));
  });
});
