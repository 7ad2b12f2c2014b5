// OpenSimplex noise exactly as the Python package opensimplex 0.4.5 computes it (the version
// SmartPlay pins; Crafter's world generator calls its `noise3`). `noise3` and its helpers are a
// line-by-line transcription of 0.4.5's `_noise3` (KdotJPG's OpenSimplex, 2014) keeping the
// upstream variable names and the order of every floating-point operation, so that the values
// agree bit for bit: world generation compares them against thresholds. The helpers follow
// upstream's own sections (the three regions of the cell, the extra vertices, the contributions).

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

/**
 * Upstream's locals that the sections of `_noise3` share: the cell's base lattice point, the
 * point's offset from it, and the two extra lattice vertices outside the simplex that may still
 * contribute. One instance is reused per generator, so `noise3` allocates nothing.
 */
class Cell {
  xsb = 0;
  ysb = 0;
  zsb = 0;
  dx0 = 0;
  dy0 = 0;
  dz0 = 0;
  xsv_ext0 = 0;
  ysv_ext0 = 0;
  zsv_ext0 = 0;
  dx_ext0 = 0;
  dy_ext0 = 0;
  dz_ext0 = 0;
  xsv_ext1 = 0;
  ysv_ext1 = 0;
  zsv_ext1 = 0;
  dx_ext1 = 0;
  dy_ext1 = 0;
  dz_ext1 = 0;
}

/** opensimplex 0.4.5's `OpenSimplex(seed)`. */
export class OpenSimplex {
  private readonly perm = new Int32Array(256);
  private readonly permGradIndex3 = new Int32Array(256);
  private readonly cell = new Cell();

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
  // Over 50 lines: upstream's noise3 transcribed line by line (its sections are already apart); per-cell hot path.
  noise3(x: number, y: number, z: number): number {
    // The upstream names (snake_case) are kept so the transcription can be checked line by line.
    const cell = this.cell;
    const stretch_offset = (x + y + z) * STRETCH_CONSTANT3;
    const xs = x + stretch_offset;
    const ys = y + stretch_offset;
    const zs = z + stretch_offset;
    const xsb = Math.floor(xs);
    const ysb = Math.floor(ys);
    const zsb = Math.floor(zs);
    const squish_offset = (xsb + ysb + zsb) * SQUISH_CONSTANT3;
    const xb = xsb + squish_offset;
    const yb = ysb + squish_offset;
    const zb = zsb + squish_offset;
    const xins = xs - xsb;
    const yins = ys - ysb;
    const zins = zs - zsb;
    const in_sum = xins + yins + zins;
    cell.xsb = xsb;
    cell.ysb = ysb;
    cell.zsb = zsb;
    cell.dx0 = x - xb;
    cell.dy0 = y - yb;
    cell.dz0 = z - zb;
    let value: number;
    if (in_sum <= 1) {
      // We're inside the tetrahedron (3-Simplex) at (0,0,0)
      extraVerticesNearOrigin(cell, xins, yins, zins, in_sum);
      value = this.originTetrahedron(cell);
    } else if (in_sum >= 2) {
      // We're inside the tetrahedron (3-Simplex) at (1,1,1)
      extraVerticesNearFarCorner(cell, xins, yins, zins, in_sum);
      value = this.farTetrahedron(cell);
    } else {
      // We're inside the octahedron (Rectified 3-Simplex) in between.
      extraVerticesInOctahedron(cell, xins, yins, zins);
      value = this.octahedron(cell);
    }
    const {
      xsv_ext0,
      ysv_ext0,
      zsv_ext0,
      dx_ext0,
      dy_ext0,
      dz_ext0,
      xsv_ext1,
      ysv_ext1,
      zsv_ext1,
      dx_ext1,
      dy_ext1,
      dz_ext1,
    } = cell;
    let attn_ext0 = 2 - dx_ext0 * dx_ext0 - dy_ext0 * dy_ext0 - dz_ext0 * dz_ext0;
    if (attn_ext0 > 0) {
      attn_ext0 *= attn_ext0;
      value += attn_ext0 * attn_ext0 * this.extrapolate3(xsv_ext0, ysv_ext0, zsv_ext0, dx_ext0, dy_ext0, dz_ext0);
    }
    let attn_ext1 = 2 - dx_ext1 * dx_ext1 - dy_ext1 * dy_ext1 - dz_ext1 * dz_ext1;
    if (attn_ext1 > 0) {
      attn_ext1 *= attn_ext1;
      value += attn_ext1 * attn_ext1 * this.extrapolate3(xsv_ext1, ysv_ext1, zsv_ext1, dx_ext1, dy_ext1, dz_ext1);
    }
    return value / NORM_CONSTANT3;
  }

  /** The contributions of the four vertices of the tetrahedron at (0,0,0). */
  private originTetrahedron(cell: Cell): number {
    const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
    let value = 0;
    // Contribution (0,0,0)
    let attn0 = 2 - dx0 * dx0 - dy0 * dy0 - dz0 * dz0;
    if (attn0 > 0) {
      attn0 *= attn0;
      value += attn0 * attn0 * this.extrapolate3(xsb + 0, ysb + 0, zsb + 0, dx0, dy0, dz0);
    }
    return this.addVerticesAtSum1(cell, value);
  }

  /** The contributions of the four vertices of the tetrahedron at (1,1,1). */
  private farTetrahedron(cell: Cell): number {
    const { xsb, ysb, zsb } = cell;
    let { dx0, dy0, dz0 } = cell;
    let value = this.addVerticesAtSum2(cell, 0);
    // Contribution (1,1,1)
    dx0 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
    dy0 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
    dz0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
    let attn0 = 2 - dx0 * dx0 - dy0 * dy0 - dz0 * dz0;
    if (attn0 > 0) {
      attn0 *= attn0;
      value += attn0 * attn0 * this.extrapolate3(xsb + 1, ysb + 1, zsb + 1, dx0, dy0, dz0);
    }
    return value;
  }

  /** The contributions of the six vertices of the octahedron. */
  private octahedron(cell: Cell): number {
    return this.addVerticesAtSum2(cell, this.addVerticesAtSum1(cell, 0));
  }

  /**
   * Adds to `value`, in upstream's order, the contributions of (1,0,0), (0,1,0), (0,0,1): the same
   * lines close the (0,0,0) tetrahedron and open the octahedron.
   */
  private addVerticesAtSum1(cell: Cell, value: number): number {
    const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
    // Contribution (1,0,0)
    const dx1 = dx0 - 1 - SQUISH_CONSTANT3;
    const dy1 = dy0 - 0 - SQUISH_CONSTANT3;
    const dz1 = dz0 - 0 - SQUISH_CONSTANT3;
    let attn1 = 2 - dx1 * dx1 - dy1 * dy1 - dz1 * dz1;
    if (attn1 > 0) {
      attn1 *= attn1;
      value += attn1 * attn1 * this.extrapolate3(xsb + 1, ysb + 0, zsb + 0, dx1, dy1, dz1);
    }
    // Contribution (0,1,0)
    const dx2 = dx0 - 0 - SQUISH_CONSTANT3;
    const dy2 = dy0 - 1 - SQUISH_CONSTANT3;
    const dz2 = dz1;
    let attn2 = 2 - dx2 * dx2 - dy2 * dy2 - dz2 * dz2;
    if (attn2 > 0) {
      attn2 *= attn2;
      value += attn2 * attn2 * this.extrapolate3(xsb + 0, ysb + 1, zsb + 0, dx2, dy2, dz2);
    }
    // Contribution (0,0,1)
    const dx3 = dx2;
    const dy3 = dy1;
    const dz3 = dz0 - 1 - SQUISH_CONSTANT3;
    let attn3 = 2 - dx3 * dx3 - dy3 * dy3 - dz3 * dz3;
    if (attn3 > 0) {
      attn3 *= attn3;
      value += attn3 * attn3 * this.extrapolate3(xsb + 0, ysb + 0, zsb + 1, dx3, dy3, dz3);
    }
    return value;
  }

  /**
   * Adds to `value`, in upstream's order, the contributions of (1,1,0), (1,0,1), (0,1,1): the same
   * lines open the (1,1,1) tetrahedron and close the octahedron (upstream names them 3, 2, 1 in
   * the first and 4, 5, 6 in the second).
   */
  private addVerticesAtSum2(cell: Cell, value: number): number {
    const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
    // Contribution (1,1,0)
    const dx4 = dx0 - 1 - 2 * SQUISH_CONSTANT3;
    const dy4 = dy0 - 1 - 2 * SQUISH_CONSTANT3;
    const dz4 = dz0 - 0 - 2 * SQUISH_CONSTANT3;
    let attn4 = 2 - dx4 * dx4 - dy4 * dy4 - dz4 * dz4;
    if (attn4 > 0) {
      attn4 *= attn4;
      value += attn4 * attn4 * this.extrapolate3(xsb + 1, ysb + 1, zsb + 0, dx4, dy4, dz4);
    }
    // Contribution (1,0,1)
    const dx5 = dx4;
    const dy5 = dy0 - 0 - 2 * SQUISH_CONSTANT3;
    const dz5 = dz0 - 1 - 2 * SQUISH_CONSTANT3;
    let attn5 = 2 - dx5 * dx5 - dy5 * dy5 - dz5 * dz5;
    if (attn5 > 0) {
      attn5 *= attn5;
      value += attn5 * attn5 * this.extrapolate3(xsb + 1, ysb + 0, zsb + 1, dx5, dy5, dz5);
    }
    // Contribution (0,1,1)
    const dx6 = dx0 - 0 - 2 * SQUISH_CONSTANT3;
    const dy6 = dy4;
    const dz6 = dz5;
    let attn6 = 2 - dx6 * dx6 - dy6 * dy6 - dz6 * dz6;
    if (attn6 > 0) {
      attn6 *= attn6;
      value += attn6 * attn6 * this.extrapolate3(xsb + 0, ysb + 1, zsb + 1, dx6, dy6, dz6);
    }
    return value;
  }
}

/** In the tetrahedron at (0,0,0): the two lattice points outside it that may contribute depend on its closest two vertices. */
function extraVerticesNearOrigin(cell: Cell, xins: number, yins: number, zins: number, in_sum: number): void {
  // Determine which two of (0,0,1), (0,1,0), (1,0,0) are closest.
  let a_point = 0x01;
  let a_score = xins;
  let b_point = 0x02;
  let b_score = yins;
  if (a_score >= b_score && zins > b_score) {
    b_score = zins;
    b_point = 0x04;
  } else if (a_score < b_score && zins > a_score) {
    a_score = zins;
    a_point = 0x04;
  }
  const wins = 1 - in_sum;
  if (wins > a_score || wins > b_score) {
    // (0,0,0) is one of the closest two tetrahedral vertices.
    extraVerticesBesideOrigin(cell, b_score > a_score ? b_point : a_point);
  } else {
    // (0,0,0) is not one of the closest two tetrahedral vertices.
    extraVerticesAwayFromOrigin(cell, a_point | b_point);
  }
}

/** (0,0,0) among the closest two; `c` is the other closest vertex. */
function extraVerticesBesideOrigin(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  if ((c & 0x01) === 0) {
    cell.xsv_ext0 = xsb - 1;
    cell.xsv_ext1 = xsb;
    cell.dx_ext0 = dx0 + 1;
    cell.dx_ext1 = dx0;
  } else {
    cell.xsv_ext0 = cell.xsv_ext1 = xsb + 1;
    cell.dx_ext0 = cell.dx_ext1 = dx0 - 1;
  }
  if ((c & 0x02) === 0) {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb;
    cell.dy_ext0 = cell.dy_ext1 = dy0;
    if ((c & 0x01) === 0) {
      cell.ysv_ext1 -= 1;
      cell.dy_ext1 += 1;
    } else {
      cell.ysv_ext0 -= 1;
      cell.dy_ext0 += 1;
    }
  } else {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb + 1;
    cell.dy_ext0 = cell.dy_ext1 = dy0 - 1;
  }
  if ((c & 0x04) === 0) {
    cell.zsv_ext0 = zsb;
    cell.zsv_ext1 = zsb - 1;
    cell.dz_ext0 = dz0;
    cell.dz_ext1 = dz0 + 1;
  } else {
    cell.zsv_ext0 = cell.zsv_ext1 = zsb + 1;
    cell.dz_ext0 = cell.dz_ext1 = dz0 - 1;
  }
}

/** (0,0,0) not among the closest two; `c` is the union of the closest two. */
function extraVerticesAwayFromOrigin(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  if ((c & 0x01) === 0) {
    cell.xsv_ext0 = xsb;
    cell.xsv_ext1 = xsb - 1;
    cell.dx_ext0 = dx0 - 2 * SQUISH_CONSTANT3;
    cell.dx_ext1 = dx0 + 1 - SQUISH_CONSTANT3;
  } else {
    cell.xsv_ext0 = cell.xsv_ext1 = xsb + 1;
    cell.dx_ext0 = dx0 - 1 - 2 * SQUISH_CONSTANT3;
    cell.dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
  }
  if ((c & 0x02) === 0) {
    cell.ysv_ext0 = ysb;
    cell.ysv_ext1 = ysb - 1;
    cell.dy_ext0 = dy0 - 2 * SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 + 1 - SQUISH_CONSTANT3;
  } else {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb + 1;
    cell.dy_ext0 = dy0 - 1 - 2 * SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
  }
  if ((c & 0x04) === 0) {
    cell.zsv_ext0 = zsb;
    cell.zsv_ext1 = zsb - 1;
    cell.dz_ext0 = dz0 - 2 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 + 1 - SQUISH_CONSTANT3;
  } else {
    cell.zsv_ext0 = cell.zsv_ext1 = zsb + 1;
    cell.dz_ext0 = dz0 - 1 - 2 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
  }
}

/** In the tetrahedron at (1,1,1): the two lattice points outside it that may contribute depend on its closest two vertices. */
function extraVerticesNearFarCorner(cell: Cell, xins: number, yins: number, zins: number, in_sum: number): void {
  // Determine which two tetrahedral vertices are the closest, out of (1,1,0), (1,0,1), (0,1,1) but not (1,1,1).
  let a_point = 0x06;
  let a_score = xins;
  let b_point = 0x05;
  let b_score = yins;
  if (a_score <= b_score && zins < b_score) {
    b_score = zins;
    b_point = 0x03;
  } else if (a_score > b_score && zins < a_score) {
    a_score = zins;
    a_point = 0x03;
  }
  const wins = 3 - in_sum;
  if (wins < a_score || wins < b_score) {
    // (1,1,1) is one of the closest two tetrahedral vertices.
    extraVerticesBesideFarCorner(cell, b_score < a_score ? b_point : a_point);
  } else {
    // (1,1,1) is not one of the closest two tetrahedral vertices.
    extraVerticesAwayFromFarCorner(cell, a_point & b_point);
  }
}

/** (1,1,1) among the closest two; `c` is the other closest vertex. */
function extraVerticesBesideFarCorner(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  if ((c & 0x01) != 0) {
    cell.xsv_ext0 = xsb + 2;
    cell.xsv_ext1 = xsb + 1;
    cell.dx_ext0 = dx0 - 2 - 3 * SQUISH_CONSTANT3;
    cell.dx_ext1 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
  } else {
    cell.xsv_ext0 = cell.xsv_ext1 = xsb;
    cell.dx_ext0 = cell.dx_ext1 = dx0 - 3 * SQUISH_CONSTANT3;
  }
  if ((c & 0x02) != 0) {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb + 1;
    cell.dy_ext0 = cell.dy_ext1 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
    if ((c & 0x01) != 0) {
      cell.ysv_ext1 += 1;
      cell.dy_ext1 -= 1;
    } else {
      cell.ysv_ext0 += 1;
      cell.dy_ext0 -= 1;
    }
  } else {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb;
    cell.dy_ext0 = cell.dy_ext1 = dy0 - 3 * SQUISH_CONSTANT3;
  }
  if ((c & 0x04) != 0) {
    cell.zsv_ext0 = zsb + 1;
    cell.zsv_ext1 = zsb + 2;
    cell.dz_ext0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 - 3 * SQUISH_CONSTANT3;
  } else {
    cell.zsv_ext0 = cell.zsv_ext1 = zsb;
    cell.dz_ext0 = cell.dz_ext1 = dz0 - 3 * SQUISH_CONSTANT3;
  }
}

/** (1,1,1) not among the closest two; `c` is what the closest two share. */
function extraVerticesAwayFromFarCorner(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  if ((c & 0x01) != 0) {
    cell.xsv_ext0 = xsb + 1;
    cell.xsv_ext1 = xsb + 2;
    cell.dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
    cell.dx_ext1 = dx0 - 2 - 2 * SQUISH_CONSTANT3;
  } else {
    cell.xsv_ext0 = cell.xsv_ext1 = xsb;
    cell.dx_ext0 = dx0 - SQUISH_CONSTANT3;
    cell.dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
  }
  if ((c & 0x02) != 0) {
    cell.ysv_ext0 = ysb + 1;
    cell.ysv_ext1 = ysb + 2;
    cell.dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 2 - 2 * SQUISH_CONSTANT3;
  } else {
    cell.ysv_ext0 = cell.ysv_ext1 = ysb;
    cell.dy_ext0 = dy0 - SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
  }
  if ((c & 0x04) != 0) {
    cell.zsv_ext0 = zsb + 1;
    cell.zsv_ext1 = zsb + 2;
    cell.dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 - 2 * SQUISH_CONSTANT3;
  } else {
    cell.zsv_ext0 = cell.zsv_ext1 = zsb;
    cell.dz_ext0 = dz0 - SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
  }
}

/** In the octahedron: the two extra lattice points depend on which side of it the closest two vertices lie. */
function extraVerticesInOctahedron(cell: Cell, xins: number, yins: number, zins: number): void {
  let a_point: number,
    a_score: number,
    a_is_further_side: boolean,
    b_point: number,
    b_score: number,
    b_is_further_side: boolean;
  // Decide between point (0,0,1) and (1,1,0) as closest
  const p1 = xins + yins;
  if (p1 > 1) {
    a_score = p1 - 1;
    a_point = 0x03;
    a_is_further_side = true;
  } else {
    a_score = 1 - p1;
    a_point = 0x04;
    a_is_further_side = false;
  }
  // Decide between point (0,1,0) and (1,0,1) as closest
  const p2 = xins + zins;
  if (p2 > 1) {
    b_score = p2 - 1;
    b_point = 0x05;
    b_is_further_side = true;
  } else {
    b_score = 1 - p2;
    b_point = 0x02;
    b_is_further_side = false;
  }
  // The closest out of the two (1,0,0) and (0,1,1) will replace the furthest out of the two decided above, if closer.
  const p3 = yins + zins;
  if (p3 > 1) {
    const score = p3 - 1;
    if (a_score <= b_score && a_score < score) {
      a_point = 0x06;
      a_is_further_side = true;
    } else if (a_score > b_score && b_score < score) {
      b_point = 0x06;
      b_is_further_side = true;
    }
  } else {
    const score = 1 - p3;
    if (a_score <= b_score && a_score < score) {
      a_point = 0x01;
      a_is_further_side = false;
    } else if (a_score > b_score && b_score < score) {
      b_point = 0x01;
      b_is_further_side = false;
    }
  }
  // Where each of the two closest points are determines how the extra two vertices are calculated.
  if (a_is_further_side === b_is_further_side) {
    if (a_is_further_side) extraVerticesBothOnFarSide(cell, a_point & b_point);
    else extraVerticesBothOnOriginSide(cell, a_point | b_point);
  } else if (a_is_further_side) extraVerticesOnOppositeSides(cell, a_point, b_point);
  else extraVerticesOnOppositeSides(cell, b_point, a_point);
}

/** Both closest points on the (1,1,1) side: one of the two extra points is (1,1,1). */
function extraVerticesBothOnFarSide(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  cell.dx_ext0 = dx0 - 1 - 3 * SQUISH_CONSTANT3;
  cell.dy_ext0 = dy0 - 1 - 3 * SQUISH_CONSTANT3;
  cell.dz_ext0 = dz0 - 1 - 3 * SQUISH_CONSTANT3;
  cell.xsv_ext0 = xsb + 1;
  cell.ysv_ext0 = ysb + 1;
  cell.zsv_ext0 = zsb + 1;
  // Other extra point is based on the shared axis.
  if ((c & 0x01) != 0) {
    cell.dx_ext1 = dx0 - 2 - 2 * SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb + 2;
    cell.ysv_ext1 = ysb;
    cell.zsv_ext1 = zsb;
  } else if ((c & 0x02) != 0) {
    cell.dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 2 - 2 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb;
    cell.ysv_ext1 = ysb + 2;
    cell.zsv_ext1 = zsb;
  } else {
    cell.dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 2 - 2 * SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb;
    cell.ysv_ext1 = ysb;
    cell.zsv_ext1 = zsb + 2;
  }
}

/** Both closest points on the (0,0,0) side: one of the two extra points is (0,0,0). */
function extraVerticesBothOnOriginSide(cell: Cell, c: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  cell.dx_ext0 = dx0;
  cell.dy_ext0 = dy0;
  cell.dz_ext0 = dz0;
  cell.xsv_ext0 = xsb;
  cell.ysv_ext0 = ysb;
  cell.zsv_ext0 = zsb;
  // Other extra point is based on the omitted axis.
  if ((c & 0x01) === 0) {
    cell.dx_ext1 = dx0 + 1 - SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb - 1;
    cell.ysv_ext1 = ysb + 1;
    cell.zsv_ext1 = zsb + 1;
  } else if ((c & 0x02) === 0) {
    cell.dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 + 1 - SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 - 1 - SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb + 1;
    cell.ysv_ext1 = ysb - 1;
    cell.zsv_ext1 = zsb + 1;
  } else {
    cell.dx_ext1 = dx0 - 1 - SQUISH_CONSTANT3;
    cell.dy_ext1 = dy0 - 1 - SQUISH_CONSTANT3;
    cell.dz_ext1 = dz0 + 1 - SQUISH_CONSTANT3;
    cell.xsv_ext1 = xsb + 1;
    cell.ysv_ext1 = ysb + 1;
    cell.zsv_ext1 = zsb - 1;
  }
}

/** One closest point on the (0,0,0) side, one on the (1,1,1) side: `c1` is the far one, `c2` the near one. */
function extraVerticesOnOppositeSides(cell: Cell, c1: number, c2: number): void {
  const { xsb, ysb, zsb, dx0, dy0, dz0 } = cell;
  // One contribution is a permutation of (1,1,-1)
  if ((c1 & 0x01) === 0) {
    cell.dx_ext0 = dx0 + 1 - SQUISH_CONSTANT3;
    cell.dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
    cell.dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
    cell.xsv_ext0 = xsb - 1;
    cell.ysv_ext0 = ysb + 1;
    cell.zsv_ext0 = zsb + 1;
  } else if ((c1 & 0x02) === 0) {
    cell.dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
    cell.dy_ext0 = dy0 + 1 - SQUISH_CONSTANT3;
    cell.dz_ext0 = dz0 - 1 - SQUISH_CONSTANT3;
    cell.xsv_ext0 = xsb + 1;
    cell.ysv_ext0 = ysb - 1;
    cell.zsv_ext0 = zsb + 1;
  } else {
    cell.dx_ext0 = dx0 - 1 - SQUISH_CONSTANT3;
    cell.dy_ext0 = dy0 - 1 - SQUISH_CONSTANT3;
    cell.dz_ext0 = dz0 + 1 - SQUISH_CONSTANT3;
    cell.xsv_ext0 = xsb + 1;
    cell.ysv_ext0 = ysb + 1;
    cell.zsv_ext0 = zsb - 1;
  }
  // One contribution is a permutation of (0,0,2)
  cell.dx_ext1 = dx0 - 2 * SQUISH_CONSTANT3;
  cell.dy_ext1 = dy0 - 2 * SQUISH_CONSTANT3;
  cell.dz_ext1 = dz0 - 2 * SQUISH_CONSTANT3;
  cell.xsv_ext1 = xsb;
  cell.ysv_ext1 = ysb;
  cell.zsv_ext1 = zsb;
  if ((c2 & 0x01) != 0) {
    cell.dx_ext1 -= 2;
    cell.xsv_ext1 += 2;
  } else if ((c2 & 0x02) != 0) {
    cell.dy_ext1 -= 2;
    cell.ysv_ext1 += 2;
  } else {
    cell.dz_ext1 -= 2;
    cell.zsv_ext1 += 2;
  }
}
