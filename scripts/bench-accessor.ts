// Accessor reads per second: typed reads of mixed keys through one accessor, as the portal does.
import {
  createSettingsAccessor,
  SETTING_DEFINITIONS,
  type SettingKey,
} from '@portal/settings-schema';

const keys = Object.keys(SETTING_DEFINITIONS).filter(
  (key): key is SettingKey => key in SETTING_DEFINITIONS,
);
const settings = createSettingsAccessor({
  shared: { globalOptions: { useFAQOption: 'false' }, themeOptions: { borderRadius: '4' } },
  english: { loggedInLayout: { copyrightText: 'Bench Bank' } },
});

function run(reads: number): number {
  let checksum = 0;
  for (let index = 0; index < reads; index += 1) {
    const value = settings.get(keys[index % keys.length] ?? 'globalOptions.useFAQOption');
    if (value) checksum += 1;
  }
  return checksum;
}

run(100_000);
const reads = 2_000_000;
const started = process.hrtime.bigint();
run(reads);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

// A fresh accessor per read measures the uncached path (first read of each key after a load).
const coldReads = 200_000;
const coldStarted = process.hrtime.bigint();
for (let index = 0; index < coldReads; index += 1) {
  const fresh = createSettingsAccessor({ shared: {}, english: {} });
  fresh.get(keys[index % keys.length] ?? 'globalOptions.useFAQOption');
}
const coldSeconds = Number(process.hrtime.bigint() - coldStarted) / 1e9;

console.log(
  JSON.stringify({
    keys: keys.length,
    cachedReadsPerSecond: Math.round(reads / seconds),
    firstReadsPerSecond: Math.round(coldReads / coldSeconds),
  }),
);
