// The JSON Schemas contributed through jsonValidation (generated from the zod schemas at build
// time) accept the sample files and reject a typo, so plain JSON editing gets the same rules as
// the language server's validation.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { babyaiJsonSchemas, levelFileSchema } from '../../src/core/benchmarks/babyai/levelSchema';
import { distDir, samplesDir } from '../support/paths';

describe('JSON Schemas for plain JSON editing', () => {
  it('are written by the build for every jsonValidation entry of package.json', () => {
    const manifest = JSON.parse(readFileSync(join(distDir, '..', 'package.json'), 'utf8')) as {
      contributes: { jsonValidation: Array<{ fileMatch: string; url: string }> };
    };
    for (const entry of manifest.contributes.jsonValidation)
      assert.ok(existsSync(join(distDir, '..', entry.url)), `${entry.fileMatch}: ${entry.url}`);
    assert.ok(manifest.contributes.jsonValidation.some((entry) => entry.fileMatch === '*.level.json'));
  });

  it('describe the level file with the zod schema the validator uses', () => {
    const schema = babyaiJsonSchemas()['babyai-level'] as { required: string[]; properties: Record<string, unknown> };
    assert.deepEqual([...schema.required].sort(), ['agent', 'height', 'mission', 'rooms', 'width']);
    for (const name of ['goto-red-ball', 'locked-door-key-in-box', 'put-next', 'four-rooms-sequence']) {
      assert.ok(
        levelFileSchema.safeParse(JSON.parse(readFileSync(join(samplesDir, 'babyai', `${name}.level.json`), 'utf8')))
          .success,
        name,
      );
    }
  });
});
