// The Play panel bundle in headless Chromium behind the test host, fed an episode of the sample
// MANGO game (samples/mango/lighthouse) played by core's text adventure — the messages the
// extension's PlayPanel sends — with the test standing in for the host. It checks what a person
// does: typing a command posts it, Enter and the suggestions, Up/Down history, the transcript as
// text (a planted <img onerror> stays text), refused commands marked, the counter and the end state.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parseEdgesFile } from '../../src/core/benchmarks/mango/walkthrough/gameFiles';
import { mangoPlayGame } from '../../src/core/benchmarks/mango/play/playQuestions';
import { CANT_GO, MangoTextAdventure } from '../../src/core/benchmarks/mango/play/textAdventure';
import type { HostToPlayMessage, PlayStep } from '../../src/protocol/play';
import { postToView, useBrowserHost } from '../support/browser';
import { samplesDir, testResultsDir } from '../support/paths';

interface Sent {
  type: string;
  [key: string]: unknown;
}

const PLANTED = '<img src=x onerror="window.__pwned=1"> The harbour wall <b>glistens</b>.';

function lighthouse(): MangoTextAdventure {
  const folder = join(samplesDir, 'mango', 'lighthouse');
  const edges = parseEdgesFile(readFileSync(join(folder, 'lighthouse.edges.json'), 'utf8'));
  const game = mangoPlayGame(
    'lighthouse',
    readFileSync(join(folder, 'lighthouse.walkthrough'), 'utf8'),
    edges.edges.map((edge) => edge.record),
  );
  return new MangoTextAdventure({ ...game, from: 'harbour road', to: 'lamp room' });
}

describe('play webview', function () {
  const host = useBrowserHost();

  const sentOf = async (page: Page, type: string): Promise<Sent[]> =>
    (await page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent)).filter(
      (message) => message.type === type,
    );
  const post = (page: Page, message: HostToPlayMessage) => postToView(page, message);

  /** The panel with an episode of lighthouse started; returns the page, the environment and its opening. */
  async function openEpisode(
    kind: 'human' | 'agent' = 'human',
  ): Promise<{ page: Page; env: MangoTextAdventure; problems: string[] }> {
    const page = await host.browser.newPage({ viewport: { width: 720, height: 760 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/play.js` });
    await page.waitForFunction(() =>
      (window as unknown as { __sent: Sent[] }).__sent.some((message) => message.type === 'ready'),
    );
    const env = lighthouse();
    const opening = env.reset();
    await post(page, {
      type: 'episode',
      title: 'lighthouse: harbour road → lamp room',
      player: { kind, label: kind === 'human' ? 'you' : 'oracle' },
      instructions: env.instructions,
      commands: env.commands,
      maxSteps: env.maxSteps,
      opening,
    });
    return { page, env, problems };
  }

  /** One turn as the host plays it: the environment steps `command`, the view gets the step. */
  async function play(
    page: Page,
    env: MangoTextAdventure,
    command: string,
    index: number,
    observation?: string,
    reply?: string,
  ): Promise<PlayStep> {
    const result = env.step(command);
    const step: PlayStep = {
      command,
      observation: observation ?? result.observation,
      location: env.location(),
      valid: result.valid,
      ...(reply ? { reply } : {}),
    };
    await post(page, { type: 'step', index, step });
    return step;
  }

  it('posts what the person types on Enter, one command a turn, and recalls earlier commands with Up and Down', async () => {
    const { page, env, problems } = await openEpisode();
    const input = page.locator('#play-input');
    assert.equal(await page.locator('#play-counter').innerText(), 'Step 0 / 30');
    assert.match(await page.locator('.play-instructions-text').innerText(), /your goal is to reach lamp room/);
    assert.match(await page.locator('.play-opening').innerText(), /^Harbour Road\nCobbles slick/);
    // Not the person's turn yet: nothing can be sent.
    assert.equal(await input.isDisabled(), true);
    await post(page, { type: 'turn', step: 1, waiting: 'human' });
    assert.equal(await input.isDisabled(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'play-input');
    assert.match(await page.locator('#play-status').innerText(), /Your move \(step 1\)/);

    await input.fill('east');
    await input.press('Enter');
    assert.deepEqual(await sentOf(page, 'command'), [{ type: 'command', text: 'east' }]);
    assert.equal(await input.inputValue(), '');
    // Sent: the input waits for the host's next turn, so a second Enter sends nothing.
    assert.equal(await input.isDisabled(), true);
    await play(page, env, 'east', 0);
    await post(page, { type: 'turn', step: 2, waiting: 'human' });
    await input.fill('enter boat');
    await page.locator('.play-send').click();
    await play(page, env, 'enter boat', 1);
    await post(page, { type: 'turn', step: 3, waiting: 'human' });
    assert.deepEqual(
      (await sentOf(page, 'command')).map((message) => message.text),
      ['east', 'enter boat'],
    );

    await input.fill('row');
    await input.press('ArrowUp');
    assert.equal(await input.inputValue(), 'enter boat');
    await input.press('ArrowUp');
    assert.equal(await input.inputValue(), 'east');
    await input.press('ArrowUp');
    assert.equal(await input.inputValue(), 'east', 'the oldest command stays');
    await input.press('ArrowDown');
    assert.equal(await input.inputValue(), 'enter boat');
    await input.press('ArrowDown');
    assert.equal(await input.inputValue(), 'row', 'back to what was being typed');
    assert.equal(await page.locator('#play-counter').innerText(), 'Step 2 / 30');
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('offers the environment’s commands as suggestions that fill the input', async () => {
    const { page } = await openEpisode();
    assert.equal(await page.locator('#play-suggestions').isVisible(), false, 'hidden until the person’s turn');
    await post(page, { type: 'turn', step: 1, waiting: 'human' });
    const chips = page.locator('#play-suggestions .play-suggestion');
    // lighthouse has 15 moves: 12 shown, the rest counted.
    assert.equal(await chips.count(), 12);
    assert.equal(await page.locator('#play-suggestions .play-more').innerText(), '+3 more');
    await page.locator('#play-input').fill('row');
    assert.deepEqual(await chips.allInnerTexts(), ['row to island', 'row to harbour']);
    await chips.nth(0).click();
    assert.equal(await page.locator('#play-input').inputValue(), 'row to island');
    await page.locator('#play-input').press('Enter');
    assert.deepEqual(
      (await sentOf(page, 'command')).map((message) => message.text),
      ['row to island'],
    );
    await page.close();
  });

  it('shows observations and replies as text, marks refused commands, and ends with the state, the count and the record', async () => {
    const { page, env, problems } = await openEpisode('agent');
    // The player's turns, as they stream in: no input for a person.
    await post(page, { type: 'turn', step: 1, waiting: 'player' });
    assert.equal(await page.locator('#play-input').isDisabled(), true);
    assert.match(await page.locator('#play-status').innerText(), /Waiting for the player \(step 1\)/);
    await play(page, env, 'east', 0, PLANTED);
    const refused = await play(page, env, 'dance', 1);
    assert.equal(refused.valid, false);
    assert.equal(refused.observation, CANT_GO);
    const route = ['enter boat', 'row to island', 'north', 'north', 'up'];
    // A model's whole reply, when the command was read out of it, is kept beside the command.
    for (const [i, command] of route.entries())
      await play(
        page,
        env,
        command,
        i + 2,
        undefined,
        command === 'up' ? 'I will climb: <script>window.__pwned=2</script>\nup' : undefined,
      );
    assert.equal(env.succeeded(), true);

    const turns = page.locator('.play-turn');
    assert.equal(await turns.count(), 7);
    // Planted markup is text: no element made of it, nothing ran.
    assert.equal(await page.locator('#play-transcript img, #play-transcript b, #play-transcript script').count(), 0);
    assert.equal(await turns.nth(0).locator('.play-observation').innerText(), PLANTED);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    await turns.nth(6).locator('.play-reply summary').click();
    assert.match(await turns.nth(6).locator('.play-reply pre').innerText(), /<script>window.__pwned=2<\/script>/);
    // The refused command, marked as the environment reported it.
    assert.equal(await page.locator('.play-turn.play-refused').count(), 1);
    assert.match(await turns.nth(1).innerText(), /> dance\s+invalid\s+quay/);
    assert.equal(await turns.nth(1).locator('.play-observation').innerText(), CANT_GO);
    assert.equal(await page.locator('.play-invalid').count(), 1);
    assert.match(await turns.nth(6).innerText(), /> up\s+lamp room/);
    assert.equal(await page.locator('#play-counter').innerText(), 'Step 7 / 30');

    assert.equal(await page.locator('#play-end').isHidden(), true);
    await post(page, {
      type: 'end',
      end: 'success',
      reached: true,
      moves: 7,
      runFile: '.waypoint/runs/2026-11-24.jsonl',
    });
    assert.equal(await page.locator('#play-end').innerText(), 'Reached the goal in 7 moves.');
    assert.equal(await page.locator('#play-end').getAttribute('data-end'), 'success');
    assert.equal(await page.locator('#play-status').innerText(), 'Recorded in .waypoint/runs/2026-11-24.jsonl.');
    assert.equal(await page.locator('.play-stop').isDisabled(), true);
    assert.equal(await page.locator('#play-suggestions').isVisible(), false, 'no suggestions when no one can type');
    assert.equal(await page.locator('#play-counter').innerText(), 'Step 7 / 30');
    await page.locator('.play-restart').click();
    assert.equal((await sentOf(page, 'restart')).length, 1);
    await page.screenshot({ path: join(testResultsDir, 'webview-play.png') });
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('Stop posts stop; a stopped, out-of-steps or failed episode says so; a new episode starts clean', async () => {
    const { page, env } = await openEpisode();
    await post(page, { type: 'turn', step: 1, waiting: 'human' });
    await page.locator('.play-stop').click();
    assert.equal((await sentOf(page, 'stop')).length, 1);
    await play(page, env, 'north', 0);
    await post(page, { type: 'end', end: 'cancelled', reached: false, moves: 1, runFile: '.waypoint/runs/a.jsonl' });
    assert.equal(await page.locator('#play-end').innerText(), 'Stopped after 1 move.');
    assert.equal(await page.locator('#play-input').isDisabled(), true);
    // A late turn message after the end does not reopen the input.
    await post(page, { type: 'turn', step: 2, waiting: 'human' });
    assert.equal(await page.locator('#play-input').isDisabled(), true);
    await post(page, { type: 'end', end: 'step-limit', reached: false, moves: 30 });
    assert.equal(await page.locator('#play-end').innerText(), 'Step limit reached after 30 moves.');
    assert.equal(await page.locator('#play-status').innerText(), 'Not recorded.');
    await post(page, { type: 'end', end: 'error', reached: false, moves: 2, error: "model profile 'gpt': HTTP 401" });
    assert.equal(
      await page.locator('#play-end').innerText(),
      "The player failed after 2 moves. model profile 'gpt': HTTP 401",
    );

    const fresh = lighthouse();
    await post(page, {
      type: 'episode',
      title: 'again',
      player: { kind: 'human', label: 'you' },
      instructions: fresh.instructions,
      commands: fresh.commands,
      maxSteps: 5,
      opening: fresh.reset(),
    });
    assert.equal(await page.locator('.play-turn').count(), 0);
    assert.equal(await page.locator('#play-end').isHidden(), true);
    assert.equal(await page.locator('#play-counter').innerText(), 'Step 0 / 5');
    assert.equal(await page.locator('.play-stop').isDisabled(), false);
    await page.close();
  });
});
