// "▶ Run" above each skeleton line of an all2all / all_pairs file: runs that question through
// Run Question, which then asks only for the model (default profile first). Ids are read
// with a pattern rather than a JSON parse, so a 4 MB skeleton file gets its lenses in one scan;
// lines whose id cannot be found (being edited, broken) simply get no lens.
import type { CodeLens } from 'vscode-languageserver';
import { lineStartOffsets } from '../../core/util/text';

const RUN_QUESTION_COMMAND = 'waypoint.runQuestion';

/** At most this many lenses per file: beyond it VS Code spends more time drawing than it helps. */
const LENS_LIMIT = 5000;

const ID_PATTERN = /"id":\s*"([0-9a-f]{64})"/;
const PAIR_PATTERN = /"src_node":\s*"((?:[^"\\]|\\.)*)",\s*"dst_node":\s*"((?:[^"\\]|\\.)*)"/;

export function skeletonRunLenses(kind: 'mango-df' | 'mango-rf', uri: string, text: string): CodeLens[] {
  const task = kind === 'mango-df' ? 'df' : 'rf';
  const lenses: CodeLens[] = [];
  // Lines end as LSP counts them (\r\n, lone \r, \n), so each lens sits on its record's line.
  const starts = lineStartOffsets(text);
  for (let line = 0; line < starts.length && lenses.length < LENS_LIMIT; line++) {
    const content = text.slice(starts[line], line + 1 < starts.length ? starts[line + 1] : text.length);
    const id = ID_PATTERN.exec(content)?.[1];
    if (id) {
      const pair = PAIR_PATTERN.exec(content);
      const title = pair
        ? `▶ Run ${task.toUpperCase()} ${JSON.parse(`"${pair[1]}"`)} → ${JSON.parse(`"${pair[2]}"`)}`
        : '▶ Run';
      const range = { start: { line, character: 0 }, end: { line, character: 0 } };
      lenses.push({
        range,
        command: { title, command: RUN_QUESTION_COMMAND, arguments: [{ game: uri, task, sampleId: id }] },
      });
    }
  }
  return lenses;
}
