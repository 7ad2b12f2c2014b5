// The folder `npm start` keeps its code-server profile in (WAYPOINT_START_PROFILE may name any
// folder): what belongs to the profile, the mark that says a folder is one, and `--reset`, which
// deletes only those parts, and nothing in a folder that does not look like a start profile.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written into every start profile: `--reset` deletes in a folder only when it is there (or the folder holds nothing else). */
export const PROFILE_MARKER = '.waypoint-start-profile';
/** What prepareProfile (codeServer.mjs) creates in the folder, and the mark. */
export const PROFILE_PARTS = ['user-data', 'extensions', 'config.yaml', PROFILE_MARKER];

export function markStartProfile(root) {
  writeFileSync(join(root, PROFILE_MARKER), 'A Waypoint `npm start` profile: `npm start -- --reset` deletes user-data/, extensions/ and config.yaml here.\n');
}

/**
 * Why `--reset` must not touch `root`, or null when it may: a folder without the mark that holds
 * anything besides a profile's parts (a profile from before the mark holds only those) is not one.
 */
export function resetRefusal(root) {
  if (!existsSync(root)) return null;
  const entries = readdirSync(root);
  if (entries.includes(PROFILE_MARKER)) return null;
  const foreign = entries.filter((entry) => !PROFILE_PARTS.includes(entry));
  if (foreign.length === 0) return null;
  return `${root} does not look like a Waypoint start profile (no ${PROFILE_MARKER}, and it holds ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}): --reset deletes nothing there. Point WAYPOINT_START_PROFILE at the profile's own folder.`;
}

/** Deletes the profile's own parts in `root`, never anything else; throws what resetRefusal says. */
export function resetStartProfile(root) {
  const refusal = resetRefusal(root);
  if (refusal) throw new Error(refusal);
  for (const part of PROFILE_PARTS) rmSync(join(root, part), { recursive: true, force: true });
}
