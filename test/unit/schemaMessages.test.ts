// Schema problems read as sentences about the file (issue 12, defect 11): zod's own wording
// ("Invalid input: expected number, received undefined") never reaches the user.
import { strict as assert } from 'node:assert';
import { loadLevelFile } from '../../src/core/benchmarks/babyai/levelFile';
import {
  parseDfSkeletons,
  parseEdgesFile,
  parseActionsFile,
} from '../../src/core/benchmarks/mango/walkthrough/gameFiles';
import { validateEpisodeLog } from '../../src/core/benchmarks/smartplay/episodeChecks';

const edge = {
  src_node: 'a',
  dst_node: 'b',
  action: 'north',
  seen_in_forward: 1,
  seen_in_reversed: 9999,
  edge_min_step: 1,
  seen_in_forward_answerable: 1,
  seen_in_reversed_answerable: 9999,
  edge_min_step_answerable: 1,
};
const messagesOf = (diagnostics: ReadonlyArray<{ message: string }>) => diagnostics.map((d) => d.message);
const ZOD_WORDING = /Invalid input|received|Too small|Too big|Invalid option|Unrecognized key|expected \w+ to/;

describe('schema problem messages', () => {
  it('names a missing field and a wrong type with what was found', () => {
    const { src_node: _dropped, ...withoutSrc } = edge;
    const text = JSON.stringify([withoutSrc, { ...edge, seen_in_forward: 'x' }, { ...edge, action: 7 }]);
    assert.deepEqual(messagesOf(parseEdgesFile(text).diagnostics), [
      '`[0].src_node` is missing.',
      '`[1].seen_in_forward` must be a number, found the string "x".',
      '`[2].action` must be a string, found the number 7.',
    ]);
  });

  it('says what is wrong with empty names, fractions, limits, patterns and unknown fields', () => {
    assert.deepEqual(messagesOf(parseActionsFile('["north", ""]').diagnostics), ['`[1]` must not be empty.']);
    assert.deepEqual(
      messagesOf(parseEdgesFile(JSON.stringify([{ ...edge, seen_in_forward: 1.5, edge_min_step: -1 }])).diagnostics),
      [
        '`[0].seen_in_forward` must be a whole number, found the number 1.5.',
        '`[0].edge_min_step` must be at least 0, found the number -1.',
      ],
    );
    const skeleton = {
      src_node: 'a',
      dst_node: 'b',
      diff_shortest: 0,
      path_details: [],
      step_count: 1,
      id: 'xyz',
      min_step_forward: 1,
      min_step_total: 1,
      min_step_forward_answerable: 1,
      min_step_total_answerable: 1,
    };
    assert.deepEqual(messagesOf(parseDfSkeletons([JSON.stringify(skeleton)], () => {})), [
      '`path_details` must have at least 1 item, found 0.',
      '`id` must be 64 lower-case hex digits (a SHA-256).',
    ]);
    const level = loadLevelFile(
      '{"width": 8, "height": 8, "rooms": {"rows": 1, "cols": 1, "size": 8}, "agent": {"pos": [3, 3], "dir": "up"}, "mission": "go", "colour": 1}',
    );
    assert.deepEqual(messagesOf(level.diagnostics), [
      '`agent.dir` must be a number or one of "east", "south", "west", "north", found the string "up".',
      'The object has an unknown field `colour`.',
    ]);
  });

  it('never passes zod wording through, for any file kind', () => {
    const texts = [
      parseEdgesFile('[{}, [], 3, {"src_node": null}]').diagnostics,
      loadLevelFile('{"objects": [{"type": "car"}], "doors": 3}').diagnostics,
      validateEpisodeLog('{"kind": "header"}\n{"kind": "step", "t": "one"}\n').diagnostics,
    ].flat();
    assert.ok(texts.length > 5);
    for (const { message } of texts) assert.doesNotMatch(message, ZOD_WORDING);
  });
});
