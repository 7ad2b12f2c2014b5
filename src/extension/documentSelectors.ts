// Which files the language client hands to the server: globs for VS Code's document selector and
// file watcher. No vscode import, so test/unit/activation.test.ts checks them against every
// registered kind's example names (a kind missing here validates on disk but never in an editor).

export const WALKTHROUGH_LANGUAGE = 'mango-walkthrough';
export const MANGO_JSON_FILES = '**/*.{edges,actions,locations}.json';
export const MANGO_SKELETON_FILES = '**/*.{all2all,all_pairs}.jsonl';
/**
 * SmartPlay episode logs, BabyAI levels and LLM-BabyBench records, GRASP grids and response files
 * (Waypoint's and upstream's names). One flat brace group: VS Code's glob does not nest braces.
 */
export const STANDALONE_FILES =
  '**/{*.episode.jsonl,*.level.json,*.grids.jsonl,inner_*_free.jsonl,inner_*_block.jsonl,outer_*_free.jsonl,outer_*_block.jsonl,*_output.jsonl,llm-babybench*.csv,llm-babybench*.json,llm-babybench*.jsonl,llm-babybench*.ndjson,llm_babybench*.csv,llm_babybench*.json,llm_babybench*.jsonl,llm_babybench*.ndjson,LLM_BABYBENCH*.csv,LLM_BABYBENCH*.json,LLM_BABYBENCH*.jsonl,LLM_BABYBENCH*.ndjson}';
