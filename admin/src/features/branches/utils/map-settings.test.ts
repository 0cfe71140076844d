import { describe, expect, it } from 'vitest';
import { branchMapSettingsOf } from './map-settings';

const TEXTS = {
  tileUrl: '',
  attribution: '© OpenStreetMap contributors',
  zoom: '10',
  defaultLatitude: '39.8283',
  defaultLongitude: '-98.5795',
};

describe('the map settings of the branch preview', () => {
  it('reads the zoom and the default centre as numbers', () => {
    expect(
      branchMapSettingsOf({
        ...TEXTS,
        zoom: '7',
        defaultLatitude: '44.5',
        defaultLongitude: '-69.2',
      }),
    ).toEqual({
      tileUrl: '',
      attribution: '© OpenStreetMap contributors',
      zoom: 7,
      defaultCentre: [44.5, -69.2],
    });
  });

  it('uses the default in place of a value the settings would refuse', () => {
    const settings = branchMapSettingsOf({
      ...TEXTS,
      zoom: '25',
      defaultLatitude: 'north',
      defaultLongitude: '',
    });
    expect(settings.zoom).toBe(10);
    expect(settings.defaultCentre).toEqual([39.8283, -98.5795]);
    expect(branchMapSettingsOf({ ...TEXTS, zoom: '2.5' }).zoom).toBe(10);
  });
});
