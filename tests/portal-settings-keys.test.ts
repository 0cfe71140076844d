import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSettingDefinition, listSettingDefinitions } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Every `'section.name'` literal in the portal whose section is a settings section: the keys the
 * portal reads, whether through `settings.get(...)` or through tables of keys (menus, titles).
 */
function keysReadByThePortal(): Map<string, string[]> {
  const sections = new Set(listSettingDefinitions().map((definition) => definition.section));
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, 'portal/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/['"`]([A-Za-z]+)\.([A-Za-z0-9_]+)['"`]/g)) {
      const [, section = '', name = ''] = match;
      if (!sections.has(section)) continue;
      const key = `${section}.${name}`;
      found.set(key, [...(found.get(key) ?? []), file.slice(root.length)]);
    }
  }
  return found;
}

describe('settings the portal reads', () => {
  const keys = keysReadByThePortal();

  it('finds the portal reading settings at all (the scan works)', () => {
    expect(keys.size).toBeGreaterThan(50);
  });

  it('are all declared in the settings schema', () => {
    const undeclared = [...keys]
      .filter(([key]) => !findSettingDefinition(key))
      .map(([key, files]) => `${key} (${files.join(', ')})`);
    expect(undeclared).toEqual([]);
  });

  it('are all public: admin-only keys never reach the portal', () => {
    const adminOnly = [...keys.keys()].filter(
      (key) => findSettingDefinition(key)?.visibility === 'admin',
    );
    expect(adminOnly).toEqual([]);
  });
});
