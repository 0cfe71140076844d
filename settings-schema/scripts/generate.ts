import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  generateJsonValuesValidatorModule,
  generateServedTypesModule,
  generateSettingsModule,
  generateValidatorModule,
  JSON_VALUES_VALIDATOR_DECLARATIONS,
  VALIDATOR_DECLARATIONS,
} from '../src/generate';
import type { SettingsSchemaDocument } from '../src/schema-walk';

const root = new URL('..', import.meta.url);
const schema = JSON.parse(
  readFileSync(new URL('schema/settings.schema.json', root), 'utf8'),
) as SettingsSchemaDocument;

const outputs: Array<[string, string]> = [
  ['src/settings.generated.ts', generateSettingsModule(schema)],
  ['src/served-types.generated.ts', generateServedTypesModule(schema)],
  ['src/config-validator.generated.js', generateValidatorModule(schema)],
  ['src/config-validator.generated.d.ts', VALIDATOR_DECLARATIONS],
  ['src/json-values-validator.generated.js', generateJsonValuesValidatorModule(schema)],
  ['src/json-values-validator.generated.d.ts', JSON_VALUES_VALIDATOR_DECLARATIONS],
];
for (const [path, text] of outputs) {
  writeFileSync(new URL(path, root), text);
  console.log(`wrote ${fileURLToPath(new URL(path, root))}`);
}
