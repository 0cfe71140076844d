import type { NotificationPreferences } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createEmailChangeConfirmation } from './email-changes';
import { createNotificationsUpdate } from './notifications';
import { createPersonalInfoUpdate } from './personal-info';
import { createProfileReader } from './profile-data';
import { deleteExpiredEmailChanges } from './profile.repository';
import type { ProfileDeps } from './profile-types';
import { createUserInfoUpdate } from './user-info';

/**
 * Deletes the e-mail changes whose link expired by `before`, whether opened, superseded or never
 * used (for the housekeeping job, which keeps them a day past expiry as it keeps the other
 * links); returns how many. An expired link is refused and its address no longer shows as
 * pending either way, so nothing reads a deleted row.
 */
export function purgeExpiredEmailChanges(db: Kysely<Database>, before: Date): Promise<number> {
  return deleteExpiredEmailChanges(db, before);
}

/**
 * The profile area (spec 002 "Profile page"): the profile data bundle, its three updates, the
 * link that confirms a new e-mail address, and the notification preferences the notifications
 * ask before they send.
 */
export function createProfileService(deps: ProfileDeps) {
  const reader = createProfileReader(deps);
  return {
    profile: reader.profile,
    updateUserInfo: createUserInfoUpdate(deps, reader),
    updatePersonalInfo: createPersonalInfoUpdate(deps, reader),
    updateNotifications: createNotificationsUpdate(deps, reader),
    /** The e-mail change link; false when it is unknown, used, superseded or expired. */
    confirmEmailChange: createEmailChangeConfirmation(deps),
    /** The user's notification preferences (the defaults until they save the form). */
    notificationPreferences: (userId: string): Promise<NotificationPreferences> =>
      reader.preferences(userId),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
