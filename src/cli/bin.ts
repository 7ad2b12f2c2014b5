// The `waypoint` executable (dist/cli.js): picks the bundle that serves the command. The full CLI
// (dist/cli-main.js) is over 2 MB, mostly tokenizer ranks and zod, and compiling it costs about as
// much as Node's own start-up. `mango skeletons` needs none of that and is timed end to end against
// upstream's Python generator (npm run bench), so it has a small bundle of its own; so has
// `import grasp`, timed the same way against upstream's scoring (grasp/importMain.ts). The full bundle
// is compiled from V8's code cache when the build left one beside it (see loadBundle).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Commands (first two words, or `mcp` alone; `--debug` aside) served by a small bundle of their own. */
const SMALL_BUNDLES: Readonly<Record<string, string>> = {
  'mango skeletons': './cli-skeletons.js',
  'import grasp': './cli-import-grasp.js',
  // The MCP server: the SDK is compiled only when serving (src/cli/mcpMain.ts).
  mcp: './cli-mcp.js',
};

/** Bytes of the source's SHA-1 at the head of a cache file: V8 itself checks only the source's length. */
const DIGEST_BYTES = 20;

/**
 * Runs a sibling CommonJS bundle as `require` would, compiled with V8's code cache from
 * `<bundle>.v8cache` when that cache was made from this exact source (its SHA-1 heads the file)
 * and by this V8 (V8 rejects another version's cache; the bundle is then compiled as usual). Parsing
 * the 3 MB bundle was about 70 ms of every command. `WAYPOINT_WRITE_COMPILE_CACHE=1` (esbuild.mjs,
 * after a build) writes the cache when the command ends, with the functions it compiled.
 */
function loadBundle(name: string): void {
  const file = join(__dirname, name);
  const source = readFileSync(file, 'utf8');
  const digest = createHash('sha1').update(source).digest();
  const cacheFile = `${file}.v8cache`;
  let cachedData: Buffer | undefined;
  try {
    const cache = readFileSync(cacheFile);
    if (cache.subarray(0, DIGEST_BYTES).equals(digest)) cachedData = cache.subarray(DIGEST_BYTES);
  } catch {
    // No cache (a build without it, or a read-only copy): compile from source.
  }
  const script = new Script(wrap(source), { filename: file, cachedData });
  if (process.env.WAYPOINT_WRITE_COMPILE_CACHE === '1')
    process.once('exit', () => writeFileSync(cacheFile, Buffer.concat([digest, script.createCachedData()])));
  const bundle = { exports: {} };
  const run: (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void =
    script.runInThisContext();
  run.call(bundle.exports, bundle.exports, createRequire(file), bundle, file, dirname(file));
}

const [name, command] = process.argv.slice(2).filter((argument) => argument !== '--debug');
// --help is answered by the full CLI, which holds the usage text.
const small = process.argv.includes('--help')
  ? undefined
  : (SMALL_BUNDLES[`${name} ${command}`] ?? (name === 'mcp' ? SMALL_BUNDLES.mcp : undefined));
// The small bundle is a plain require of a sibling (left external by esbuild.mjs): it runs its command on load.
if (small) require(small);
else loadBundle('cli-main.js');
