import type { PaymentErrorDisplay } from '@portal/domain';
import type { SettingKey, SettingsAccessor, SettingTypes } from '@portal/settings-schema';

/** The keys whose value is a text. */
export type TextKey = {
  [K in SettingKey]: SettingTypes[K] extends string ? K : never;
}[SettingKey];

/** A catalogue's text key read as text (each catalogue key names a text setting). */
export function textOf(settings: SettingsAccessor, key: SettingKey): string {
  const value = settings.get(key);
  return typeof value === 'string' ? value : '';
}

/**
 * The words of an error display (spec 001 section 8): a catalogued key's settings text, the
 * host's own message, or the processing error after 'Generic -'. A log-out display has no words
 * of its own: the API client already ended the session.
 */
export function methodErrorText(settings: SettingsAccessor, display: PaymentErrorDisplay): string {
  switch (display.kind) {
    case 'none':
    case 'logOut':
      return '';
    case 'hostError':
    case 'processingError':
      return display.message;
    case 'catalogued':
      return textOf(settings, display.textKey);
  }
}
