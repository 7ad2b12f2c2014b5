// What a host shows for each question option a benchmark declares (`questionOptions`): the
// benchmark's own hint (`questionOptionHints`: values, default, one line of help), else free text
// with no default, so a new benchmark's options work before they are described.
import type { BenchmarkDefinition, QuestionOptionHint } from '../benchmark/registry';

/** The hint for `option` of `definition`; free text with no default when it declares none. */
export function questionOptionHint(
  definition: Pick<BenchmarkDefinition, 'id' | 'questionOptionHints'>,
  option: string,
): QuestionOptionHint {
  return (
    definition.questionOptionHints?.[option] ?? {
      help: `--${option} as \`waypoint run ${definition.id}\` takes it; empty for its default`,
    }
  );
}
