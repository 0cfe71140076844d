export {
  contrastRatio,
  mixColors,
  parseHexColor,
  readableTextOn,
  relativeLuminance,
} from './color';
export {
  AA_TEXT_CONTRAST,
  LOGO_CONTRAST,
  checkBrandContrast,
  contrastFailures,
  describeContrastFailure,
} from './contrast';
export type { BrandColorToken, ContrastCheck } from './contrast';
export { createPortalTheme } from './theme';
export {
  BUILT_IN_THEMES,
  brandTokensFromSettings,
  brandTokensToSettings,
  logoPaths,
  logoFilesFromSettings,
  DEFAULT_LOGO_FILES,
} from './tokens';
export type {
  BrandTokens,
  BuiltInTheme,
  BuiltInThemeId,
  ColorSchemePreference,
  LogoPaths,
} from './tokens';
