import { contrastRatio, readableTextOn, WHITE } from './color';
import type { BrandTokens } from './tokens';

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * The logo on the header: logos are white on the primary colour (spec 000 section 9), a graphic
 * that must stand out from it as WCAG 2.2 asks of graphics and large text (1.4.11, 3:1).
 */
export const LOGO_CONTRAST = 3;

export type BrandColorToken = 'primaryColor' | 'secondaryColor' | 'errorColor';

export interface ContrastCheck {
  token: BrandColorToken;
  color: string;
  /** The text colour the theme puts on this colour (buttons, the header). */
  textColor: string;
  /** Contrast of that text on the colour. */
  ratio: number;
  /** Contrast of the colour used as text or a link on the white page. */
  ratioOnPage: number;
  /** The primary colour only: contrast of the white logo on it (the header, the sign-in page). */
  logoRatio?: number;
  passes: boolean;
}

const TOKENS: readonly BrandColorToken[] = ['primaryColor', 'secondaryColor', 'errorColor'];

/**
 * Checks every brand colour the way the portal uses it: text on the colour (buttons, header) and the
 * colour as text on the light page (links, error messages), both 4.5:1 (WCAG 2.2 AA, 1.4.3); and
 * for the primary colour, the white logo on it, 3:1 (issue 20 item 25: a white logo on yellow
 * passed, because the text on the header may be black but the logo never is).
 */
export function checkBrandContrast(tokens: Pick<BrandTokens, BrandColorToken>): ContrastCheck[] {
  return TOKENS.map((token) => {
    const color = tokens[token];
    const textColor = readableTextOn(color);
    const ratio = contrastRatio(textColor, color);
    const ratioOnPage = contrastRatio(color, WHITE);
    const logoRatio = token === 'primaryColor' ? contrastRatio(WHITE, color) : undefined;
    return {
      token,
      color,
      textColor,
      ratio,
      ratioOnPage,
      ...(logoRatio !== undefined ? { logoRatio } : {}),
      passes:
        ratio >= AA_TEXT_CONTRAST &&
        ratioOnPage >= AA_TEXT_CONTRAST &&
        (logoRatio === undefined || logoRatio >= LOGO_CONTRAST),
    };
  });
}

const TOKEN_LABELS: Readonly<Record<BrandColorToken, string>> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  errorColor: 'Error colour',
};

/** The brand colours of a look that fail WCAG AA (the review page warns, publish asks first). */
export function contrastFailures(tokens: Pick<BrandTokens, BrandColorToken>): ContrastCheck[] {
  return checkBrandContrast(tokens).filter((check) => !check.passes);
}

/** One failure in words, the same on the review page, in the publish refusal and in the audit. */
export function describeContrastFailure(check: ContrastCheck): string {
  const parts: string[] = [];
  if (check.ratio < AA_TEXT_CONTRAST) {
    parts.push(`text on it has a contrast of ${check.ratio.toFixed(2)}:1`);
  }
  if (check.ratioOnPage < AA_TEXT_CONTRAST) {
    parts.push(`as text on the page it has ${check.ratioOnPage.toFixed(2)}:1`);
  }
  const text =
    parts.length > 0 ? `${parts.join(' and ')} (WCAG AA needs ${AA_TEXT_CONTRAST}:1)` : '';
  const logo =
    check.logoRatio !== undefined && check.logoRatio < LOGO_CONTRAST
      ? `the white logo on it has ${check.logoRatio.toFixed(2)}:1 (a logo needs ${LOGO_CONTRAST}:1)`
      : '';
  return `${TOKEN_LABELS[check.token]} ${check.color}: ${[text, logo].filter(Boolean).join('; ')}.`;
}
