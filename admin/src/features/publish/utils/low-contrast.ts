import type { ConfigurationDocument } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { brandTokensFromSettings, contrastFailures, describeContrastFailure } from '@portal/themes';

/**
 * The brand colours of a draft that fail WCAG AA, in words (themes' contrast check, the one the
 * server applies before it publishes). Empty while a colour is not a valid colour yet: the
 * draft's own problems say so.
 */
export function lowContrastOf(document: ConfigurationDocument): string[] {
  try {
    const settings = createSettingsAccessor({
      shared: document.shared ?? {},
      english: document.english ?? {},
    });
    return contrastFailures(brandTokensFromSettings(settings)).map(describeContrastFailure);
  } catch {
    return [];
  }
}
