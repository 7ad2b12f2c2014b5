// Entry point of the `waypoint` command. Dispatches to one module per subcommand and maps
// failures to the contract's exit codes: 0 ok, 1 input has errors, 2 usage error.
import { runBabyai } from './babyai';
import { exitQuietlyOnEpipe, runSubcommand, type Subcommand } from './command';
import { runGrasp } from './grasp';
import { runMango } from './mango';
import { stderrLine } from './output';
import { runSmartplay } from './smartplay';
import { runValidate } from './validate';

const USAGE = `usage: waypoint <command> [options]

commands:
  validate <path>... [--json]   validate benchmark files (recursively for directories)
  mango graph|skeletons <gameDir>   maze graph [--cutoff N] [--reverse none|naive] [--json]; DF/RF skeletons --task df|rf [--cutoff N] [--limit K]
  mango prompt <gameDir> --id ID     the exact upstream prompt [--cutoff N] [--template release|paper] [--json]
  mango score <gameDir> --answers F  scores of answer records (JSONL or a folder of result files) [--mode faithful|reference] [--cutoff N] [--json]
  babyai replay <level> --actions "forward,left,..."   step a level (a .level.json, an LLM-BabyBench record or Structured text) [--json]
  babyai score --task predict|plan|decompose <record> --answer F   score a model answer [--mode faithful|reference] [--json]
  grasp score <grids.jsonl> --index I --moves 4|8 --carry-limit none|2 --step-cost 0|0.3 (--answer F | --actions "UP,TAKE,...") [--mode faithful|reference|pre2025] [--json]
  grasp prompt <grids.jsonl> --index I --moves 4|8 --carry-limit none|2 --step-cost 0|0.3 [--style chat|o1-mini] [--json]
  smartplay replay hanoi --disks 3|4 --actions "..."   replay answers in Tower of Hanoi [--json]; also replay bandits|rps --seed N
  smartplay run <Game> --agent random|hanoi-solver    play an episode with a built-in agent, print its log [--seed N] [--max-steps N]
  smartplay check <episode.jsonl>                     validate an episode log

options:
  --debug    print stack traces of internal errors
  --help     show this help`;

const subcommands: Record<string, Subcommand> = { validate: runValidate, mango: runMango, babyai: runBabyai, grasp: runGrasp, smartplay: runSmartplay };

async function main(argv: string[]): Promise<number> {
  const debug = argv.includes('--debug');
  const rest = argv.filter((argument) => argument !== '--debug');
  const [name, ...subArgs] = rest;
  if (name === undefined || name === '--help' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const subcommand = subcommands[name];
  if (!subcommand) {
    stderrLine(`waypoint: unknown command '${name}'`);
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return runSubcommand(name, subcommand, subArgs, debug);
}

exitQuietlyOnEpipe();

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
