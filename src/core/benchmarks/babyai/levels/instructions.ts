// The instructions a level generator builds (verifier.py's GoTo/Pickup/Open/PutNext and the
// Before/After/And sequences), with what generation needs of them: surface() — the mission text —
// and RoomGridLevel.validate_instrs' rejections. Scoring reparses the surface (mission.ts) and
// verifies with verifier.ts, so nothing here verifies steps.
import { ObjDesc, type VerifierEnv } from '../verifier';
import type { Color } from '../world';
import { RejectSampling } from './roomGrid';

export type GenInstr =
  | { kind: 'goto' | 'pickup' | 'open'; desc: ObjDesc }
  | { kind: 'putnext'; move: ObjDesc; fixed: ObjDesc }
  | { kind: 'and' | 'before' | 'after'; a: GenInstr; b: GenInstr };

/** ObjDesc.surface: rescans the grid; "the" for one match, "a" for several. */
function descSurface(desc: ObjDesc, env: VerifierEnv): string {
  desc.findMatchingObjs(env);
  if (desc.objSet.length === 0) throw new Error('no object matching description');
  let s = desc.type ?? 'object';
  if (desc.color) s = `${desc.color} ${s}`;
  if (desc.loc)
    s =
      desc.loc === 'front'
        ? `${s} in front of you`
        : desc.loc === 'behind'
          ? `${s} behind you`
          : `${s} on your ${desc.loc}`;
  return desc.objSet.length > 1 ? `a ${s}` : `the ${s}`;
}

/** Instr.surface. */
export function surface(instr: GenInstr, env: VerifierEnv): string {
  switch (instr.kind) {
    case 'goto':
      return `go to ${descSurface(instr.desc, env)}`;
    case 'pickup':
      return `pick up ${descSurface(instr.desc, env)}`;
    case 'open':
      return `open ${descSurface(instr.desc, env)}`;
    case 'putnext':
      return `put ${descSurface(instr.move, env)} next to ${descSurface(instr.fixed, env)}`;
    case 'before':
      return `${surface(instr.a, env)}, then ${surface(instr.b, env)}`;
    case 'after':
      return `${surface(instr.a, env)} after you ${surface(instr.b, env)}`;
    case 'and':
      return `${surface(instr.a, env)} and ${surface(instr.b, env)}`;
  }
}

/**
 * RoomGridLevel.validate_instrs. `lockedDoorColors` is only gathered (and the key check only runs)
 * when the level has `unblocking` set, as in the reference.
 */
export function validateInstr(
  instr: GenInstr,
  env: VerifierEnv,
  unblocking: boolean,
  lockedDoorColors: readonly Color[],
): void {
  if (instr.kind === 'and' || instr.kind === 'before' || instr.kind === 'after') {
    validateInstr(instr.a, env, unblocking, lockedDoorColors);
    validateInstr(instr.b, env, unblocking, lockedDoorColors);
    return;
  }
  if (instr.kind === 'putnext') {
    instr.move.findMatchingObjs(env);
    instr.fixed.findMatchingObjs(env);
    if (instr.move.objSet.some((obj) => instr.fixed.objSet.includes(obj)))
      throw new RejectSampling('there are objects that match both lhs and rhs of PutNext');
    const next = instr.move.objSet.some((obj) =>
      instr.fixed.objPoss.some(
        (pos) => obj.curPos !== null && Math.abs(obj.curPos[0] - pos[0]) + Math.abs(obj.curPos[1] - pos[1]) === 1,
      ),
    );
    if (next) throw new RejectSampling('objs already next to each other');
    if (
      instr.move.objSet.length === 1 &&
      instr.fixed.objSet.length === 1 &&
      instr.move.objSet[0] === instr.fixed.objSet[0]
    )
      throw new RejectSampling('cannot move an object next to itself');
  }
  if (!unblocking) return;
  const descs = instr.kind === 'putnext' ? [instr.move, instr.fixed] : [(instr as { desc: ObjDesc }).desc];
  for (const desc of descs) {
    if (desc.type === 'key' && desc.color !== null && lockedDoorColors.includes(desc.color))
      throw new RejectSampling('cannot do anything with/to a key that can be used to open a door');
  }
}

/** A plain ObjDesc(type, color) as the fixed-mission levels write it. */
export function plainDesc(type: 'key' | 'ball' | 'box' | 'door', color: Color): ObjDesc {
  return new ObjDesc(type, color, null);
}
