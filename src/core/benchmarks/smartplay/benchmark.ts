// SmartPlay (Wu et al. 2024): Waypoint's episode logs, one JSON object per step, validated alone.
import type { SmartplayQuestion } from './questionSchema';
import type { BenchmarkDefinition } from '../../benchmark/registry';
import { smartplayTimelineOfFile } from './boardTimeline';
import { smartplayDeclaration } from './declaration';
import { parseEpisodeLog } from './episodeLog';
import { validateEpisodeLog } from './episodeChecks';
import { SMARTPLAY_QUESTION_OPTIONS, SMARTPLAY_QUESTION_OPTION_HINTS, smartplayQuestionSet } from './questionSet';
import { smartplayReport } from './report';
import { smartplayReplay } from './reportReplay';

export const smartplayBenchmark: BenchmarkDefinition<SmartplayQuestion> = {
  // The report's drill-down (core/runs/replays.ts asks it).
  replay: smartplayReplay,
  ...smartplayDeclaration,
  report: smartplayReport,
  validate: (_kind, text) => validateEpisodeLog(text).diagnostics,
  questionSet: (sources, options) => smartplayQuestionSet(sources, options),
  questionOptions: SMARTPLAY_QUESTION_OPTIONS,
  questionOptionHints: SMARTPLAY_QUESTION_OPTION_HINTS,
  scoringModes: ['faithful', 'reference'],
  questions: (_kind, text) =>
    text.trim() === '' ? [] : [{ line: 0, label: 'Step Through Episode', command: 'waypoint.showBoard', argument: {} }],
  // Show Board steps through the logged episode; a log without its header line has nothing to draw.
  fileTimeline: (_kind, text, path) => smartplayTimelineOfFile(parseEpisodeLog(text).log, `Episode: ${path}`),
};
