import type { InstitutionConfiguration } from '@portal/settings-schema';
import type { PortalApp } from '../app';

/** Deep-merges two configurations: set → section → name. */
function merge(
  base: InstitutionConfiguration,
  change: InstitutionConfiguration,
): InstitutionConfiguration {
  const result: InstitutionConfiguration = { ...base };
  for (const set of ['shared', 'english'] as const) {
    const sections = { ...(base[set] ?? {}) };
    for (const [section, values] of Object.entries(change[set] ?? {})) {
      sections[section] = { ...(sections[section] ?? {}), ...values };
    }
    result[set] = sections;
  }
  return result;
}

/**
 * Publishes the institution's current settings with `change` merged in, as staff would; returns
 * a function that publishes the previous document again.
 */
export async function publishSettingsChange(
  app: PortalApp,
  host: string,
  change: InstitutionConfiguration,
): Promise<() => Promise<void>> {
  const institution = await app.services.institutions.resolveHost(host);
  if (!institution) throw new Error(`No institution at ${host}`);
  const before = await app.services.institutions.publishedSettings(institution.id);
  await app.services.institutions.publishSettings({
    institutionId: institution.id,
    document: merge(before, change),
    comment: 'test',
    publishedBy: 'test',
  });
  return async () => {
    await app.services.institutions.publishSettings({
      institutionId: institution.id,
      document: before,
      comment: 'test restore',
      publishedBy: 'test',
    });
  };
}

/** Runs `run` with `change` published at `host`, then publishes the previous settings again. */
export async function withPublishedSettings<T>(
  app: PortalApp,
  host: string,
  change: InstitutionConfiguration,
  run: () => Promise<T>,
): Promise<T> {
  const restore = await publishSettingsChange(app, host, change);
  try {
    return await run();
  } finally {
    await restore();
  }
}
