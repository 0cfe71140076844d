import type { NotificationPreferences } from '@portal/domain';
import { createEmailChangeConfirmation } from './email-changes';
import { createNotificationsUpdate } from './notifications';
import { createPersonalInfoUpdate } from './personal-info';
import { createProfileReader } from './profile-data';
import type { ProfileDeps } from './profile-types';
import { createUserInfoUpdate } from './user-info';

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
