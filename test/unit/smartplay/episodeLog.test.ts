// Episode logs: writing, reading with located diagnostics, replay checks, render-only games.
import { strict as assert } from 'node:assert';
import { hanoiSolverAgent, randomAgent } from '../../../src/core/benchmarks/smartplay/agents';
import { validateEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeChecks';
import { EpisodeLogCodes, episodeScore, formatEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeLog';
import { createSmartPlayEnv } from '../../../src/core/benchmarks/smartplay/games';
import { HanoiEnv } from '../../../src/core/benchmarks/smartplay/hanoi';
import { runEpisode } from '../../../src/core/benchmarks/smartplay/runner';
import { normalizeScore } from '../../../src/core/benchmarks/smartplay/scores';
import type { Diagnostic } from '../../../src/core/util/text';

async function hanoiLogLines(): Promise<string[]> {
  const log = await runEpisode(new HanoiEnv(3), hanoiSolverAgent(), { agentName: 'hanoi-solver' });
  return formatEpisodeLog(log).trimEnd().split('\n');
}

/** Replaces the first occurrence of `from` on line `line`. */
function edit(lines: string[], line: number, from: string, to: string): string {
  assert.ok(lines[line].includes(from), `line ${line} has no ${from}`);
  return lines.map((text, index) => (index === line ? text.replace(from, to) : text)).join('\n');
}

function only(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.filter((diagnostic) => diagnostic.code === code);
  assert.equal(found.length, 1, JSON.stringify(diagnostics));
  return found[0];
}

describe('SmartPlay episode logs', () => {
  it('writes a header, one line per step and an end line that validate cleanly', async () => {
    const lines = await hanoiLogLines();
    assert.equal(lines.length, 9);
    const parsed = lines.map((line) => JSON.parse(line) as { kind: string });
    assert.deepEqual(
      parsed.map((line) => line.kind),
      ['header', ...new Array(7).fill('step'), 'end'],
    );
    const { log, diagnostics } = validateEpisodeLog(lines.join('\n') + '\n');
    assert.deepEqual(diagnostics, []);
    assert.equal(log.steps.length, 7);
    assert.equal(log.steps[3].line, 4);
    assert.deepEqual(episodeScore(log), { score: 3, totalReward: 100 });
  });

  it('validates bandit and RPS logs by replaying their recorded outcomes', async () => {
    for (const game of ['BanditTwoArmedHighLowFixed', 'RockPaperScissorBasic']) {
      const log = await runEpisode(createSmartPlayEnv(game, { seed: 8 }), randomAgent(8), { maxSteps: 12 });
      assert.deepEqual(validateEpisodeLog(formatEpisodeLog(log)).diagnostics, []);
      const lines = formatEpisodeLog(log).trimEnd().split('\n');
      const flipped = lines[5].includes('"paid":true')
        ? edit(lines, 5, '"paid":true', '"paid":false')
        : lines[5].includes('"paid":false')
          ? edit(lines, 5, '"paid":false', '"paid":true')
          : edit(
              lines,
              5,
              /"opponent":\d/.exec(lines[5])?.[0] ?? '',
              `"opponent":${(Number(/"opponent":(\d)/.exec(lines[5])?.[1]) + 1) % 3}`,
            );
      const mismatch = only(validateEpisodeLog(flipped).diagnostics, EpisodeLogCodes.replayMismatch);
      assert.equal(mismatch.range.start.line, 5);
    }
  });

  it('locates a JSON syntax error on its line', async () => {
    const lines = await hanoiLogLines();
    const broken = lines.map((line, index) => (index === 2 ? line.slice(0, 40) : line)).join('\n');
    const diagnostic = only(validateEpisodeLog(broken).diagnostics, 'json/syntax');
    assert.equal(diagnostic.range.start.line, 2);
  });

  it('locates a schema error at the offending value', async () => {
    const lines = await hanoiLogLines();
    const text = edit(lines, 3, '"reward":0', '"reward":"zero"');
    const diagnostic = only(validateEpisodeLog(text).diagnostics, 'json/schema');
    const start = lines[3].indexOf('"reward":') + '"reward":'.length;
    assert.deepEqual(diagnostic.range, {
      start: { line: 3, character: start },
      end: { line: 3, character: start + '"zero"'.length },
    });
  });

  it('reports a score the replay does not give, at the score value', async () => {
    const lines = await hanoiLogLines();
    const line = 6;
    const score = (JSON.parse(lines[line]) as { score: number }).score;
    const text = edit(lines, line, `"score":${score},`, `"score":${score + 1},`);
    const diagnostics = validateEpisodeLog(text).diagnostics;
    const diagnostic = only(diagnostics, EpisodeLogCodes.replayMismatch);
    assert.equal(diagnostic.range.start.line, line);
    assert.equal(lines[line].slice(diagnostic.range.start.character, diagnostic.range.end.character), String(score));
    assert.match(diagnostic.message, new RegExp(`score ${score}`));
  });

  it('reports step order, the observation chain, action text and answer mismatches', async () => {
    const lines = await hanoiLogLines();
    assert.equal(
      only(validateEpisodeLog(edit(lines, 2, '"step":2', '"step":5')).diagnostics, EpisodeLogCodes.stepSequence).range
        .start.line,
      2,
    );
    assert.equal(
      only(
        validateEpisodeLog(edit(lines, 3, '"observation":"You tried', '"observation":"We tried')).diagnostics,
        EpisodeLogCodes.observationChain,
      ).range.start.line,
      3,
    );
    const step1 = JSON.parse(lines[1]) as { action: number; actionText: string };
    assert.equal(
      only(
        validateEpisodeLog(edit(lines, 1, `"actionText":"${step1.actionText}"`, '"actionText":"Fly"')).diagnostics,
        EpisodeLogCodes.actionText,
      ).range.start.line,
      1,
    );
    const mismatch = only(
      validateEpisodeLog(edit(lines, 1, `"action":${step1.action},`, `"action":${(step1.action + 1) % 6},`))
        .diagnostics,
      EpisodeLogCodes.actionMismatch,
    );
    assert.equal(mismatch.range.start.line, 1);
  });

  it('reports edited prompt messages, an end line that disagrees, and a missing header', async () => {
    const lines = await hanoiLogLines();
    assert.equal(
      only(
        validateEpisodeLog(edit(lines, 1, 'You\u2019re a player', "You're a player")).diagnostics,
        EpisodeLogCodes.promptMismatch,
      ).range.start.line,
      1,
    );
    assert.equal(
      only(validateEpisodeLog(edit(lines, 8, '"steps":7', '"steps":6')).diagnostics, EpisodeLogCodes.endMismatch).range
        .start.line,
      8,
    );
    const headerless = validateEpisodeLog(lines.slice(1).join('\n')).diagnostics;
    assert.equal(only(headerless, EpisodeLogCodes.headerMissing).range.start.line, 0);
    const twice = validateEpisodeLog([lines[0], ...lines].join('\n')).diagnostics;
    assert.equal(only(twice, EpisodeLogCodes.lineOrder).range.start.line, 1);
  });

  it('reports steps after done', async () => {
    const lines = await hanoiLogLines();
    const extra = edit(lines, 7, '"step":7', '"step":8');
    const text = [...lines.slice(0, 8), extra.split('\n')[7]].join('\n');
    const diagnostics = validateEpisodeLog(text).diagnostics;
    assert.equal(only(diagnostics, EpisodeLogCodes.stepAfterDone).range.start.line, 8);
  });

  it('reads Messenger, Crafter and MineDojo logs as text observations with their scores', () => {
    const messenger = [
      { kind: 'header', format: 'waypoint-smartplay-episode', version: 1, game: 'MessengerL1' },
      {
        kind: 'step',
        step: 1,
        observation: "You (agent) don't have the message.\n\nYou see:\n- airplane 3 steps to your north-west",
        action: 0,
        reward: 0,
        done: false,
        score: 0,
      },
      {
        kind: 'step',
        step: 2,
        observation:
          'You took action Move North.\n\nYou (agent) already have the message.\n\nYou see:\n- queen 0 steps with you',
        action: 4,
        reward: 1,
        done: true,
        score: 1,
      },
    ];
    const { log, diagnostics } = validateEpisodeLog(messenger.map((line) => JSON.stringify(line)).join('\n'));
    assert.deepEqual(diagnostics, []);
    assert.equal(log.steps[1].record.observation.split('\n')[0], 'You took action Move North.');
    const { score } = episodeScore(log);
    assert.deepEqual([score, normalizeScore('MessengerL1', score ?? NaN)], [1, 1]);
    assert.equal(normalizeScore('MessengerL1', -1), 0);

    const crafter = [
      JSON.stringify({ kind: 'header', format: 'waypoint-smartplay-episode', version: 1, game: 'Crafter' }),
      JSON.stringify({
        kind: 'step',
        step: 1,
        observation: 'You see:\n- grass 1 steps to your west',
        action: 17,
        reward: 0,
        done: false,
        score: 268,
      }),
    ].join('\n');
    const crafterDiagnostic = only(validateEpisodeLog(crafter).diagnostics, EpisodeLogCodes.actionRange);
    assert.equal(crafterDiagnostic.range.start.line, 1);
    assert.equal(normalizeScore('Crafter', 268), 0.1);

    const minedojo = [
      JSON.stringify({ kind: 'header', format: 'waypoint-smartplay-episode', version: 1, game: 'MinedojoCreative0' }),
      JSON.stringify({
        kind: 'step',
        step: 1,
        observation: 'You are in a plains biome.',
        action: 3,
        actionText: 'Move West',
        reward: 0,
        done: false,
        score: 1,
      }),
    ].join('\n');
    const dojo = validateEpisodeLog(minedojo);
    assert.deepEqual(dojo.diagnostics, []);
    assert.deepEqual(episodeScore(dojo.log), { score: 1, totalReward: 0 });
  });

  it('warns about an unknown game but still reads it', () => {
    const text = [
      JSON.stringify({ kind: 'header', format: 'waypoint-smartplay-episode', version: 1, game: 'Pong' }),
      JSON.stringify({ kind: 'step', step: 1, observation: 'ball', action: 0, reward: 1, done: false, score: 2 }),
    ].join('\n');
    const { log, diagnostics } = validateEpisodeLog(text);
    assert.deepEqual(
      diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
      [[EpisodeLogCodes.unknownGame, 'warning']],
    );
    assert.equal(episodeScore(log).score, 2);
  });
});
