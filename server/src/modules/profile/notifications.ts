import {
  EMAIL_ONLY_ALERT_KEYS,
  mergePostedChoices,
  PROFILE_ALERT_KEYS,
  withoutTextAlerts,
  type NotificationPreferences,
  type UpdateNotificationsRequest,
} from '@portal/domain';
import { storedPreferencesOf, type ProfileReader } from './profile-data';
import { saveNotificationPreferences } from './profile.repository';
import {
  refused,
  type ProfileCaller,
  type ProfileDeps,
  type ProfileOutcome,
} from './profile-types';

const EMAIL_KEYS = [...PROFILE_ALERT_KEYS, ...EMAIL_ONLY_ALERT_KEYS];

/**
 * `POST /api/Profile/UpdateNotifications` (spec 002 sections 3 and 7): the form with upper-case
 * keys and AlertsAreDirty; the answer reads them back in lower case. A save names the
 * SequenceNumber it read, and one over a newer save is refused (Error, with the newer
 * preferences), so two tabs never undo each other silently. Text alerts need texting on and a
 * phone opted in to it; without them they stay off.
 */
export function createNotificationsUpdate(deps: ProfileDeps, reader: ProfileReader) {
  const { db, clock } = deps;

  return async function updateNotifications(
    caller: ProfileCaller,
    request: UpdateNotificationsRequest,
  ): Promise<ProfileOutcome<NotificationPreferences>> {
    const [settings, borrower, saved] = await Promise.all([
      deps.institutions.settings(caller.institutionId),
      reader.borrowerOf(caller),
      reader.preferences(caller.userId),
    ]);
    if (!borrower) return { ok: false, codes: ['Unauthorized'], value: null, signedOut: true };
    if (!request.AlertsAreDirty) return { ok: true, value: saved };
    if (request.SequenceNumber !== saved.sequenceNumber) return refused(['Error'], saved);

    const textable =
      settings.get('notificationOptions.allowTextMessagesOption') && borrower.phone_opt_in_texting;
    const postedText = request.TextAlerts ?? {};
    if (!textable && Object.values(postedText).some((value) => value === true)) {
      return refused(['Invalid'], saved);
    }
    const merged: NotificationPreferences = {
      ...saved,
      turnOffAllAlerts: request.TurnOffAllAlerts,
      emailAlerts: mergePostedChoices(EMAIL_KEYS, saved.emailAlerts, request.EmailAlerts ?? {}),
      textAlerts: mergePostedChoices(PROFILE_ALERT_KEYS, saved.textAlerts, postedText),
    };
    const kept = storedPreferencesOf(textable ? merged : withoutTextAlerts(merged));
    const sequenceNumber = await saveNotificationPreferences(db, {
      institutionId: caller.institutionId,
      userId: caller.userId,
      preferences: kept,
      expected: saved.sequenceNumber,
      at: clock.now(),
    });
    if (sequenceNumber === undefined) {
      return refused(['Error'], await reader.preferences(caller.userId));
    }
    return { ok: true, value: { ...kept, sequenceNumber, alertsAreDirty: false } };
  };
}
