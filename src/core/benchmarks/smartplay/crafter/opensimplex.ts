// OpenSimplex noise exactly as the Python package opensimplex 0.4.5 computes it (the version
// SmartPlay pins; Crafter's world generator calls its `noise3`). The body of `noise3` is a
// line-by-line transcription of 0.4.5's `_noise3` (KdotJPG's OpenSimplex, 2014) keeping the
// upstream variable names and the order of every floating-point operation, so that the values
// agree bit for bit: world generation compares them against thresholds.

const STRETCH_CONSTANT3 = -1.0 / 6;
const SQUISH_CONSTANT3 = 1.0 / 3;
const NORM_CONSTANT3 = 103;

// Gradients for 3D: the vertices of a rhombicuboctahedron, skewed (opensimplex/constants.py).

const GRADIENTS3 = new Int32Array([
  -11, 4, 4, -4, 11, 4, -4, 4, 11, 11, 4, 4, 4, 11, 4, 4, 4, 11, -11, -4, 4, -4, -11, 4, -4, -4, 11, 11, -4, 4, 4, -11,
  4, 4, -4, 11, -11, 4, -4, -4, 11, -4, -4, 4, -11, 11, 4, -4, 4, 11, -4, 4, 4, -11, -11, -4, -4, -4, -11, -4, -4, -4,
  -11, 11, -4, -4, 4, -11, -4, 4, -4, -11,
]);

const MASK64 = (1n << 64n) - 1n;
const SIGN64 = 1n << 63n;

/** `ctypes.c_int64(x).value`: wrap to a signed 64-bit integer. */
function overflow(value: bigint): bigint {
  const wrapped = value & MASK64;
  return wrapped >= SIGN64 ? wrapped - (1n << 64n) : wrapped;
}

/** opensimplex 0.4.5's `OpenSimplex(seed)`. */
export class OpenSimplex {
  private readonly perm = new Int32Array(256);
  private readonly permGradIndex3 = new Int32Array(256);

  constructor(seed: number | bigint) {
    // `_init`: a linear congruential generator drives a Fisher-Yates style permutation. The seed
    // arithmetic is 64-bit two's complement; `(seed + 31) % (i + 1)` is Python's floor modulo on
    // the unbounded integer.
    const source = Array.from({ length: 256 }, (_, index) => index);
    let state = BigInt(seed);
    for (let round = 0; round < 3; round++) state = overflow(state * 6364136223846793005n + 1442695040888963407n);
    for (let i = 255; i >= 0; i--) {
      state = overflow(state * 6364136223846793005n + 1442695040888963407n);
      const modulus = BigInt(i + 1);
      let r = Number((state + 31n) % modulus);
      if (r < 0) r += i + 1;
      this.perm[i] = source[r];
      this.permGradIndex3[i] = (this.perm[i] % (GRADIENTS3.length / 3)) * 3;
      source[r] = source[i];
    }
  }

  private extrapolate3(xsb: number, ysb: number, zsb: number, dx: number, dy: number, dz: number): number {
    const perm = this.perm;
    const index = this.permGradIndex3[(perm[(perm[xsb & 0xff] + ysb) & 0xff] + zsb) & 0xff];
    return GRADIENTS3[index] * dx + GRADIENTS3[index + 1] * dy + GRADIENTS3[index + 2] * dz;
  }

  /** 3D noise in [-1, 1]. */
  noise3(x: number, y: number, z: number): number {
    const ext = (xsb: number, ysb: number, zsb: number, dx: number, dy: number, dz: number) =>
      this.extrapolate3(xsb, ysb, zsb, dx, dy, dz);
    // The upstream names (snake_case) are kept so the transcription can be checked line by line.
    let a_is_further_side = false,
      a_point = 0,
      a_score = 0,
      attn0 = 0,
      attn1 = 0,
      attn2 = 0,
      attn3 = 0,
      attn4 = 0,
      attn5 = 0,
      attn6 = 0,
      attn_ext0 = 0,
      attn_ext1 = 0,
      b_is_further_side = false,
      b_point = 0,
      b_score = 0,
      c = 0,
      c1 = 0,
      c2 = 0,
      dx0 = 0,
      dx1 = 0,
      dx2 = 0,
      dx3 = 0,
      dx4 = 0,
      dx5 = 0,
      dx6 = 0,
      dx_ext0 = 0,
      dx_ext1 = 0,
      dy0 = 0,
      dy1 = 0,
      dy2 = 0,
      dy3 = 0,
      dy4 = 0,
      dy5 = 0,
      dy6 = 0,
      dy_ext0 = 0,
      dy_ext1 = 0,
      dz0 = 0,
      dz1 = 0,
      dz2 = 0,
      dz3 = 0,
      dz4 = 0,
      dz5 = 0,
      dz6 = 0,
      dz_ext0 = 0,
      dz_ext1 = 0,
      in_sum = 0,
      p1 = 0,
      p2 = 0,
      p3 = 0,
      score = 0,
      squish_offset = 0,
      stretch_offset = 0,
      value = 0,
      wins = 0,
      xb = 0,
      xins = 0,
      xs = 0,
      xsb = 0,
      xsv_ext0 = 0,
      xsv_ext1 = 0,
      yb = 0,
      yins = 0,
      ys = 0,
      ysb = 0,
      ysv_ext0 = 0,
      ysv_ext1 = 0,
      zb = 0,
      zins = 0,
      zs = 0,
      zsb = 0,
      zsv_ext0 = 0,
      zsv_ext1 = 0;
    stretch_offset = (x + y + z) * STRETCH_CONSTANT3;
    xs = x + stretch_offset;
    ys = y + stretch_offset;
    zs = z + stretch_offset;
    xsb = Math.floor(xs);
    ysb = Math.floor(ys);
    zsb = Math.floor(zs);
    squish_offset = (xsb + ysb + zsb) * SQUISH_CONSTANT3;
    xb = xsb + squish_offset;
    yb = ysb + squish_offset;
    zb = zsb + squish_offset;
    xins = xs - xsb;
    yins = ys - ysb;
    zins = zs - zsb;
    in_sum = xins + yins + zins;
    dx0 = x - xb;
    dy0 = y - yb;
    dz0 = z - zb;
    value = 0;
    if (in_sum <= 1) {
      a_point = 0x01;
      a_score = xins;
      b_point = 0x02;
      b_score = yins;
      if (a_score >= b_score && zins > b_score) {
        b_score = zins;
        b_point = 0x04;
      } else if (a_score < b_score && zins > a_score) {
        a_score = zins;
        a_point = 0x04;
      }
      wins = 1 - in_sum;
      if (wins > a_score || wins > b_score) {
        c = b_score > a_score ? b_point : a_point;
        if ((c & 0x01) === 0) {
          xsv_ext0 = xsb - 1;
          xsv_ext1 = xsb;
          dx_ext0 = dx0 + 1;
          dx_ext1 = dx0;
        } else {
          xsv_ext0 = xsv_ext1 = xsb + 1;
          dx_ext0 = dx_ext1 = dx0 - 1;
        }
        if ((c & 0x02) === 0) {
          ysv_ext0 = ysv_ext1 = ysb;
          dy_ext0 = dy_ext1 = dy0;
          if ((c & 0x01) === 0) {
            ysv_ext1 -= 1;
            dy_ext1 += 1;
          } else {
            ysv_ext0 -= 1;
            dy_ext0 += 1;
          }
        } else {
          ysv_ext0 = ysv_ext1 = ysb + 1;
          dy_ext0 = dy_ext1 = dy0 - 1;
        }
        if ((c & 0x04) === 0) {
          zsv_ext0 = zsb;
          zsv_ext1 = zsb - 1;
          dz_ext0 = dz0;
          dz_ext1 = dz0 + 1;
        } else {
          zsv_ext0 = zsv_ext1 = zsb + 1;
          dz_ext0 = dz_ext1 = dz0 - 1;
        }
      } else {
        c = a_point | b_point;
        if ((c & 0x01) === 0) {
          xsv_ext0 = xsb;
          xsv_ext1 = xsb - 1;
          dx_ext0 = dx0 - 2 * SQUISH_CONSTANT3;
          dx_ext1 = dx0 + 1 - SQUISH_CONSTANT3;
        } else {
          xsv_ext0 = xsv_ext1 = xsb + 1;
          dx_ext0 = dx0 - 1 - 2 * SQUISH_CONSTANT3;
          dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
        }
        if ((c & 0x02) === 0) {
          ysv_ext0 = ysb;
          ysv_ext1 = ysb - 1;
          dy_ext0 = dy0 - 2 * SQUISH_CONSTANT3;
          dy_ext1 = dy0 + 1 - SQUISH_CONSTANT3;
        } else {
          ysv_ext0 = ysv_ext1 = ysb + 1;
          dy_ext0 = dy0 - 1 - 2 * SQUISH_CONSTANT3;
          dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
        }
        if ((c & 0x04) === 0) {
          zsv_ext0 = zsb;
          zsv_ext1 = zsb - 1;
          dz_ext0 = dz0 - 2 * SQUISH_CONSTANT3;
          dz_ext1 = dz0 + 1 - SQUISH_CONSTANT3;
        } else {
          zsv_ext0 = zsv_ext1 = zsb + 1;
          dz_ext0 = dz0 - 1 - 2 * SQUISH_CONSTANT3;
          dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
        }
      }
      attn0 = 2 - dx0 * dx0 - dy0 * dy0 - dz0 * dz0;
      if (attn0 > 0) {
        attn0 *= attn0;
        value += attn0 * attn0 * ext(xsb + 0, ysb + 0, zsb + 0, dx0, dy0, dz0);
      }
      dx1 = dx0 - 1 - SQUISH_CONSTANT3;
      dy1 = dy0 - 0 - SQUISH_CONSTANT3;
      dz1 = dz0 - 0 - SQUISH_CONSTANT3;
      attn1 = 2 - dx1 * dx1 - dy1 * dy1 - dz1 * dz1;
      if (attn1 > 0) {
        attn1 *= attn1;
        value += attn1 * attn1 * ext(xsb + 1, ysb + 0, zsb + 0, dx1, dy1, dz1);
      }
      dx2 = dx0 - 0 - SQUISH_CONSTANT3;
      dy2 = dy0 - 1 - SQUISH_CONSTANT3;
      dz2 = dz1;
      attn2 = 2 - dx2 * dx2 - dy2 * dy2 - dz2 * dz2;
      if (attn2 > 0) {
        attn2 *= attn2;
        value += attn2 * attn2 * ext(xsb + 0, ysb + 1, zsb + 0, dx2, dy2, dz2);
      }
      dx3 = dx2;
      dy3 = dy1;
      dz3 = dz0 - 1 - SQUISH_CONSTANT3;
      attn3 = 2 - dx3 * dx3 - dy3 * dy3 - dz3 * dz3;
      if (attn3 > 0) {
        attn3 *= attn3;
        value += attn3 * attn3 * ext(xsb + 0, ysb + 0, zsb + 1, dx3, dy3, dz3);
      }
    } else if (in_sum >= 2) {
      a_point = 0x06;
      a_score = xins;
      b_point = 0x05;
      b_score = yins;
      if (a_score <= b_score && zins < b_score) {
        b_score = zins;
        b_point = 0x03;
      } else if (a_score > b_score && zins < a_score) {
        a_score = zins;
        a_point = 0x03;
      }
      wins = 3 - in_sum;
      if (wins < a_score || wins < b_score) {
        c = b_score < a_score ? b_point : a_point;
        if ((c & 0x01) != 0) {
          xsv_ext0 = xsb + 2;
          xsv_ext1 = xsb + 1;
          dx_ext0 = dx0 - 2 - 3 * SQUISH_CONSTANT3;
          dx_ext1 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
        } else {
          xsv_ext0 = xsv_ext1 = xsb;
          dx_ext0 = dx_ext1 = dx0 - 3 * SQUISH_CONSTANT3;
        }
        if ((c & 0x02) != 0) {
          ysv_ext0 = ysv_ext1 = ysb + 1;
          dy_ext0 = dy_ext1 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
          if ((c & 0x01) != 0) {
            ysv_ext1 += 1;
            dy_ext1 -= 1;
          } else {
            ysv_ext0 += 1;
            dy_ext0 -= 1;
          }
        } else {
          ysv_ext0 = ysv_ext1 = ysb;
          dy_ext0 = dy_ext1 = dy0 - 3 * SQUISH_CONSTANT3;
        }
        if ((c & 0x04) != 0) {
          zsv_ext0 = zsb + 1;
          zsv_ext1 = zsb + 2;
          dz_ext0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
          dz_ext1 = dz0 - 2 - 3 * SQUISH_CONSTANT3;
        } else {
          zsv_ext0 = zsv_ext1 = zsb;
          dz_ext0 = dz_ext1 = dz0 - 3 * SQUISH_CONSTANT3;
        }
      } else {
        c = a_point & b_point;
        if ((c & 0x01) != 0) {
          xsv_ext0 = xsb + 1;
          xsv_ext1 = xsb + 2;
          dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
          dx_ext1 = dx0 - 2 - 2 * SQUISH_CONSTANT3;
        } else {
          xsv_ext0 = xsv_ext1 = xsb;
          dx_ext0 = dx0 - SQUISH_CONSTANT3;
          dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
        }
        if ((c & 0x02) != 0) {
          ysv_ext0 = ysb + 1;
          ysv_ext1 = ysb + 2;
          dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
          dy_ext1 = dy0 - 2 - 2 * SQUISH_CONSTANT3;
        } else {
          ysv_ext0 = ysv_ext1 = ysb;
          dy_ext0 = dy0 - SQUISH_CONSTANT3;
          dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
        }
        if ((c & 0x04) != 0) {
          zsv_ext0 = zsb + 1;
          zsv_ext1 = zsb + 2;
          dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
          dz_ext1 = dz0 - 2 - 2 * SQUISH_CONSTANT3;
        } else {
          zsv_ext0 = zsv_ext1 = zsb;
          dz_ext0 = dz0 - SQUISH_CONSTANT3;
          dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
        }
      }
      dx3 = dx0 - 1 - 2 * SQUISH_CONSTANT3;
      dy3 = dy0 - 1 - 2 * SQUISH_CONSTANT3;
      dz3 = dz0 - 0 - 2 * SQUISH_CONSTANT3;
      attn3 = 2 - dx3 * dx3 - dy3 * dy3 - dz3 * dz3;
      if (attn3 > 0) {
        attn3 *= attn3;
        value += attn3 * attn3 * ext(xsb + 1, ysb + 1, zsb + 0, dx3, dy3, dz3);
      }
      dx2 = dx3;
      dy2 = dy0 - 0 - 2 * SQUISH_CONSTANT3;
      dz2 = dz0 - 1 - 2 * SQUISH_CONSTANT3;
      attn2 = 2 - dx2 * dx2 - dy2 * dy2 - dz2 * dz2;
      if (attn2 > 0) {
        attn2 *= attn2;
        value += attn2 * attn2 * ext(xsb + 1, ysb + 0, zsb + 1, dx2, dy2, dz2);
      }
      dx1 = dx0 - 0 - 2 * SQUISH_CONSTANT3;
      dy1 = dy3;
      dz1 = dz2;
      attn1 = 2 - dx1 * dx1 - dy1 * dy1 - dz1 * dz1;
      if (attn1 > 0) {
        attn1 *= attn1;
        value += attn1 * attn1 * ext(xsb + 0, ysb + 1, zsb + 1, dx1, dy1, dz1);
      }
      dx0 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
      dy0 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
      dz0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
      attn0 = 2 - dx0 * dx0 - dy0 * dy0 - dz0 * dz0;
      if (attn0 > 0) {
        attn0 *= attn0;
        value += attn0 * attn0 * ext(xsb + 1, ysb + 1, zsb + 1, dx0, dy0, dz0);
      }
    } else {
      p1 = xins + yins;
      if (p1 > 1) {
        a_score = p1 - 1;
        a_point = 0x03;
        a_is_further_side = true;
      } else {
        a_score = 1 - p1;
        a_point = 0x04;
        a_is_further_side = false;
      }
      p2 = xins + zins;
      if (p2 > 1) {
        b_score = p2 - 1;
        b_point = 0x05;
        b_is_further_side = true;
      } else {
        b_score = 1 - p2;
        b_point = 0x02;
        b_is_further_side = false;
      }
      p3 = yins + zins;
      if (p3 > 1) {
        score = p3 - 1;
        if (a_score <= b_score && a_score < score) {
          a_point = 0x06;
          a_is_further_side = true;
        } else if (a_score > b_score && b_score < score) {
          b_point = 0x06;
          b_is_further_side = true;
        }
      } else {
        score = 1 - p3;
        if (a_score <= b_score && a_score < score) {
          a_point = 0x01;
          a_is_further_side = false;
        } else if (a_score > b_score && b_score < score) {
          b_point = 0x01;
          b_is_further_side = false;
        }
      }
      if (a_is_further_side === b_is_further_side) {
        if (a_is_further_side) {
          dx_ext0 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
          dy_ext0 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
          dz_ext0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
          xsv_ext0 = xsb + 1;
          ysv_ext0 = ysb + 1;
          zsv_ext0 = zsb + 1;
          c = a_point & b_point;
          if ((c & 0x01) != 0) {
            dx_ext1 = dx0 - 2 - 2 * SQUISH_CONSTANT3;
            dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
            dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
            xsv_ext1 = xsb + 2;
            ysv_ext1 = ysb;
            zsv_ext1 = zsb;
          } else if ((c & 0x02) != 0) {
            dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
            dy_ext1 = dy0 - 2 - 2 * SQUISH_CONSTANT3;
            dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
            xsv_ext1 = xsb;
            ysv_ext1 = ysb + 2;
            zsv_ext1 = zsb;
          } else {
            dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
            dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
            dz_ext1 = dz0 - 2 - 2 * SQUISH_CONSTANT3;
            xsv_ext1 = xsb;
            ysv_ext1 = ysb;
            zsv_ext1 = zsb + 2;
          }
        } else {
          dx_ext0 = dx0;
          dy_ext0 = dy0;
          dz_ext0 = dz0;
          xsv_ext0 = xsb;
          ysv_ext0 = ysb;
          zsv_ext0 = zsb;
          c = a_point | b_point;
          if ((c & 0x01) === 0) {
            dx_ext1 = dx0 + 1 - SQUISH_CONSTANT3;
            dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
            dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
            xsv_ext1 = xsb - 1;
            ysv_ext1 = ysb + 1;
            zsv_ext1 = zsb + 1;
          } else if ((c & 0x02) === 0) {
            dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
            dy_ext1 = dy0 + 1 - SQUISH_CONSTANT3;
            dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
            xsv_ext1 = xsb + 1;
            ysv_ext1 = ysb - 1;
            zsv_ext1 = zsb + 1;
          } else {
            dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
            dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
            dz_ext1 = dz0 + 1 - SQUISH_CONSTANT3;
            xsv_ext1 = xsb + 1;
            ysv_ext1 = ysb + 1;
            zsv_ext1 = zsb - 1;
          }
        }
      } else {
        if (a_is_further_side) {
          c1 = a_point;
          c2 = b_point;
        } else {
          c1 = b_point;
          c2 = a_point;
        }
        if ((c1 & 0x01) === 0) {
          dx_ext0 = dx0 + 1 - SQUISH_CONSTANT3;
          dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
          dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
          xsv_ext0 = xsb - 1;
          ysv_ext0 = ysb + 1;
          zsv_ext0 = zsb + 1;
        } else if ((c1 & 0x02) === 0) {
          dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
          dy_ext0 = dy0 + 1 - SQUISH_CONSTANT3;
          dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
          xsv_ext0 = xsb + 1;
          ysv_ext0 = ysb - 1;
          zsv_ext0 = zsb + 1;
        } else {
          dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
          dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
          dz_ext0 = dz0 + 1 - SQUISH_CONSTANT3;
          xsv_ext0 = xsb + 1;
          ysv_ext0 = ysb + 1;
          zsv_ext0 = zsb - 1;
        }
        dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
        dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
        dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
        xsv_ext1 = xsb;
        ysv_ext1 = ysb;
        zsv_ext1 = zsb;
        if ((c2 & 0x01) != 0) {
          dx_ext1 -= 2;
          xsv_ext1 += 2;
        } else if ((c2 & 0x02) != 0) {
          dy_ext1 -= 2;
          ysv_ext1 += 2;
        } else {
          dz_ext1 -= 2;
          zsv_ext1 += 2;
        }
      }
      dx1 = dx0 - 1 - SQUISH_CONSTANT3;
      dy1 = dy0 - 0 - SQUISH_CONSTANT3;
      dz1 = dz0 - 0 - SQUISH_CONSTANT3;
      attn1 = 2 - dx1 * dx1 - dy1 * dy1 - dz1 * dz1;
      if (attn1 > 0) {
        attn1 *= attn1;
        value += attn1 * attn1 * ext(xsb + 1, ysb + 0, zsb + 0, dx1, dy1, dz1);
      }
      dx2 = dx0 - 0 - SQUISH_CONSTANT3;
      dy2 = dy0 - 1 - SQUISH_CONSTANT3;
      dz2 = dz1;
      attn2 = 2 - dx2 * dx2 - dy2 * dy2 - dz2 * dz2;
      if (attn2 > 0) {
        attn2 *= attn2;
        value += attn2 * attn2 * ext(xsb + 0, ysb + 1, zsb + 0, dx2, dy2, dz2);
      }
      dx3 = dx2;
      dy3 = dy1;
      dz3 = dz0 - 1 - SQUISH_CONSTANT3;
      attn3 = 2 - dx3 * dx3 - dy3 * dy3 - dz3 * dz3;
      if (attn3 > 0) {
        attn3 *= attn3;
        value += attn3 * attn3 * ext(xsb + 0, ysb + 0, zsb + 1, dx3, dy3, dz3);
      }
      dx4 = dx0 - 1 - 2 * SQUISH_CONSTANT3;
      dy4 = dy0 - 1 - 2 * SQUISH_CONSTANT3;
      dz4 = dz0 - 0 - 2 * SQUISH_CONSTANT3;
      attn4 = 2 - dx4 * dx4 - dy4 * dy4 - dz4 * dz4;
      if (attn4 > 0) {
        attn4 *= attn4;
        value += attn4 * attn4 * ext(xsb + 1, ysb + 1, zsb + 0, dx4, dy4, dz4);
      }
      dx5 = dx4;
      dy5 = dy0 - 0 - 2 * SQUISH_CONSTANT3;
      dz5 = dz0 - 1 - 2 * SQUISH_CONSTANT3;
      attn5 = 2 - dx5 * dx5 - dy5 * dy5 - dz5 * dz5;
      if (attn5 > 0) {
        attn5 *= attn5;
        value += attn5 * attn5 * ext(xsb + 1, ysb + 0, zsb + 1, dx5, dy5, dz5);
      }
      dx6 = dx0 - 0 - 2 * SQUISH_CONSTANT3;
      dy6 = dy4;
      dz6 = dz5;
      attn6 = 2 - dx6 * dx6 - dy6 * dy6 - dz6 * dz6;
      if (attn6 > 0) {
        attn6 *= attn6;
        value += attn6 * attn6 * ext(xsb + 0, ysb + 1, zsb + 1, dx6, dy6, dz6);
      }
    }
    attn_ext0 = 2 - dx_ext0 * dx_ext0 - dy_ext0 * dy_ext0 - dz_ext0 * dz_ext0;
    if (attn_ext0 > 0) {
      attn_ext0 *= attn_ext0;
      value += attn_ext0 * attn_ext0 * ext(xsv_ext0, ysv_ext0, zsv_ext0, dx_ext0, dy_ext0, dz_ext0);
    }
    attn_ext1 = 2 - dx_ext1 * dx_ext1 - dy_ext1 * dy_ext1 - dz_ext1 * dz_ext1;
    if (attn_ext1 > 0) {
      attn_ext1 *= attn_ext1;
      value += attn_ext1 * attn_ext1 * ext(xsv_ext1, ysv_ext1, zsv_ext1, dx_ext1, dy_ext1, dz_ext1);
    }
    return value / NORM_CONSTANT3;
  }
}
