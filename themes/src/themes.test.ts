import { describe, expect, it } from 'vitest';
import { contrastRatio, mixColors, parseHexColor, readableTextOn } from './color';
import { checkBrandContrast, contrastFailures, describeContrastFailure } from './contrast';
import { createPortalTheme } from './theme';
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
    // Dark text on yellow reads well; yellow links on the white page do not.
    expect(describeContrastFailure(yellow)).toBe(
      `Primary colour #ffcc00: as text on the page it has ${yellow.ratioOnPage.toFixed(2)}:1 (WCAG AA needs 4.5:1).`,
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
});
