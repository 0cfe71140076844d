import type { SettingsAccessor } from '@portal/settings-schema';

export type ColorSchemePreference = 'light' | 'dark' | 'system';

/** What an institution's look is made of. Colours are #rrggbb. */
export interface BrandTokens {
  primaryColor: string;
  secondaryColor: string;
  errorColor: string;
  fontFamily: string;
  /** Corner radius in pixels. */
  borderRadius: number;
  colorScheme: ColorSchemePreference;
}

export interface LogoPaths {
  /** The full logo, white on the primary colour (header, login). */
  full: string;
  /** The square icon (small screens, favicon). */
  icon: string;
}

/** The logo files inside the cdn folder when the settings name none (spec 000 section 9). */
export const DEFAULT_LOGO_FILES: LogoPaths = {
  full: 'branding/logos/logoFullWhite.svg',
  icon: 'branding/logos/logoIconWhite.svg',
};

/** The logo files the settings name (`themeOptions.logoFullPath`, `logoIconPath`). */
export function logoFilesFromSettings(settings: SettingsAccessor): LogoPaths {
  return {
    full: settings.get('themeOptions.logoFullPath'),
    icon: settings.get('themeOptions.logoIconPath'),
  };
}

/**
 * The logos' addresses in the institution's cdn folder (spec 000 section 9). Which files they are
 * is a setting, so a new logo is part of the draft: reviewed, published, versioned and restored.
 */
export function logoPaths(cdnFolder: string, files: LogoPaths = DEFAULT_LOGO_FILES): LogoPaths {
  const base = cdnFolder.replace(/\/+$/, '');
  return { full: `${base}/${files.full}`, icon: `${base}/${files.icon}` };
}

/** Reads the theme keys of the settings. */
export function brandTokensFromSettings(settings: SettingsAccessor): BrandTokens {
  return {
    primaryColor: settings.get('themeOptions.primaryColor'),
    secondaryColor: settings.get('themeOptions.secondaryColor'),
    errorColor: settings.get('themeOptions.errorColor'),
    fontFamily: settings.get('themeOptions.fontFamily'),
    borderRadius: settings.get('themeOptions.borderRadius'),
    colorScheme: settings.get('themeOptions.colorScheme'),
  };
}

/** The settings (section → name → text) that set a look; the seed and new institutions use it. */
export function brandTokensToSettings(tokens: BrandTokens): Record<string, Record<string, string>> {
  return {
    themeOptions: {
      primaryColor: tokens.primaryColor,
      secondaryColor: tokens.secondaryColor,
      errorColor: tokens.errorColor,
      fontFamily: tokens.fontFamily,
      borderRadius: String(tokens.borderRadius),
      colorScheme: tokens.colorScheme,
    },
  };
}

export interface BuiltInTheme {
  id: string;
  name: string;
  tokens: BrandTokens;
}

/** Two demo looks that differ in every token: a navy, squared bank and a green, rounded lender. */
export const BUILT_IN_THEMES = {
  harbor: {
    id: 'harbor',
    name: 'Harbor (navy, squared, serif headings)',
    tokens: {
      primaryColor: '#0b3d91',
      secondaryColor: '#8a5a00',
      errorColor: '#b3261e',
      fontFamily: 'Georgia, "Times New Roman", serif',
      borderRadius: 2,
      colorScheme: 'light',
    },
  },
  summit: {
    id: 'summit',
    name: 'Summit (forest green, rounded, sans-serif)',
    tokens: {
      primaryColor: '#1b5e20',
      secondaryColor: '#6a1b9a',
      errorColor: '#c62828',
      fontFamily: '"Trebuchet MS", "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
      borderRadius: 16,
      colorScheme: 'system',
    },
  },
} as const satisfies Record<string, BuiltInTheme>;

export type BuiltInThemeId = keyof typeof BUILT_IN_THEMES;
