// The `render` tool: a MANGO game as its maze (the compass layout `waypoint mango layout --svg`
// draws), a board file's scene (the registry's fileScene / liveBoard / fileTimeline hooks, as Show
// Board draws them), or the state an answer reaches (simulate's timeline), as one SVG document.
// The SVG is the answer; it is written to a file only when the call names one in `out`.
import type { BoardTimeline } from '../benchmark/board';
import { fileKindOf } from '../benchmark/registry';
import { validateStandalone } from '../benchmark/standaloneValidation';
import { mangoGameOf } from '../benchmarks/mango/fileKinds';
import { buildMazeGraph } from '../benchmarks/mango/maze/maze';
import { mazeSvg } from '../benchmarks/mango/maze/mazeSvg';
import { parseEdgesFile } from '../benchmarks/mango/walkthrough/gameFiles';
import { layoutMaze } from '../maze/mazeLayout';
import { FileCodes, readTextFile } from '../util/fileLimits';
import { describeFsError, joinPath, baseName } from '../util/walk';
import { stripBom } from '../util/bom';
import { frameSvg, sceneSvg } from './boardSvg';
import type { ToolHost } from './host';
import { simulate } from './questions';
import { argumentError, atStart, locatedError, ok, type ToolResult } from './result';
import type { RenderInput } from './schemas';

interface Drawn {
  readonly svg: string;
  readonly title: string;
}

export async function renderTool(input: RenderInput, host: ToolHost): Promise<ToolResult> {
  let drawn: Drawn | ToolResult;
  if (input.path !== undefined) drawn = await renderPath(input, input.path, host);
  else if (input.benchmark !== undefined && input.sources !== undefined && input.sampleId !== undefined) {
    const simulated = await simulate(
      { ...input, benchmark: input.benchmark, sources: input.sources, sampleId: input.sampleId },
      host,
    );
    if ('isError' in simulated) return simulated;
    const { timeline, note } = simulated.simulation;
    drawn = timeline
      ? timelineFrame(timeline, input.frame)
      : argumentError('sampleId', `nothing to draw: ${note}`, 'tool/no-board');
  } else
    return argumentError('path', 'give path (a game, level, grid or episode file), or benchmark, sources and sampleId');
  if ('isError' in drawn) return drawn;
  if (input.out !== undefined) {
    try {
      await host.fs.writeFile(input.out, `${drawn.svg}\n`, 'utf8');
    } catch (error) {
      return locatedError(input.out, [
        atStart(FileCodes.unreadable, `cannot write the SVG: ${describeFsError(error)}`),
      ]);
    }
  }
  return ok(`${drawn.svg}${input.out === undefined ? '' : `\n(wrote ${input.out})`}`, {
    title: drawn.title,
    svg: drawn.svg,
    ...(input.out === undefined ? {} : { written: input.out }),
  });
}

function timelineFrame(timeline: BoardTimeline, frame: number | undefined): Drawn | ToolResult {
  const index = frame ?? timeline.frames.length - 1;
  const chosen = timeline.frames[index];
  if (!chosen)
    return argumentError(
      'frame',
      `the timeline has ${timeline.frames.length} frames (0 to ${timeline.frames.length - 1}), not ${index}`,
    );
  return { svg: frameSvg(chosen, timeline.title, timeline.path, index), title: timeline.title };
}

async function renderPath(input: RenderInput, path: string, host: ToolHost): Promise<Drawn | ToolResult> {
  let isDirectory: boolean;
  try {
    isDirectory = (await host.fs.stat(path)).isDirectory();
  } catch (error) {
    return locatedError(path, [atStart(FileCodes.unreadable, describeFsError(error))]);
  }
  if (isDirectory) return renderMaze(joinPath(path, ''), baseName(path.replace(/[\\/]+$/, '')), input.cutoff, host);
  const game = mangoGameOf(path);
  if (game) return renderMaze(game.directory, game.game, input.cutoff, host);
  const found = fileKindOf(path);
  if (!found)
    return argumentError(
      'path',
      `${path} is no benchmark file Waypoint knows (a game folder, level, grid or episode file)`,
      'tool/unknown-kind',
    );
  let text: string;
  try {
    text = stripBom(await readTextFile(host.fs, path));
  } catch (error) {
    return locatedError(path, [atStart(FileCodes.unreadable, describeFsError(error))]);
  }
  const { benchmark, kind } = found;
  const line = input.line === undefined ? undefined : input.line - 1;
  const fileScene = benchmark.fileScene?.(kind.id, text, path, line);
  if (fileScene && 'scene' in fileScene)
    return { svg: sceneSvg(fileScene.scene, fileScene.title), title: fileScene.title };
  if (benchmark.liveBoard?.kinds.includes(kind.id)) {
    const scene = benchmark.liveBoard.scene(kind.id, text);
    const title = benchmark.liveBoard.title(path);
    if (scene) return { svg: sceneSvg(scene, title), title };
  }
  const timeline = benchmark.fileTimeline?.(kind.id, text, path);
  if (timeline) return timelineFrame(timeline, input.frame);
  // Nothing to draw: the file's own errors say why, located.
  const errors = (validateStandalone(kind.id, text, path) ?? []).filter(
    (diagnostic) => diagnostic.severity === 'error',
  );
  if (errors.length > 0) return locatedError(path, errors);
  const problem =
    fileScene && 'problem' in fileScene ? fileScene.problem : `${benchmark.label} draws no board for ${kind.id} files`;
  return locatedError(path, [atStart('tool/no-board', problem)]);
}

/** A game's maze from its edges file, as `waypoint mango layout --svg` draws it. */
async function renderMaze(
  directory: string,
  game: string,
  cutoff: number | undefined,
  host: ToolHost,
): Promise<Drawn | ToolResult> {
  const edgesPath = `${directory}${game}.edges.json`;
  let text: string;
  try {
    text = stripBom(await readTextFile(host.fs, edgesPath));
  } catch (error) {
    return locatedError(edgesPath, [atStart(FileCodes.unreadable, describeFsError(error))]);
  }
  const edges = parseEdgesFile(text);
  const errors = edges.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) return locatedError(edgesPath, errors);
  const records = edges.edges.map((edge) => edge.record);
  const kept = cutoff === undefined ? records : records.filter((record) => record.edge_min_step <= cutoff);
  const layout = layoutMaze(buildMazeGraph(game, kept, []));
  let start: { src_node: string; edge_min_step: number } | null = null;
  for (const record of kept) if (!start || record.edge_min_step < start.edge_min_step) start = record;
  const title = `Maze of ${game}${cutoff === undefined ? '' : ` at step ${cutoff}`}: ${layout.nodes.length} rooms, ${layout.edges.length} edges`;
  return { svg: mazeSvg(layout, title, start?.src_node ?? null), title };
}
