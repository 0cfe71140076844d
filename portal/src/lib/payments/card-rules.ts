import { cardAcceptanceOf, type AcceptedCardTypes } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';

/**
 * The card brands the institution accepts, for the accepted-cards line of the payment page. The
 * settings are read by the domain's `cardAcceptanceOf`, the same reader the new-card form and the
 * server's `cardUse` decisions use.
 */
export function acceptedCardTypesOf(settings: SettingsAccessor): AcceptedCardTypes {
  return cardAcceptanceOf(settings).acceptedCardTypes;
}
