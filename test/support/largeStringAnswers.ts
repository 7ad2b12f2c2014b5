// Answer records holding a 10 MB Python string, for `mango score` (its test and the bench): one
// right route with the string in an extra field, one whose destination is the string. The string
// has an escape every few characters, the parser's costliest case.

const MEGABYTES = 10;

/** Two route_finding answers to the lighthouse pair harbour road → quay, as JSON Lines. */
export function largeStringAnswers(allPairsText: string): string {
  const pair = allPairsText
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { id: string; src_node: string; dst_node: string })
    .find((candidate) => candidate.src_node === 'harbour road' && candidate.dst_node === 'quay');
  if (!pair) throw new Error('the lighthouse sample has no pair harbour road → quay');
  const large = `ab\\n`.repeat((MEGABYTES * 1048576) / 4);
  const record = (response: string) =>
    JSON.stringify({
      sample_id: pair.id,
      game_name: 'lighthouse',
      task: 'route_finding',
      src_node: 'harbour road',
      dst_node: 'quay',
      model_cutoff_num: 70,
      min_step_total_answerable: 1,
      answerable: true,
      response,
    });
  return [
    record(`[{'location_before': 'harbour road', 'action': 'east', 'location_after': 'quay', 'note': '${large}'}]`),
    record(`[{'location_before': 'harbour road', 'action': 'east', 'location_after': '${large}'}]`),
  ].join('\n');
}
