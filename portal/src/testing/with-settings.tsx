import { ThemeProvider } from '@mui/material/styles';
import { createSettingsAccessor } from '@portal/settings-schema';
import { brandTokensFromSettings, createPortalTheme } from '@portal/themes';
import type { ReactNode } from 'react';
import { SettingsContext } from '../lib/settings/settings-context';
import { TEST_INSTITUTION, wireSettings, type SettingValues } from './fixtures';

/** The settings and theme providers alone, for components that need no router. */
export function withSettings(ui: ReactNode, values: SettingValues = {}) {
  const settings = createSettingsAccessor(wireSettings(values));
  const theme = createPortalTheme(brandTokensFromSettings(settings));
  return (
    <SettingsContext value={{ settings, institutionOptions: TEST_INSTITUTION }}>
      <ThemeProvider theme={theme} storageManager={null} defaultMode="light">
        {ui}
      </ThemeProvider>
    </SettingsContext>
  );
}
