import { createTheme, type Theme } from '@mui/material/styles';
import { contrastRatio, mixColors, NEAR_BLACK, readableTextOn, WHITE } from './color';
import { AA_TEXT_CONTRAST } from './contrast';
import type { BrandTokens } from './tokens';

declare module '@mui/material/styles' {
  // The portal and admin always build themes with CSS variables (light and dark schemes).
  interface CssThemeVariables {
    enabled: true;
  }
}

const DARK_BACKGROUND = '#121212';
const DARK_PAPER = '#1e1e1e';

/** Lightens a brand colour until it reads as text on the dark background (links, outlines). */
function forDarkScheme(color: string): string {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = mixColors(color, WHITE, amount);
    if (contrastRatio(candidate, DARK_PAPER) >= AA_TEXT_CONTRAST) return candidate;
  }
  return WHITE;
}

function paletteColor(main: string) {
  return {
    main,
    light: mixColors(main, WHITE, 0.3),
    dark: mixColors(main, NEAR_BLACK, 0.3),
    contrastText: readableTextOn(main),
  };
}

/**
 * The MUI theme of an institution, with light and dark colour schemes as CSS variables so the
 * scheme can follow the device (`system`) without re-rendering.
 */
export function createPortalTheme(tokens: BrandTokens): Theme {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    defaultColorScheme: tokens.colorScheme === 'dark' ? 'dark' : 'light',
    colorSchemes: {
      light: {
        palette: {
          primary: paletteColor(tokens.primaryColor),
          secondary: paletteColor(tokens.secondaryColor),
          error: paletteColor(tokens.errorColor),
        },
      },
      dark: {
        palette: {
          primary: paletteColor(forDarkScheme(tokens.primaryColor)),
          secondary: paletteColor(forDarkScheme(tokens.secondaryColor)),
          error: paletteColor(forDarkScheme(tokens.errorColor)),
          background: { default: DARK_BACKGROUND, paper: DARK_PAPER },
        },
      },
    },
    shape: { borderRadius: tokens.borderRadius },
    typography: { fontFamily: tokens.fontFamily },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });
}
