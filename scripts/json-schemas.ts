// Build step: writes the JSON Schemas that package.json contributes through `jsonValidation`,
// generated from the same zod schemas the language server and CLI validate with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mangoJsonSchemas } from '../src/core/schemas/mango';

const outDir = process.argv[2] ?? join('dist', 'schemas');
mkdirSync(outDir, { recursive: true });
for (const [name, schema] of Object.entries(mangoJsonSchemas())) {
  writeFileSync(join(outDir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}
