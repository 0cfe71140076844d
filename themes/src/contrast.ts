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
