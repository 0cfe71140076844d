import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme, type Theme } from '@mui/material/styles';
import type { ApplicationOptionsResponse } from '@portal/domain';
import { createServedSettingsAccessor } from '@portal/settings-schema';
import {
  brandTokensFromSettings,
  createPortalTheme,
  type ColorSchemePreference,
} from '@portal/themes';
import { useEffect, type ReactNode } from 'react';
import { SettingsContext, type PortalSettings } from '../lib/settings/settings-context';

export interface StartupData {
  portalSettings: PortalSettings;
  theme: Theme;
  colorScheme: ColorSchemePreference;
}

/**
 * Turns the start-up answer into the settings accessor and the institution's theme. Throws a
 * SettingsError (naming the key) when a theme setting cannot be read, which the start-up treats
 * like a failed load.
 */
export function prepareStartup(response: ApplicationOptionsResponse): StartupData {
  // The same answer gives the same start-up: the server renders every page (and each render
  // pass) from it, and MUI's theme with its CSS variables took a quarter of a render's time.
  // The same object first (the server's setup service keeps its answer): the text of 70 KB of
  // settings took 2.5 ms a page to write out as the key.
  const same = startupsByAnswer.get(response);
  if (same) return same;
  const key = JSON.stringify(response);
  const known = preparedStartups.get(key);
  if (known) {
    startupsByAnswer.set(response, known);
    return known;
  }
  // The server sends every public setting with its value, defaults filled in (issue 23).
  const settings = createServedSettingsAccessor(response.gassySettings);
  const tokens = brandTokensFromSettings(settings);
  const startup: StartupData = {
    portalSettings: { settings, institutionOptions: response.institutionOptions },
    theme: createPortalTheme(tokens),
    colorScheme: tokens.colorScheme,
  };
  // A few institutions' (or a preview's drafts): the oldest goes first.
  if (preparedStartups.size >= MAX_PREPARED_STARTUPS) {
    const oldest = preparedStartups.keys().next().value;
    if (oldest !== undefined) preparedStartups.delete(oldest);
  }
  preparedStartups.set(key, startup);
  startupsByAnswer.set(response, startup);
  return startup;
}

/** Start-ups by their answer's text (nothing in them belongs to a borrower). */
const preparedStartups = new Map<string, StartupData>();
/** The same, by the answer object itself (never mutated: a query's data). */
const startupsByAnswer = new WeakMap<ApplicationOptionsResponse, StartupData>();
const MAX_PREPARED_STARTUPS = 16;

/**
 * `defaultMode` is read once, when the provider mounts; a later setting (the admin's Dark toggle
 * or a published colour scheme reaching a live preview) must set the mode itself.
 */
function FollowColorScheme({ mode }: { mode: ColorSchemePreference }) {
  const { setMode } = useColorScheme();
  useEffect(() => {
    setMode(mode);
  }, [mode, setMode]);
  return null;
}

/** Settings and the institution's MUI theme (light, dark or following the device). */
export function PortalProviders({
  startup,
  children,
}: {
  startup: StartupData;
  children: ReactNode;
}) {
  return (
    <SettingsContext value={startup.portalSettings}>
      {/* No storage manager: the institution's colour scheme setting decides, not a stored choice. */}
      <ThemeProvider
        theme={startup.theme}
        defaultMode={startup.colorScheme}
        storageManager={null}
        noSsr
      >
        <CssBaseline enableColorScheme />
        <FollowColorScheme mode={startup.colorScheme} />
        {children}
      </ThemeProvider>
    </SettingsContext>
  );
}
