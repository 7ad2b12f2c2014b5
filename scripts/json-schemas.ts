// Build step: writes the JSON Schemas that package.json contributes through `jsonValidation`,
// generated from the same zod schemas the language server and CLI validate with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { babyaiJsonSchemas } from '../src/core/benchmarks/babyai/levelSchema';
import { mangoJsonSchemas } from '../src/core/benchmarks/mango/walkthrough/fileSchemas';
import { smartplayJsonSchemas } from '../src/core/benchmarks/smartplay/logSchema';

const outDir = process.argv[2] ?? join('dist', 'schemas');
mkdirSync(outDir, { recursive: true });
// The SmartPlay schema describes one line of an episode log (JSON Lines): it is published for
// tools and documentation, not bound with jsonValidation (which validates whole JSON documents).
for (const [name, schema] of Object.entries({
  ...mangoJsonSchemas(),
  ...babyaiJsonSchemas(),
  ...smartplayJsonSchemas(),
})) {
  writeFileSync(join(outDir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
