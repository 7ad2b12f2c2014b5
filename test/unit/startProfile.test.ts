// `npm start -- --reset` and the folder WAYPOINT_START_PROFILE names (scripts/lib/startProfile.mjs):
// it deletes the profile's own parts and nothing else, and refuses a folder that is not a profile.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../support/paths';

interface StartProfile {
  PROFILE_MARKER: string;
  markStartProfile(root: string): void;
  resetRefusal(root: string): string | null;
  resetStartProfile(root: string): void;
}

describe('npm start --reset: only a start profile, only its parts', () => {
  let dir: string;
  let lib: StartProfile;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-start-profile-'));
    lib = (await import(pathToFileURL(join(repoRoot, 'scripts', 'lib', 'startProfile.mjs')).href)) as StartProfile;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A folder with what prepareProfile creates, plus `extra` files. */
  function profileFolder(name: string, extra: string[], marked: boolean): string {
    const root = join(dir, name);
    mkdirSync(join(root, 'user-data', 'User'), { recursive: true });
    mkdirSync(join(root, 'extensions', 'waypoint-bench.waypoint-0.0.0'), { recursive: true });
    writeFileSync(join(root, 'user-data', 'User', 'settings.json'), '{}');
    writeFileSync(join(root, 'config.yaml'), 'auth: none\n');
    for (const file of extra) writeFileSync(join(root, file), 'the person’s own file');
    if (marked) lib.markStartProfile(root);
    return root;
  }

  it('in a marked profile, deletes user-data, extensions and config.yaml and keeps anything else', () => {
    const root = profileFolder('marked', ['notes.txt'], true);
    lib.resetStartProfile(root);
    assert.deepEqual(readdirSync(root), ['notes.txt']);
  });

  it('resets a profile from before the mark, which holds only a profile’s parts', () => {
    const root = profileFolder('legacy', [], false);
    assert.equal(lib.resetRefusal(root), null);
    lib.resetStartProfile(root);
    assert.deepEqual(readdirSync(root), []);
  });

  it('refuses a folder without the mark that holds other things, and deletes nothing in it', () => {
    const root = profileFolder('home-like', ['thesis.tex', 'photos'], false);
    const refusal = lib.resetRefusal(root);
    assert.match(
      refusal ?? '',
      new RegExp(
        `^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} does not look like a Waypoint start profile \\(no \\.waypoint-start-profile, and it holds (photos, thesis\\.tex|thesis\\.tex, photos)\\): --reset deletes nothing there\\.`,
      ),
    );
    assert.throws(() => lib.resetStartProfile(root), /does not look like a Waypoint start profile/);
    assert.deepEqual(readdirSync(root).sort(), ['config.yaml', 'extensions', 'photos', 'thesis.tex', 'user-data']);
  });

  it('a folder that does not exist yet is fine to reset (a first start)', () => {
    const root = join(dir, 'absent');
    assert.equal(lib.resetRefusal(root), null);
    lib.resetStartProfile(root);
    assert.equal(existsSync(root), false);
  });
});
