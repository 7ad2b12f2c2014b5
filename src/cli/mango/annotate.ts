// `waypoint mango annotate <walkthrough> [--json]` (spec runs.md §7): proposals from the walkthrough
// text alone. JSON is the contract's `{"locations":[{"name","aliases"}],"edges":[{"src","action",
// "dst","step","confidence"}]}` with the evidence and reasons beside it; the human output is one
// proposal a line. A game directory is accepted too (its `<g>.walkthrough`). Exit 1 when the file
// cannot be read or holds no step, 2 for usage.
import { readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { stripBom } from '../../core/util/bom';
import { annotateWalkthrough, type AnnotationProposals } from '../../core/benchmarks/mango/annotate/annotate';
import { escapeControls } from '../../core/util/text';
import { describeFsError } from '../../core/util/walk';
import { parseArgs, UsageError } from '../args';

type Output = (text: string) => void;

function walkthroughPath(path: string): string {
  try {
    if (statSync(path).isDirectory()) return join(path, `${basename(resolve(path))}.walkthrough`);
  } catch {
    // Reported by the read below, with the path the user gave.
  }
  return path;
}

export async function runAnnotate(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], []);
  if (args.positionals.length !== 1)
    throw new UsageError(`mango annotate needs exactly one walkthrough file, got ${args.positionals.length}`);
  const path = walkthroughPath(args.positionals[0]);
  let text: string;
  try {
    text = stripBom(readFileSync(path, 'utf8'));
  } catch (error) {
    err(`${path}: ${describeFsError(error)}`);
    return 1;
  }
  if (!text.includes('==>STEP NUM:')) {
    err(`${path}:1:1: not a MANGO walkthrough (no '==>STEP NUM:' header)`);
    return 1;
  }
  const proposals = annotateWalkthrough(text);
  if (args.flags.has('json')) out(JSON.stringify(proposals));
  else for (const line of humanLines(proposals)) out(line);
  return 0;
}

function humanLines(proposals: AnnotationProposals): string[] {
  const lines = [`${proposals.locations.length} locations:`];
  for (const location of proposals.locations) {
    const aliases =
      location.aliases.length > 0 ? ` (also ${location.aliases.map((alias) => escapeControls(alias)).join(', ')})` : '';
    lines.push(`  ${escapeControls(location.name)}${aliases}  first seen at step ${location.firstStep}`);
  }
  lines.push(`${proposals.edges.length} moves:`);
  for (const edge of proposals.edges) {
    const evidence = edge.evidence[0]
      ? `  line ${edge.evidence[0].line + 1}: ${escapeControls(edge.evidence[0].text.slice(0, 60))}`
      : '';
    lines.push(
      `  step ${edge.step}: ${escapeControls(edge.src)} --${escapeControls(edge.action)}--> ${escapeControls(edge.dst)}  confidence ${edge.confidence.toFixed(2)} (${edge.reason})${evidence}`,
    );
  }
  return lines;
}
