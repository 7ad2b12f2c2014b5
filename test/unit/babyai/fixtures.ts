// Fixtures from the spec and the LLM-BabyBench paper (appendix B.5): the GoToObj seed 1 Structured
// example of spec §3 and the SynthSeq seed 166 level, written in the Structured format of spec §3.
import { STRUCTURED_HEADER } from '../../../src/core/benchmarks/babyai/structured';

export const GOTOOBJ_SEED1 =
  STRUCTURED_HEADER +
  [
    '- Number of rooms: 1',
    '- Size of each room (including walls): 8x8',
    '- Effective room size (excluding walls): 6x6',
    '- Total grid size: 8x8',
    '- Agent initial position: (3, 4)',
    '- Agent facing direction: north (toward (3, 3))',
    '- Objects in environment:',
    '  - key, color=yellow, position=(1, 6)',
    "- Mission: 'go to the yellow key'",
  ].join('\n');

/** The 29 objects of SynthSeq seed 166 as the paper's appendix lists them (row-major). */
export const SYNTHSEQ_166_OBJECTS = [
  '  - box, color=yellow, position=(5, 1)',
  '  - door, color=grey, position=(14, 1), locked=False',
  '  - box, color=purple, position=(4, 2)',
  '  - key, color=red, position=(13, 2)',
  '  - box, color=purple, position=(20, 3)',
  '  - key, color=grey, position=(1, 6)',
  '  - key, color=yellow, position=(5, 6)',
  '  - door, color=grey, position=(7, 6), locked=False',
  '  - door, color=yellow, position=(5, 7), locked=False',
  '  - door, color=blue, position=(9, 7), locked=False',
  '  - box, color=yellow, position=(1, 8)',
  '  - box, color=yellow, position=(3, 8)',
  '  - ball, color=grey, position=(4, 10)',
  '  - ball, color=red, position=(1, 12)',
  '  - box, color=blue, position=(3, 12)',
  '  - door, color=grey, position=(7, 12), locked=False',
  '  - key, color=yellow, position=(10, 12)',
  '  - key, color=grey, position=(1, 13)',
  '  - key, color=grey, position=(9, 13)',
  '  - door, color=yellow, position=(3, 14), locked=False',
  '  - door, color=red, position=(10, 14), locked=False',
  '  - door, color=yellow, position=(20, 14), locked=True',
  '  - key, color=purple, position=(16, 15)',
  '  - box, color=purple, position=(12, 16)',
  '  - door, color=grey, position=(7, 17), locked=False',
  '  - ball, color=purple, position=(15, 17)',
  '  - ball, color=grey, position=(20, 17)',
  '  - ball, color=blue, position=(11, 18)',
  '  - door, color=yellow, position=(14, 19), locked=False',
];

export const SYNTHSEQ_166_MISSION =
  'pick up a grey ball and go to the ball in front of you, then go to a box and put a purple box next to the red door';

export const SYNTHSEQ_166 =
  STRUCTURED_HEADER +
  [
    '- Number of rooms: 3x3',
    '- Size of each room (including walls): 8x8',
    '- Effective room size (excluding walls): 6x6',
    '- Total grid size: 22x22',
    '- Agent initial position: (4, 12)',
    '- Agent facing direction: north (toward (4, 11))',
    '- Objects in environment:',
    ...SYNTHSEQ_166_OBJECTS,
    `- Mission: '${SYNTHSEQ_166_MISSION}'`,
  ].join('\n');
