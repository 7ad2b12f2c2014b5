// Repeats of a run (`waypoint run --epochs K`, as Inspect's epochs): each question asked K times,
// epoch 1 to K. Epoch e asks with seed S + e − 1 (S: the profile's seed, else 0; epoch 1 keeps the
// profile as it is, so a run of one epoch is the run it always was), its replies are cached under
// keys of their own, and its records say `epoch`, so --resume, reports and compare tell the repeats
// of one question apart. Records of a run without repeats carry no `epoch`: they are epoch 1.
import type { PreparedQuestion } from '../benchmark/registry';
import type { ResponseCache } from '../eval/engine';
import type { ModelProfile, QuestionBase, RunRecord } from '../eval/types';
import { sha256Hex } from '../util/sha256';

/** A prepared question as one epoch of a repeated run asks it. */
export type EpochQuestion<Q extends QuestionBase = QuestionBase> = PreparedQuestion<Q> & { readonly epoch?: number };

/** A record's epoch: 1 when it has none (a run without repeats). */
export function epochOf(record: Pick<RunRecord, 'epoch'>): number {
  return record.epoch ?? 1;
}

/**
 * Every question `epochs` times, epoch by epoch (all of epoch 1 first, so a run cut short has whole
 * epochs before it has partial ones). One epoch gives the questions back as they are. Each repeat
 * inherits from the question it repeats (its methods and getters stay the question's own, classes
 * included) and adds only its epoch.
 */
export function withEpochs<Q extends QuestionBase>(
  questions: readonly PreparedQuestion<Q>[],
  epochs: number,
): EpochQuestion<Q>[] {
  if (epochs <= 1) return [...questions];
  const repeated: EpochQuestion<Q>[] = [];
  for (let epoch = 1; epoch <= epochs; epoch++)
    for (const prepared of questions)
      repeated.push(Object.create(prepared, { epoch: { value: epoch, enumerable: true } }) as EpochQuestion<Q>);
  return repeated;
}

/** The seed offset of an epoch: 0 for epoch 1 (and for a question of a run without repeats). */
export function epochOffset(epoch: number | undefined): number {
  return epoch === undefined ? 0 : epoch - 1;
}

/** The profile an epoch asks with: epoch e > 1 sends seed S + e − 1 (the model's own sampling differs by it where the provider takes a seed). */
export function epochProfile(profile: ModelProfile, epoch: number | undefined): ModelProfile {
  const offset = epochOffset(epoch);
  return offset === 0 ? profile : { ...profile, seed: (profile.seed ?? 0) + offset };
}

/** A cache key of epoch `epoch`: epoch 1's is the key itself (shared with runs without repeats), a later epoch's is its own. */
export function epochCacheKey(key: string, epoch: number | undefined): string {
  return epochOffset(epoch) === 0 ? key : sha256Hex(`${key}\u0000epoch ${epoch}`);
}

/** The response cache as epoch `epoch` reads and writes it: one epoch's reply is never another's. */
export function epochCache(cache: ResponseCache | null, epoch: number | undefined): ResponseCache | null {
  if (cache === null || epochOffset(epoch) === 0) return cache;
  return {
    get: (key) => cache.get(epochCacheKey(key, epoch)),
    set: (key, reply) => cache.set(epochCacheKey(key, epoch), reply),
  };
}

/** The record stamped with its question's epoch (none for a run without repeats). */
export function stampEpoch<R extends RunRecord>(record: R, epoch: number | undefined): R {
  return epoch === undefined ? record : { ...record, epoch };
}
