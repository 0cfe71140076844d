import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * Whether the sign-in screen opens the announcement modal (spec 000 section 2.4): there is an
 * announcement, it is not hidden, and it is meant for where the portal runs. The mobile-only
 * option sends it to the app alone; without it the app does not show it.
 */
export function isAnnouncementWanted(settings: SettingsAccessor, mobileApp: boolean): boolean {
  if (settings.get('loginTexts.announcementRichText').trim() === '') return false;
  if (settings.get('loginOptions.hideAnnouncementOption')) return false;
  return settings.get('loginOptions.announcementMobileOnlyOption') === mobileApp;
}
