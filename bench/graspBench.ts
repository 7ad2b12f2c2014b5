// GRASP scoring throughput on the shared data: the o1-mini answers whose grid file is shared, each
// extracted with the recommended rule and simulated and scored (faithful mode), as `waypoint grasp
// score` does per answer. Reported as answers per second; a second row times the simulation alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractActions } from '../src/core/benchmarks/grasp/answers';
import { parseGraspGridFile, type GraspGridEntry } from '../src/core/benchmarks/grasp/gridFile';
import { parseCustomId } from '../src/core/benchmarks/grasp/settings';
import { simulate } from '../src/core/benchmarks/grasp/simulator';
import type { GraspSettings } from '../src/core/benchmarks/grasp/types';
import type { BenchRow } from './simplePathsBench';

interface Job {
  entry: GraspGridEntry;
  settings: GraspSettings;
  response: string;
  tokens: string[];
}

/** Answers with a shared grid, or the reason there are none. */
function loadJobs(graspDir: string): Job[] | string {
  const resultsPath = join(graspDir, 'results', 'gpt_o1_mini_output.jsonl');
  if (!existsSync(resultsPath)) return `skipped: ${resultsPath} not found`;
  const entries = new Map<string, GraspGridEntry>();
  for (const name of readdirSync(graspDir).filter((file) => file.endsWith('.jsonl'))) {
    for (const entry of parseGraspGridFile(readFileSync(join(graspDir, name), 'utf8')).entries)
      entries.set(`${name}-${entry.record.index}`, entry);
  }
  const jobs: Job[] = [];
  for (const line of readFileSync(resultsPath, 'utf8').split('\n')) {
    if (line === '') continue;
    const row = JSON.parse(line) as { custom_id: string; response: string };
    const id = parseCustomId(row.custom_id);
    const entry = id && entries.get(`${id.file}-${id.index}`);
    if (id && entry)
      jobs.push({ entry, settings: id.settings, response: row.response, tokens: extractActions(row.response).tokens });
  }
  return jobs.length > 0 ? jobs : `skipped: no o1-mini answer has a grid file in ${graspDir}`;
}

/** Runs `body` over all jobs repeatedly for at least `minimumMs`; returns jobs per second. */
function throughput(jobs: readonly Job[], body: (job: Job) => number, minimumMs = 500): number {
  let sink = 0;
  for (const job of jobs) sink += body(job); // warm-up
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < minimumMs) {
    for (const job of jobs) sink += body(job);
    done += jobs.length;
  }
  const seconds = (performance.now() - started) / 1000;
  if (Number.isNaN(sink)) throw new Error('a score was NaN');
  return done / seconds;
}

export async function benchGraspScoring(
  graspDir = resolve(__dirname, '..', '..', '..', 'shared', 'data', 'grasp'),
): Promise<BenchRow[]> {
  const jobs = loadJobs(graspDir);
  if (typeof jobs === 'string')
    return [{ name: 'GRASP: extract + score shared o1-mini answers', value: Number.NaN, unit: 'ans/s', note: jobs }];
  const full = throughput(
    jobs,
    (job) => simulate(job.entry.grid, extractActions(job.response).tokens, job.settings, { mode: 'faithful' }).score,
  );
  const simulation = throughput(
    jobs,
    (job) => simulate(job.entry.grid, job.tokens, job.settings, { mode: 'faithful' }).score,
  );
  return [
    { name: `GRASP: extract + score shared o1-mini answers (${jobs.length})`, value: full, unit: 'ans/s' },
    { name: 'GRASP: simulate + score extracted actions', value: simulation, unit: 'ans/s' },
  ];
}
