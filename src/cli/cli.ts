// The `waypoint` command (dist/cli-main.js, entry src/bundles/cli-main.ts), run on load. Dispatches
// to one module per subcommand and maps failures to the contract's exit codes: 0 ok, 1 input has
// errors, 2 usage error.
import { runBabyai } from './babyai/commands';
import { runBatch } from './runs/batch';
import { runCompare } from './runs/compare';
import { runExport } from './runs/export';
import { runGate } from './runs/gate';
import { exitQuietlyOnEpipe, runSubcommand, type Subcommand } from './command';
import { runGrasp } from './grasp/commands';
import { runImport } from './runs/import';
import { runImportWorker, type ImportWorkerData } from './runs/importWorkers';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runMango } from './mango/commands';
import { runModels } from './runs/models';
import { runPlay } from './runs/play';
import { runReport } from './runs/report';
import { stderrLine } from './output';
import { UsageError } from './args';
import { runRun } from './runs/run';
import { runSmartplay } from './smartplay/commands';
import { runValidate } from './validate';
import { runFileWorker } from './runs/runFileReader';

const USAGE = `usage: waypoint <command> [options]

commands:
  validate <path>... [--json]   validate benchmark files (recursively for directories)
  run <benchmark> <source>... --out run.jsonl   ask a whole question set: --agent oracle|random | --base-url URL --model NAME | --profile F --profile-id ID;
      [--api-key-env VAR] [--temperature T] [--max-tokens N] [--max-completion-tokens N] [--reasoning-effort E] [--message-layout as-is|alternate] [--history-turns N] [--timeout-ms MS] [--retries N] [--concurrency N] [--rpm N] [--max-cost USD] [--resume] [--shard K/N] [--sample N] [--seed S] [--limit N] [--epochs K] [--dry-run] [--mode M] [--no-cache] [--progress bar|json] [--json]
      questions: mango --task df|rf|both|map|play --difficulty easy|hard|all --cutoff N --template release|paper; babyai --task predict|plan|decompose|play --prompt zero_shot|few_shot|cot|tot; grasp --settings all|M-C-S,... --style chat|o1-mini --indices A-B --extraction recommended|every-word [--task play]; smartplay --episodes N [--seed S]
  models test --profile F --profile-id ID | --base-url URL --model NAME   check a model profile: its server's model list and one one-token request; a verdict (OK, no key set, key refused, not reachable, wrong URL path, model loading, …), the served model and the latency [--api-key-env VAR] [--timeout-ms MS] [--json]
  import mango <folder>... --out F   upstream result folders (with their game folders) as scored run records [--mode faithful|reference] [--model-name NAME] [--json]
  import grasp <file-or-folder>... --out F --grids DIR   score upstream o1-mini/Batch/baseline outputs into run records [--mode faithful|reference|pre2025|paper] [--indices A-B] [--model-name NAME] [--extraction recommended|every-word] [--workers N] [--json]
  import inspect <log.eval|log.json>... --out F   Inspect AI logs written by export inspect back as the run records they came from (a sample without a Waypoint record is named, exit 1) [--json]
  export inspect <run.jsonl>... --out DIR   Inspect AI .eval logs, one per benchmark, model and run: prompts, answers, scores with diagnostics, usage; the record in each sample's metadata [--json]
  export eee <run.jsonl>... --out DIR       Every Eval Ever 0.3.0 records: data/<benchmark>/<developer>/<model>/<uuid>.json (the report's means and intervals) and <uuid>_samples.jsonl [--json]
  export nemo <run.jsonl>... --out DIR      NeMo Evaluator results.jsonl per run (problem_idx, reward = the primary metric, repeat, metadata.category) for nel compare [--json]
  batch export <benchmark> <source>... --model NAME   OpenAI Batch API request lines on stdout (question options as for run, e.g. grasp --settings all --indices 0-9)
      [--format openai|anthropic] [--temperature T] [--max-tokens N] [--max-completion-tokens N] [--reasoning-effort E]
  batch import <benchmark> <source>... --results F --out F   score an OpenAI, vllm run-batch or Anthropic results file into run records [--mode ...] [--model-name NAME]
  report <run.jsonl>... [--by F,...] [--where F=V,...]   the papers' tables with 95% intervals (runs with --epochs: mean@K, pass@k, pass^k; cut replies left out of the means unless --include-truncated; questions with no correct answer at their cutoff in rows of their own unless --include-unanswerable) [--json|--csv|--markdown|--latex|--html FILE [--grids|--games|--levels DIR]] [--plots DIR] (--latex: booktabs tables in the paper's layout; numbers: 3 decimals, half to even)
      --where: a field named twice matches either value (OR), different fields must all match (AND): --where difficulty=easy,difficulty=hard,game=zork1
  compare <runA.jsonl>[,shard...] <runB.jsonl>[,shard...]   paired comparison: diff, interval, McNemar / bootstrap p, flips [--model-a M] [--model-b M] [--where F=V,...] [--pairs GAME.reskin.json] [--include-truncated] [--include-unanswerable] [--json|--markdown]
  gate <run.jsonl>... --policy gate.json   a CI gate: headline means against {"<benchmark>": {"<metric>": {"min": x, "max": x, "max_drop": x}}}; a drop fails when significant (p < 0.05) against [--baseline <run.jsonl>...]; exit 0 pass, 1 fail, 2 usage; Markdown verdict [--json]
  mango graph|skeletons <gameDir>   maze graph [--cutoff N] [--reverse none|naive] [--json]; DF/RF skeletons --task df|rf [--cutoff N] [--limit K]
  mango prompt <gameDir> --id ID     the exact upstream prompt [--cutoff N] [--template release|paper] [--json]
  mango score <gameDir> --answers F  scores of answer records (JSONL or a folder of result files) [--mode faithful|reference] [--cutoff N] [--json]
  mango layout <gameDir>   the maze view's layout: room boxes, edge polylines, label boxes [--engine compass|elk] [--cutoff N] [--reverse none|naive] [--json] [--svg FILE]
  mango map-diff <gameDir> --answer F | --run R [--model M]   a model's map (or the one its route answers imply) against the maze [--cutoff N] [--json]
  mango annotate <walkthrough|gameDir>   proposed locations and move edges from the walkthrough text alone, with confidence and evidence [--json]
  mango generate --rooms N --seed S --out DIR   a new game in the release format [--confusable 0..1] [--imputed-share 0..1] [--passages 0..1] [--corridor 0..1] [--idle 0..1] [--canary TEXT] [--json]
  mango reskin <gameDir> --out DIR   the game renamed or turned: --rename-seed S | --rotate 90|180|270 | --reflect ns|ew [--canary TEXT] [--json]
  babyai replay <level> --actions "forward,left,..."   step a level (a .level.json, an LLM-BabyBench record or Structured text) [--json]
  babyai score --task predict|plan|decompose <record> --answer F   score a model answer [--mode faithful|reference] [--json]
  babyai generate --seed S --out DIR   seeded levels of the LLM-BabyBench families, each with the expert's checked proof and a difficulty label [--family all|goto,pickup,putnext,open,unlock,goto-locked] [--count N] [--distractors K] [--json]
  babyai generate --level L[,L...]|all --seeds A-B --task predict|plan|decompose --out FILE.csv   LLM-BabyBench rows of MiniGrid's exact levels (level, seed), with the expert's proof columns [--columns proof|upstream] [--json]
  grasp score <grids.jsonl> --index I --moves 4|8 --carry-limit none|2 --step-cost 0|0.3 (--answer F | --actions "UP,TAKE,...") [--mode faithful|reference|pre2025|paper] [--extraction recommended|every-word] [--json]
  grasp prompt <grids.jsonl> --index I --moves 4|8 --carry-limit none|2 --step-cost 0|0.3 [--style chat|o1-mini] [--json]
  grasp generate --seed S --out DIR   the paper's 20 grid files (× the 8 request settings = 160 configurations) [--count N (100)] [--json]
  smartplay replay hanoi --disks 3|4 --actions "..."   replay answers in Tower of Hanoi [--json]; also replay bandits|rps|crafter --seed N
  smartplay replay messenger --level 1|2|3 --seed S --actions "..."   replay Messenger exactly for a seed [--json]
  smartplay run <Game> --agent random|hanoi-solver|crafter-wood    play an episode with a built-in agent, print its log [--seed N] [--max-steps N]
  smartplay check <episode.jsonl>                     validate an episode log
  mcp   the agent tools (validate, explain, list_questions, oracle, score, simulate, render) as an MCP server over stdio, for MCP clients and coding agents; paths relative to the current folder
  play mango <gameDir> --from ROOM --to ROOM | play babyai <level|records> [--index N] | play grasp <grids.jsonl> [--index N] [--setting 8-none-0]   an interactive episode (--agent oracle|random [--seed S] or model options as for run, e.g. [--max-completion-tokens N] [--message-layout as-is|alternate] [--history-turns N]) [--max-steps N] [--json]

options:
  --debug    print stack traces of internal errors
  --help     show this help`;

const subcommands: Record<string, Subcommand> = {
  validate: runValidate,
  run: runRun,
  import: runImport,
  export: runExport,
  batch: runBatch,
  report: runReport,
  compare: runCompare,
  gate: runGate,
  models: runModels,
  mango: runMango,
  babyai: runBabyai,
  grasp: runGrasp,
  smartplay: runSmartplay,
  play: runPlay,
  // Served by dist/cli-mcp.js (bin.ts sends `mcp` there, so this bundle never loads the MCP SDK);
  // listed here for `waypoint mcp --help`, which the full CLI answers.
  mcp: async () => {
    throw new UsageError('mcp is served by the waypoint executable (dist/cli.js mcp)');
  },
};

/** `waypoint <command> --help`: that command's USAGE lines (with their indented continuations) and the common options. */
function commandHelp(name: string): string {
  const picked: string[] = [];
  let inCommand = false;
  for (const line of USAGE.split('\n')) {
    if (/^ {2}\S/.test(line)) inCommand = line.startsWith(`  ${name} `);
    else if (!/^ {6}\S/.test(line)) inCommand = false;
    if (inCommand) picked.push(line);
  }
  return `usage: waypoint ${name} ...\n\n${picked.join('\n')}\n\noptions:\n  --debug    print stack traces of internal errors\n  --help     show this help (waypoint --help lists every command)`;
}

async function main(argv: string[]): Promise<number> {
  const debug = argv.includes('--debug');
  const rest = argv.filter((argument) => argument !== '--debug');
  const [name, ...subArgs] = rest;
  if (name === '--help' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // No command is a usage error: the usage goes to stderr with exit 2, as every other one does.
  if (name === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const subcommand = subcommands[name];
  if (!subcommand) {
    stderrLine(`waypoint: unknown command '${name}'`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Every command answers --help the same way (before its own parser, which would call it an unknown option).
  if (subArgs.includes('--help')) {
    process.stdout.write(`${commandHelp(name)}\n`);
    return 0;
  }
  return runSubcommand(name, subcommand, subArgs, debug);
}

// Worker threads run this same bundle: GRASP import's scoring (cli/runs/importWorkers.ts) and the
// parsing of large run files for reports (cli/runs/runFileReader.ts).
const importWorker = isMainThread ? null : (workerData as ImportWorkerData | null);
if (importWorker?.waypointWorker === 'grasp-import')
  void runImportWorker(importWorker, (message, transfer) => parentPort?.postMessage(message, transfer));
else if (!isMainThread) runFileWorker();
else {
  exitQuietlyOnEpipe();

  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
