// Full-configuration validation time: every key of the schema set (to its default), validated as
// the admin API, the admin app and the CLI do on each save. Prints one JSON line.
import {
  listSettingDefinitions,
  validateInstitutionConfig,
  type InstitutionConfiguration,
} from '@portal/settings-schema';

const document: InstitutionConfiguration = { shared: {}, english: {} };
let keys = 0;
for (const definition of listSettingDefinitions()) {
  const set = (document[definition.set] ??= {});
  (set[definition.section] ??= {})[definition.name] = definition.default;
  keys += 1;
}

const first = process.hrtime.bigint();
const firstResult = validateInstitutionConfig(document);
const firstMs = Number(process.hrtime.bigint() - first) / 1e6;
if (!firstResult.valid) {
  console.error(JSON.stringify(firstResult.errors.slice(0, 5)));
}

const timings: number[] = [];
for (let run = 0; run < 200; run += 1) {
  const started = process.hrtime.bigint();
  validateInstitutionConfig(document);
  timings.push(Number(process.hrtime.bigint() - started) / 1e6);
}
timings.sort((a, b) => a - b);
const at = (quantile: number) =>
  timings[Math.min(timings.length - 1, Math.floor(quantile * timings.length))] ?? 0;
console.log(
  JSON.stringify({
    keys,
    valid: firstResult.valid,
    firstMs: Number(firstMs.toFixed(2)),
    medianMs: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
  }),
);
