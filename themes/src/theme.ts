import {
  createTheme,
  getOverlayAlpha,
  type Overlays,
  type Theme,
  type TypographyVariantsOptions,
} from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { contrastRatio, mixColors, NEAR_BLACK, readableTextOn, WHITE } from './color';
import { AA_TEXT_CONTRAST } from './contrast';
import type { BrandTokens } from './tokens';

declare module '@mui/material/styles' {
  // The portal and admin always build themes with CSS variables (light and dark schemes).
  interface CssThemeVariables {
    enabled: true;
  }
  // `figure`: the amount a screen is about (amount due, available balance), first and largest.
  interface TypographyVariants {
    figure: CSSProperties;
  }
  interface TypographyVariantsOptions {
    figure?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    figure: true;
  }
}

const DARK_BACKGROUND = '#121212';
const DARK_PAPER = '#1e1e1e';

/**
 * The white overlay of the dark scheme's raised surfaces (menus, popovers, dialogs): MUI's for
 * elevation 1 (5.1%: #1e1e1e becomes #292929), for every elevation. MUI's own grows with the
 * elevation to 16.5% on a dialog (#434343), where Summit's dialog text buttons, lightened to read
 * on the paper, measured 2.9:1 (issue 20 review); lightening them further for #434343 would have
 * sunk the white logo on the primary colour (the sign-in page's) to 2.2:1. On #292929 a brand
 * colour can be both: text at 4.5:1 and under the white logo at 3:1. A dialog still stands out,
 * over its backdrop.
 */
const RAISED_OVERLAY_ALPHA = getOverlayAlpha(1);
const overlay = (alpha: number) =>
  `linear-gradient(rgba(255 255 255 / ${alpha}), rgba(255 255 255 / ${alpha}))`;
const DARK_OVERLAYS = Array.from({ length: 25 }, (_, elevation) =>
  elevation === 0 ? 'none' : overlay(Math.min(getOverlayAlpha(elevation), RAISED_OVERLAY_ALPHA)),
) as Overlays;

/** The lightest surface of the dark scheme: a raised one (a dialog's paper). */
const DARK_RAISED_SURFACE = mixColors(DARK_PAPER, WHITE, RAISED_OVERLAY_ALPHA);

/**
 * Lightens a brand colour, in small steps, until it reads as text on every surface of the dark
 * scheme up to the lightest, a dialog's (links, outlines, text buttons, error text).
 */
function forDarkScheme(color: string): string {
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mixColors(color, WHITE, step / 100);
    if (contrastRatio(candidate, DARK_RAISED_SURFACE) >= AA_TEXT_CONTRAST) return candidate;
  }
  return WHITE;
}

function paletteColor(main: string) {
  const contrastText = readableTextOn(main);
  return {
    main,
    light: mixColors(main, WHITE, 0.3),
    dark: hoverShade(main, contrastText),
    contrastText,
  };
}

/**
 * The `dark` shade, which MUI paints under a contained button's text on hover: darker, unless
 * the text on it is dark (a colour lightened for the dark scheme), when darkening would sink the
 * text below AA; then a lighter shade marks the hover instead.
 */
export function hoverShade(main: string, text: string): string {
  const darker = mixColors(main, NEAR_BLACK, 0.3);
  if (contrastRatio(darker, text) >= AA_TEXT_CONTRAST) return darker;
  return mixColors(main, WHITE, 0.2);
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
        overlays: DARK_OVERLAYS,
      },
    },
    shape: { borderRadius: tokens.borderRadius },
    typography: typographyOf(tokens.fontFamily),
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // A bare <button> (a table's sort label, a link-styled button) takes the browser's sans
      // unless told: it speaks the institution's font like the text around it.
      MuiButtonBase: { styleOverrides: { root: { fontFamily: 'inherit' } } },
      MuiLink: { defaultProps: { underline: 'always' } },
      // A switch that is off has a white thumb on a pale track, where MUI's focus ripple is a
      // faint grey halo: keyboard users saw no focus at all (issue 20 item 26). A ring in the
      // primary colour (AA against the page in both schemes) shows on the thumb, on or off.
      MuiSwitch: {
        styleOverrides: {
          switchBase: ({ theme }) => ({
            '&.Mui-focusVisible .MuiSwitch-thumb': {
              outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
              outlineOffset: 2,
            },
          }),
        },
      },
      // Amounts line up in columns wherever a table shows them.
      MuiTableCell: { styleOverrides: { root: { fontVariantNumeric: 'tabular-nums' } } },
    },
  });
}

/** Whether a CSS font stack ends in the generic serif family (Harbor's Georgia stack does). */
export function isSerifStack(fontFamily: string): boolean {
  const generic = fontFamily.split(',').at(-1)?.trim().replace(/["']/g, '').toLowerCase();
  return generic === 'serif';
}

/**
 * Figures in a serif institution's pages. Georgia and the other system serifs only have old-style
 * digits of varying width (their "1" sits low and narrow), which the eye cannot scan down a
 * column or read as a sum at a glance; they ignore the lining and tabular number features. So a
 * serif institution's amounts are set in the system's sans with lining tabular digits, beside its
 * serif headings and text: a deliberate pairing, as statements and bank sites that use a serif
 * do. A sans institution's figures stay in its own font, with tabular digits.
 */
export const SERIF_FIGURE_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The typographic scale both apps share: a page title, section and card headings a step apart,
 * body text at 1rem, labels at 0.875rem, and the `figure` variant for the amount a screen is
 * about, which scales with the viewport from 1.75rem on a phone to 2.5rem. A serif institution's
 * headings keep the serif's normal tracking and a little more weight contrast; a sans
 * institution's headings are tightened slightly, as sans display type is.
 */
export function typographyOf(fontFamily: string): TypographyVariantsOptions {
  const serif = isSerifStack(fontFamily);
  const heading = (
    size: string,
    weight: number,
    lineHeight: number,
  ): NonNullable<TypographyVariantsOptions['h1']> => ({
    fontFamily,
    fontSize: size,
    fontWeight: weight,
    lineHeight,
    letterSpacing: serif ? 0 : '-0.01em',
  });
  return {
    fontFamily,
    h1: heading('2.25rem', serif ? 700 : 700, 1.15),
    h2: heading('2rem', 700, 1.2),
    h3: heading('1.75rem', 700, 1.2),
    h4: heading('1.75rem', serif ? 700 : 650, 1.2),
    h5: heading('1.375rem', 600, 1.3),
    h6: heading('1.125rem', 600, 1.35),
    subtitle1: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
    subtitle2: { fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.5 },
    body1: { fontSize: '1rem', lineHeight: 1.55 },
    body2: { fontSize: '0.875rem', lineHeight: 1.5 },
    overline: { fontSize: '0.75rem', fontWeight: 600, letterSpacing: '0.08em', lineHeight: 1.6 },
    figure: {
      fontFamily: serif ? SERIF_FIGURE_FAMILY : fontFamily,
      fontSize: 'clamp(1.75rem, 1.4rem + 1.5vw, 2.5rem)',
      fontWeight: 700,
      lineHeight: 1.1,
      letterSpacing: '-0.01em',
      fontVariantNumeric: 'lining-nums tabular-nums',
    },
  };
}
