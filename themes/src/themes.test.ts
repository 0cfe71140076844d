import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors, parseHexColor, readableTextOn } from './color';
import { checkBrandContrast, contrastFailures, describeContrastFailure } from './contrast';
import { createPortalTheme, isSerifStack } from './theme';
import { BUILT_IN_THEMES, logoPaths } from './tokens';

describe('contrast', () => {
  it('gives the WCAG extremes for black and white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
  });

  it('puts mid grey just under AA on white, as WCAG tools report it', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('rejects colours that are not #rgb or #rrggbb', () => {
    expect(() => parseHexColor('red')).toThrow('"red" is not a #rgb or #rrggbb colour');
    expect(parseHexColor('#0af')).toEqual({ r: 0, g: 170, b: 255 });
  });

  it('chooses the more readable of white and near-black text', () => {
    expect(readableTextOn('#0b3d91')).toBe('#ffffff');
    expect(readableTextOn('#ffeb3b')).toBe('#111111');
  });

  it('fails a brand colour that is too light for white text and for links on the page', () => {
    const checks = checkBrandContrast({
      primaryColor: '#7fb2ff',
      secondaryColor: '#0b3d91',
      errorColor: '#b3261e',
    });
    expect(checks.find((check) => check.token === 'primaryColor')?.passes).toBe(false);
    expect(checks.find((check) => check.token === 'secondaryColor')?.passes).toBe(true);
  });

  it('mixes colours linearly', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe('contrastFailures', () => {
  it('lists only the colours below 4.5:1, each described with its ratios', () => {
    const failures = contrastFailures({
      primaryColor: '#ffcc00',
      secondaryColor: '#1b4f72',
      errorColor: '#b00020',
    });
    expect(failures.map((check) => check.token)).toEqual(['primaryColor']);
    const [yellow] = failures;
    if (!yellow) throw new Error('no failure');
    // Dark text on yellow reads well; yellow links on the white page do not, and neither does
    // the white logo on the yellow header (the text on it may be dark, the logo never is).
    expect(yellow.logoRatio).toBeLessThan(3);
    expect(describeContrastFailure(yellow)).toBe(
      `Primary colour #ffcc00: as text on the page it has ${yellow.ratioOnPage.toFixed(2)}:1 (WCAG AA needs 4.5:1); the white logo on it has ${(yellow.logoRatio ?? 0).toFixed(2)}:1 (a logo needs 3:1).`,
    );
    expect(yellow.ratioOnPage).toBeLessThan(2);
  });

  it('is empty for a look that passes', () => {
    expect(
      contrastFailures({
        primaryColor: '#1b4f72',
        secondaryColor: '#1b4f72',
        errorColor: '#b00020',
      }),
    ).toEqual([]);
  });
});

describe('built-in themes', () => {
  const themes = Object.values(BUILT_IN_THEMES);

  it('passes AA contrast for every brand colour of every built-in theme', () => {
    for (const theme of themes) {
      for (const check of checkBrandContrast(theme.tokens)) {
        expect(check.passes, `${theme.id} ${check.token}`).toBe(true);
      }
    }
  });

  it('look clearly different: every token differs between the two demos', () => {
    const [a, b] = themes;
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    for (const token of ['primaryColor', 'secondaryColor', 'fontFamily', 'borderRadius'] as const) {
      expect(a.tokens[token], token).not.toEqual(b.tokens[token]);
    }
  });
});

describe('createPortalTheme', () => {
  it('turns tokens into light and dark palettes, font and radius', () => {
    const theme = createPortalTheme(BUILT_IN_THEMES.harbor.tokens);
    expect(theme.shape.borderRadius).toBe(2);
    expect(theme.typography.fontFamily).toBe(BUILT_IN_THEMES.harbor.tokens.fontFamily);
    const light = theme.colorSchemes.light?.palette;
    const dark = theme.colorSchemes.dark?.palette;
    expect(light?.primary.main).toBe('#0b3d91');
    expect(light?.primary.contrastText).toBe('#ffffff');
    expect(dark?.primary.main).not.toBe('#0b3d91');
    expect(contrastRatio(dark?.primary.main ?? '#000000', '#1e1e1e')).toBeGreaterThanOrEqual(4.5);
  });

  it('starts in the dark scheme when the institution asks for it', () => {
    const theme = createPortalTheme({ ...BUILT_IN_THEMES.summit.tokens, colorScheme: 'dark' });
    expect(theme.defaultColorScheme).toBe('dark');
  });
});

describe('logoPaths', () => {
  it('reads the logos from the institution cdn folder', () => {
    expect(logoPaths('/cdn/harbor/')).toEqual({
      full: '/cdn/harbor/branding/logos/logoFullWhite.svg',
      icon: '/cdn/harbor/branding/logos/logoIconWhite.svg',
    });
  });

  it('reads the files the settings name', () => {
    expect(
      logoPaths('/cdn/harbor', {
        full: 'branding/logos/logoFull-0123456789ab.svg',
        icon: 'branding/logos/logoIcon-0123456789ab.svg',
      }),
    ).toEqual({
      full: '/cdn/harbor/branding/logos/logoFull-0123456789ab.svg',
      icon: '/cdn/harbor/branding/logos/logoIcon-0123456789ab.svg',
    });
  });
});

describe('typography', () => {
  it('sets amounts in tabular lining digits, in a sans beside a serif institution', () => {
    const harbor = createPortalTheme(BUILT_IN_THEMES.harbor.tokens);
    const summit = createPortalTheme(BUILT_IN_THEMES.summit.tokens);
    expect(harbor.typography.figure.fontVariantNumeric).toBe('lining-nums tabular-nums');
    expect(harbor.typography.figure.fontFamily).toMatch(/sans-serif$/);
    expect(harbor.typography.h4.fontFamily).toBe(BUILT_IN_THEMES.harbor.tokens.fontFamily);
    expect(summit.typography.figure.fontFamily).toBe(BUILT_IN_THEMES.summit.tokens.fontFamily);
  });

  it('steps the headings down from the page title to the card title', () => {
    const theme = createPortalTheme(BUILT_IN_THEMES.summit.tokens);
    const rem = (size: unknown) => Number(String(size).replace('rem', ''));
    expect(rem(theme.typography.h4.fontSize)).toBeGreaterThan(rem(theme.typography.h5.fontSize));
    expect(rem(theme.typography.h5.fontSize)).toBeGreaterThan(rem(theme.typography.h6.fontSize));
    expect(rem(theme.typography.h6.fontSize)).toBeGreaterThan(rem(theme.typography.body1.fontSize));
  });

  it('tells a serif stack from a sans one by its generic family', () => {
    expect(isSerifStack('Georgia, "Times New Roman", serif')).toBe(true);
    expect(isSerifStack('"Trebuchet MS", Roboto, sans-serif')).toBe(false);
  });
});

describe('hover shade', () => {
  it('keeps a contained button readable on hover in the dark scheme (dark text on a lightened brand colour)', () => {
    for (const tokens of [BUILT_IN_THEMES.harbor.tokens, BUILT_IN_THEMES.summit.tokens]) {
      const theme = createPortalTheme({ ...tokens, colorScheme: 'dark' });
      const primary = theme.colorSchemes.dark?.palette.primary;
      expect(
        contrastRatio(primary?.dark ?? '', primary?.contrastText ?? ''),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** The surface an overlay of the dark scheme makes of the paper ('linear-gradient(rgba(255 255 255 / 0.165), ...)'). */
function overlaid(paper: string, overlay: string | undefined): string {
  if (!overlay || overlay === 'none') return paper;
  const alpha = /rgba\(255 255 255 \/ ([\d.]+)\)/.exec(overlay)?.[1];
  if (alpha === undefined) throw new Error(`unread overlay ${overlay}`);
  return mixColors(paper, '#ffffff', Number(alpha));
}

describe('the dark scheme on raised surfaces', () => {
  it('keeps brand colours used as text (text buttons, links, error text) at AA on every surface up to a dialog', () => {
    for (const { id, tokens } of Object.values(BUILT_IN_THEMES)) {
      const theme = createPortalTheme({ ...tokens, colorScheme: 'dark' });
      const dark = theme.colorSchemes.dark;
      const overlays = dark?.overlays ?? [];
      const paper = dark?.palette.background.paper ?? '';
      // Every elevation MUI paints, 0 (the page's paper) to 24 (a dialog).
      expect(overlays).toHaveLength(25);
      for (const [elevation, overlay] of overlays.entries()) {
        const surface = overlaid(paper, overlay);
        for (const color of ['primary', 'secondary', 'error'] as const) {
          const main = dark?.palette[color].main ?? '';
          expect(
            contrastRatio(main, surface),
            `${id} ${color} ${main} on elevation ${elevation} (${surface})`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('keeps the white logo on the primary colour at 3:1 in the dark scheme too (the sign-in page)', () => {
    for (const { id, tokens } of Object.values(BUILT_IN_THEMES)) {
      const primary = createPortalTheme({ ...tokens, colorScheme: 'dark' }).colorSchemes.dark
        ?.palette.primary.main;
      expect(contrastRatio('#ffffff', primary ?? ''), id).toBeGreaterThanOrEqual(3);
    }
  });

  it("keeps a contained button's text readable on the lightened colours", () => {
    for (const { id, tokens } of Object.values(BUILT_IN_THEMES)) {
      const palette = createPortalTheme({ ...tokens, colorScheme: 'dark' }).colorSchemes.dark
        ?.palette;
      for (const color of ['primary', 'secondary', 'error'] as const) {
        const { main = '', contrastText = '' } = palette?.[color] ?? {};
        expect(contrastRatio(contrastText, main), `${id} ${color}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
