/** WCAG 2.x colour arithmetic on #rgb / #rrggbb colours. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#(?:([0-9a-f]{3})|([0-9a-f]{6}))$/i;

export function parseHexColor(color: string): Rgb {
  const match = HEX.exec(color.trim());
  if (!match) throw new Error(`"${color}" is not a #rgb or #rrggbb colour`);
  const hex = match[1] ? [...match[1]].map((digit) => digit + digit).join('') : (match[2] ?? '');
  return {
    r: parseInt(hex.slice(0, 2), 16),
    g: parseInt(hex.slice(2, 4), 16),
    b: parseInt(hex.slice(4, 6), 16),
  };
}

export function toHexColor({ r, g, b }: Rgb): string {
  const part = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG 2.2, definition "relative luminance"). */
export function relativeLuminance(color: string): number {
  const { r, g, b } = parseHexColor(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  const [lighter, darker] = a > b ? [a, b] : [b, a];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Mixes `color` towards `target` by `amount` (0 = color, 1 = target). */
export function mixColors(color: string, target: string, amount: number): string {
  const from = parseHexColor(color);
  const to = parseHexColor(target);
  return toHexColor({
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  });
}

export const WHITE = '#ffffff';
export const NEAR_BLACK = '#111111';

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background)
    ? WHITE
    : NEAR_BLACK;
}
