// A SmartPlay episode record's replay for the report's drill-down: the record carries its whole
// episode log as its answer, so nothing is read from disk.
import type { BoardTimeline } from '../../benchmark/board';
import type { RunRecord } from '../../eval/types';
import type { SmartplayQuestion } from './questionSchema';
import { smartplayTimelineOfFile } from './boardTimeline';
import { parseEpisodeLog } from './episodeLog';

export function smartplayReplay(record: RunRecord<SmartplayQuestion>): BoardTimeline | string {
  const question = record.question;
  if (question.episode === undefined)
    return 'only whole-episode records carry a replay (their answer is the episode log)';
  const { log } = parseEpisodeLog(record.rawAnswer);
  return (
    smartplayTimelineOfFile(log, `${question.game}, episode ${question.episode}`) ??
    'the episode log has no header line'
  );
}
