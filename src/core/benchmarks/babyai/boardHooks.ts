// What the board draws of BabyAI's files, declared for the registry so no host names the kinds: a
// level file live (the language server answers its grid-state request with the scene, redrawn on
// each edit; gestures edit the JSON) and an LLM-BabyBench record file as the level of the record
// at the cursor.
import type { BoardGesture, BoardScene, TextEdit } from '../../benchmark/board';
import type { FileScene, LiveBoard } from '../../benchmark/registry';
import { babyaiScene } from './boardTimeline';
import { BabyAIEnv } from './env';
import { LEVEL_TOOLS, missionEdits, moveEdits, toggleDoorEdits, toolEdits } from './levelEdits';
import { loadLevelFile } from './levelFile';
import { readRecordFile, recordAtLine } from './recordFiles';
import { loadRecord } from './records';

/** A level's gesture as edits of its JSON text. */
function levelEdits(text: string, gesture: BoardGesture): TextEdit[] {
  switch (gesture.type) {
    case 'cellDrag':
      return moveEdits(text, gesture.from, gesture.to);
    case 'toggleDoor':
      return toggleDoorEdits(text, gesture.x, gesture.y);
    case 'editMission':
      return missionEdits(text, gesture.text);
    case 'cellClick':
      return toolEdits(text, gesture.button === 'secondary' ? 'delete' : (gesture.tool ?? ''), gesture.x, gesture.y);
  }
}

export const babyaiLiveBoard: LiveBoard = {
  kinds: ['babyai-level'],
  tools: LEVEL_TOOLS,
  title: (path) => `Level: ${path}`,
  scene(_kind, text): BoardScene | null {
    const { spec } = loadLevelFile(text);
    return spec ? babyaiScene(new BabyAIEnv(spec)) : null;
  },
  edits: (_kind, text, gesture) => levelEdits(text, gesture),
};

/** The level of the LLM-BabyBench record at `line` (or the first), rebuilt from its description. */
export function babyaiFileScene(kind: string, text: string, path: string, line: number | undefined): FileScene | null {
  if (kind !== 'babyai-records') return null;
  const { records } = readRecordFile(path, text);
  const index = Math.max(0, line === undefined ? 0 : recordAtLine(records, line));
  const loaded = records[index] ? loadRecord(records[index]) : null;
  if (!loaded?.spec) return { problem: 'no readable LLM-BabyBench record here (see Problems)' };
  return {
    scene: babyaiScene(new BabyAIEnv(loaded.spec)),
    title: `${loaded.record.levelName || 'record'} · record ${index + 1} of ${path}`,
  };
}
