// Which questions of a question set a run asks: a deterministic shard (`--shard K/N`), a seeded
// sample (`--sample N --seed S`), a prefix (`--limit N`), and, on `--resume`, only those the run
// file has no answer for. All keep the question set's order, so two machines with the same inputs
// ask the same questions and `waypoint report` merges their files.
import { baseUrlIdentity } from '../eval/baseUrl';
import type { QuestionBase, RunRecord } from '../eval/types';
import { seededRandom } from '../util/random';

/** FNV-1a over the sample id: a shard never depends on the order or the size of the set. */
function shardHash(sampleId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < sampleId.length; index++) {
    hash ^= sampleId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** `K/N` with 1 ≤ K ≤ N, or null when the text is not one. */
export function parseShard(text: string): { index: number; count: number } | null {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : null;
}

/** The K-th of N slices (1-based): the questions whose sample id hashes to K − 1 modulo N. */
export function inShard(question: QuestionBase, shard: { index: number; count: number }): boolean {
  return shardHash(question.sampleId) % shard.count === shard.index - 1;
}

/** `count` items drawn without replacement by a seeded shuffle, returned in their original order. */
export function seededSample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count >= items.length) return [...items];
  const order = seededRandom(`sample/${seed}`).shuffled(items.map((_, index) => index));
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => items[index]);
}

/**
 * The key a run file answers a question under: the sample id and everything about the model
 * that changes its reply (runs.md §2: "never asked twice for the same question, model, parameters"):
 * the server by its normalised base URL and the model it served (`serverModel`, so a record of
 * another model loaded under the same URL is not an answer of this one).
 */
export function answerKey(record: Pick<RunRecord<QuestionBase>, 'question' | 'model' | 'mode' | 'epoch'>): string {
  const { model } = record;
  const key: unknown[] = [
    record.question.sampleId,
    model.id,
    model.provider,
    model.model ?? null,
    baseUrlIdentity(model.baseUrl),
    model.serverModel ?? null,
    model.temperature,
    model.maxTokens,
    model.seed ?? null,
    record.mode,
  ];
  // Appended only when set, so the keys of files written before these options existed still match.
  if (model.maxCompletionTokens !== undefined || model.reasoningEffort !== undefined)
    key.push(model.maxCompletionTokens ?? null, model.reasoningEffort ?? null);
  // What the model was shown changes the answer too: another layout or history window asks again.
  if (model.messageLayout !== undefined || model.historyTurns !== undefined)
    key.push(model.messageLayout ?? null, model.historyTurns ?? null);
  // A repeat (`--epochs`) is another answer of the question; epoch 1 keys as a run without repeats.
  if (record.epoch !== undefined && record.epoch > 1) key.push({ epoch: record.epoch });
  return JSON.stringify(key);
}
