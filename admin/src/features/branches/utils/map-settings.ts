import type { BranchMapSettings } from '@portal/web-kit';
import { definitionOf } from '../../../lib/settings/definitions';
import { validateSettingValue } from '../../../lib/settings/validation';

/** The map settings as the settings document holds them: text, one value per key. */
export interface MapSettingTexts {
  tileUrl: string;
  attribution: string;
  zoom: string;
  defaultLatitude: string;
  defaultLongitude: string;
}

/** The branch locator's map settings the preview reads (the ones the borrowers' map reads). */
export const MAP_SETTING_KEYS = {
  tileUrl: 'branchLocatorOptions.mapTileURLTemplate',
  attribution: 'branchLocatorOptions.mapAttribution',
  zoom: 'branchLocatorOptions.mapZoom',
  defaultLatitude: 'branchLocatorOptions.defaultLatitude',
  defaultLongitude: 'branchLocatorOptions.defaultLongitude',
} as const satisfies Record<keyof MapSettingTexts, string>;

/**
 * A number of the map's settings: the value given while it is one the settings accept (a zoom
 * of 1 to 19, a latitude of -90 to 90...), else the default the portal would use in its place
 * (a value half typed in the settings editor draws no broken map).
 */
function mapNumber(key: string, text: string): number {
  if (validateSettingValue(key, 'shared', text).length === 0) return Number(text);
  return Number(definitionOf(key)?.default);
}

/** The settings the branch map is drawn with, as the borrowers' map reads them. */
export function branchMapSettingsOf(texts: MapSettingTexts): BranchMapSettings {
  return {
    tileUrl: texts.tileUrl,
    attribution: texts.attribution,
    zoom: mapNumber(MAP_SETTING_KEYS.zoom, texts.zoom),
    defaultCentre: [
      mapNumber(MAP_SETTING_KEYS.defaultLatitude, texts.defaultLatitude),
      mapNumber(MAP_SETTING_KEYS.defaultLongitude, texts.defaultLongitude),
    ],
  };
}
