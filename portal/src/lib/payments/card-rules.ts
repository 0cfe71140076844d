import type { AcceptedCardTypes } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * The card brands the institution accepts (`cardPaymentOptions.allowVisaOption`,
 * `.allowAmexOption`, `.allowMasterCardOption`, `.allowDiscoverOption`), read once for the
 * portal: the accepted-cards line of the payment page and the new-card form's brand check (the
 * domain's `cardNumberIssue`) read the same flags.
 */
export function acceptedCardTypesOf(settings: SettingsAccessor): AcceptedCardTypes {
  return {
    visa: settings.get('cardPaymentOptions.allowVisaOption'),
    amex: settings.get('cardPaymentOptions.allowAmexOption'),
    master: settings.get('cardPaymentOptions.allowMasterCardOption'),
    discover: settings.get('cardPaymentOptions.allowDiscoverOption'),
  };
}
