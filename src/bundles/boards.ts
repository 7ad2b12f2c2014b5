// dist/boards.js: the board view with the grid and game benchmarks' commands, Play Episode and the
// map diff, loaded on first use (src/extension/lazyBundles.ts). They validate levels, grids,
// episodes and game files, so they need the built-ins' full definitions; the map diff is here, not
// in the activation bundle, because it parses game files with zod.
import '../core/benchmarks';

export { reopenBabyaiRecord, reopenGraspRecord, reopenRun, showBoard } from '../extension/board/showBoard';
export { BoardPanel } from '../extension/board/boardPanel';
export { runBabyaiQuestion } from '../extension/board/babyaiQuestion';
export { runGraspQuestion, scoreGraspResponse } from '../extension/board/graspQuestion';
export { playSmartplay } from '../extension/board/smartplayCommands';
export { playEpisode, PlayPanel } from '../extension/play/playCommand';
export { showMapDiff, showMapRecords } from '../extension/mango/showMapDiff';
export { MapDiffPanel } from '../extension/views/mapDiffPanel';
export { expectedMapDiffCounts } from '../core/benchmarks/mango/maze/mapDiffView';
// The bundle has its own copy of the webview message helper: the activation bundle points it at the one log channel.
export { useWebviewMessageLog } from '../extension/views/webviewMessages';
