// What `waypoint report --html` reads of each row's record for the page, without holding every
// record whole: the rows come from the skeleton read (no prompts or answers), then each row's line
// is read whole again in row order, and only what the page can show is kept of it (its answer up to
// the longest any pack level keeps, its prompts in the page's text table while a page could hold
// them, its replay). So memory follows the page, not the run files (4.4 GB for 2 GB of records
// before), and the page is byte for byte the one built from whole records.
import { pageTexts } from '../../core/runs/html';
import type { PageTexts } from '../../core/runs/htmlData';
import { ReplaysInOrder, type ReplayBuilder } from '../../core/runs/replays';
import type { ReplayResult } from '../../core/runs/replayFrames';
import type { ReportRow } from '../../core/runs/report';
import type { RunRecord } from '../../core/eval/types';
import { RecordsAt } from '../../host/recordsAt';

export interface RowPage {
  texts: PageTexts;
  replays: Map<RunRecord, ReplayResult>;
}

/**
 * The rows' texts and replays, in row order; null when a row's line, read whole, is no record (the
 * skeleton read does not check escapes inside prompts): the caller then reads the files whole.
 */
export async function pageOfRows(
  rows: readonly ReportRow[],
  places: ReadonlyMap<RunRecord, { file: string; offset: number }>,
  builder: ReplayBuilder,
  gzip: (data: Uint8Array) => Uint8Array,
): Promise<RowPage | null> {
  const texts = pageTexts({ gzip });
  const replays = new ReplaysInOrder(builder);
  const reader = new RecordsAt();
  try {
    for (const row of rows) {
      const place = places.get(row.record);
      const whole = place ? await reader.read(place.file, place.offset) : null;
      if (!whole) return null;
      texts.add(whole);
      await replays.add(whole, row.record);
    }
  } finally {
    await reader.close();
  }
  return { texts, replays: replays.results };
}
