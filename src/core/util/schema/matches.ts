// A compile-time check that a zod schema and the interface it reads stay in step: same keys and
// mutually assignable values. A field added to the interface and missing from the schema (zod
// would drop it on read) fails to compile where the pair is declared.
import type * as z from 'zod/mini';

export type TypesMatch<A, B> = [keyof A, A] extends [keyof B, B]
  ? [keyof B, B] extends [keyof A, A]
    ? true
    : false
  : false;

export type SchemaMatches<S extends z.ZodMiniType, T> = TypesMatch<z.infer<S>, T>;
