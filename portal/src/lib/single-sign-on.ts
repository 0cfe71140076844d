import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * Whether the institution signs its users in through single sign-on, which blocks registration,
 * recovery and e-mail verification (spec 000 sections 2.1 and 6). Every check reads this.
 */
export function isSingleSignOnInUse(settings: SettingsAccessor): boolean {
  return settings.get('ssoOptions.useSingleSignOnOption');
}
