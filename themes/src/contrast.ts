import { contrastRatio, readableTextOn, WHITE } from './color';
import type { BrandTokens } from './tokens';

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

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
  passes: boolean;
}

const TOKENS: readonly BrandColorToken[] = ['primaryColor', 'secondaryColor', 'errorColor'];

/**
 * Checks every brand colour the way the portal uses it: text on the colour (buttons, header) and the
 * colour as text on the light page (links, error messages). Both need 4.5:1 (WCAG 2.2 AA, 1.4.3).
 */
export function checkBrandContrast(tokens: Pick<BrandTokens, BrandColorToken>): ContrastCheck[] {
  return TOKENS.map((token) => {
    const color = tokens[token];
    const textColor = readableTextOn(color);
    const ratio = contrastRatio(textColor, color);
    const ratioOnPage = contrastRatio(color, WHITE);
    return {
      token,
      color,
      textColor,
      ratio,
      ratioOnPage,
      passes: ratio >= AA_TEXT_CONTRAST && ratioOnPage >= AA_TEXT_CONTRAST,
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
  return `${TOKEN_LABELS[check.token]} ${check.color}: ${parts.join(' and ')} (WCAG AA needs ${AA_TEXT_CONTRAST}:1).`;
}
