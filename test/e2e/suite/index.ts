// Mocha inside the VS Code extension host (code-server's, or desktop VS Code's through
// @vscode/test-electron). VS Code calls run(); results also go to a JSON file because the browser
// console that relays the host's output leaves format placeholders unformatted. Each finished test
// is also appended to a progress file as it finishes: the runner's time limit follows that progress
// (scripts/lib/hostSuite.mjs), so a slow machine is given the time it needs and a stuck test is not.
import { appendFileSync, writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { defineAgentToolTests } from './agentTools.e2e';
import { defineColumnTests } from './columns.e2e';
import { defineExtensionTests } from './extension.e2e';
import { defineMapDiffTests } from './mapDiff.e2e';
import { definePlayTests } from './play.e2e';
import { defineProfileTests } from './profiles.e2e';
import { defineResultsTests } from './results.e2e';
import { defineReviewProposalTests } from './reviewProposals.e2e';
import { defineRunFileTests } from './runFiles.e2e';

interface TestRecord {
  title: string;
  passed: boolean;
  error?: string;
  ms: number;
}

/** Per test: generous, so that a busy machine only makes a test slower (the runner's stall limit is longer). */
const TEST_TIMEOUT_MS = 4 * 60_000;

export function run(): Promise<void> {
  const grep = process.env.WAYPOINT_E2E_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: TEST_TIMEOUT_MS,
    color: false,
    reporter: 'spec',
    ...(grep ? { grep } : {}),
  });
  mocha.suite.emit('pre-require', globalThis, 'inline', mocha);
  defineExtensionTests();
  defineReviewProposalTests();
  defineResultsTests();
  defineRunFileTests();
  defineMapDiffTests();
  definePlayTests();
  defineColumnTests();
  defineProfileTests();
  defineAgentToolTests();
  const records: TestRecord[] = [];
  const progressPath = process.env.WAYPOINT_E2E_PROGRESS;
  const finished = (record: TestRecord) => {
    records.push(record);
    if (progressPath) appendFileSync(progressPath, `${JSON.stringify(record)}\n`);
  };
  const metrics: Record<string, number> = {};
  (globalThis as { waypointE2eMetrics?: Record<string, number> }).waypointE2eMetrics = metrics;
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const resultsPath = process.env.WAYPOINT_E2E_RESULTS;
      if (resultsPath) writeFileSync(resultsPath, JSON.stringify({ records, metrics }, null, 2));
      const passed = records.filter((record) => record.passed).length;
      console.log(`${passed} passed, ${records.length - passed} failed`);
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
    runner.on('pass', (test) => finished({ title: test.fullTitle(), passed: true, ms: test.duration ?? 0 }));
    runner.on('fail', (test, error: Error) =>
      finished({
        title: test.fullTitle(),
        passed: false,
        error: `${error.message}\n${error.stack ?? ''}`.slice(0, 1500),
        ms: test.duration ?? 0,
      }),
    );
  });
}
