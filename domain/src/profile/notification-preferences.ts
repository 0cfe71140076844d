/**
 * The profile's notification preferences (spec 002 section 3, "Notification preferences"): one
 * e-mail and one text choice per alert. The portal posts them with upper-case keys and
 * AlertsAreDirty, and reads them back with lower-case keys. The server keeps them and the
 * notifications ask `alertChosen` before sending.
 */

/** The alerts of both groups, in the order the profile lists them. */
export const PROFILE_ALERT_KEYS = [
  'userRestricted',
  'restrictedPasswordViolation',
  'userLogsOn',
  'moneyTransOnWeb',
  'logonNameChange',
  'passwordGenerated',
  'passwordChanged',
  'emailAddressChanged',
  'optOutMarketingAlerts',
  'optOutTransactionalAlerts',
] as const;
export type ProfileAlertKey = (typeof PROFILE_ALERT_KEYS)[number];

/** The e-mail group's own extra switch ("E-mail alerts"). */
export const EMAIL_ONLY_ALERT_KEYS = ['optInOutEmailAlerts'] as const;
export type EmailOnlyAlertKey = (typeof EMAIL_ONLY_ALERT_KEYS)[number];

export type TextAlertChoices = Record<ProfileAlertKey, boolean>;
export type EmailAlertChoices = Record<ProfileAlertKey | EmailOnlyAlertKey, boolean>;

/** The preferences as read back (lower-case keys, spec 002 section 3). */
export interface NotificationPreferences {
  sequenceNumber: number;
  turnOffAllAlerts: boolean;
  alertsAreDirty: boolean;
  emailAlerts: EmailAlertChoices;
  textAlerts: TextAlertChoices;
}

const NO_TEXT_ALERTS: TextAlertChoices = {
  userRestricted: false,
  restrictedPasswordViolation: false,
  userLogsOn: false,
  moneyTransOnWeb: false,
  logonNameChange: false,
  passwordGenerated: false,
  passwordChanged: false,
  emailAddressChanged: false,
  optOutMarketingAlerts: false,
  optOutTransactionalAlerts: false,
};

/**
 * What a borrower who never saved the form has chosen (the specs give no defaults): by e-mail the
 * security notices (restricted access, a changed login name, password or e-mail address) and
 * e-mail alerts as such; nothing by text, which needs a phone opted in first.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sequenceNumber: 0,
  turnOffAllAlerts: false,
  alertsAreDirty: false,
  emailAlerts: {
    userRestricted: true,
    restrictedPasswordViolation: true,
    userLogsOn: false,
    moneyTransOnWeb: false,
    logonNameChange: true,
    passwordGenerated: false,
    passwordChanged: true,
    emailAddressChanged: true,
    optOutMarketingAlerts: false,
    optOutTransactionalAlerts: false,
    optInOutEmailAlerts: true,
  },
  textAlerts: NO_TEXT_ALERTS,
};

/** 'userLogsOn' → 'UserLogsOn': the key as the portal posts it. */
export function upperCaseKey(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/**
 * The saved choices with the posted ones (upper-case keys) laid over them: a key left out (or
 * null) keeps its saved value, and a key of no alert of the group is ignored.
 */
export function mergePostedChoices<K extends string>(
  keys: readonly K[],
  saved: Readonly<Record<K, boolean>>,
  posted: Readonly<Partial<Record<string, boolean | null>>> | undefined,
): Record<K, boolean> {
  const merged: Record<K, boolean> = { ...saved };
  for (const key of keys) {
    const value = posted?.[upperCaseKey(key)];
    if (typeof value === 'boolean') merged[key] = value;
  }
  return merged;
}

/** Whether any text alert is on (they need a phone opted in to texting). */
export function anyTextAlertOn(preferences: Pick<NotificationPreferences, 'textAlerts'>): boolean {
  return PROFILE_ALERT_KEYS.some((key) => preferences.textAlerts[key]);
}

/** The text alerts all off (a phone's texting opt-in withdrawn clears them, spec 002 section 4). */
export function withoutTextAlerts(preferences: NotificationPreferences): NotificationPreferences {
  return { ...preferences, textAlerts: NO_TEXT_ALERTS };
}

/**
 * The profile's alerts about money and accounts (a payment made on the web, scheduled, posted or
 * failed; a recurring payment set up or cancelled), which "Opt out of transactional messages"
 * silences in its channel, with a loan's own alerts (loanAlertChosen). Decision: the security
 * notices (restricted access, a sign-in, a changed login name, password or e-mail address) are
 * not transactional messages and keep their own switches. The portal sends no marketing
 * messages of its own: "Opt out of marketing messages" is kept with the preferences for the
 * institution's marketing systems (a texting programme's marketing option is the text
 * subscription dialog's own checkbox).
 */
export const TRANSACTIONAL_ALERT_KEYS: readonly ProfileAlertKey[] = ['moneyTransOnWeb'];

/** Whether the borrower opted out of transactional messages in this channel. */
export function transactionalOptedOut(
  preferences: Pick<NotificationPreferences, 'emailAlerts' | 'textAlerts'>,
  channel: 'email' | 'text',
): boolean {
  return (channel === 'text' ? preferences.textAlerts : preferences.emailAlerts)
    .optOutTransactionalAlerts;
}

/**
 * Whether an alert goes out by this channel: chosen, all alerts not turned off, not a
 * transactional alert in a channel opted out of them, and for e-mail the e-mail alerts switch on.
 * Text also needs a phone opted in, which the caller knows.
 */
export function alertChosen(
  preferences: NotificationPreferences,
  channel: 'email' | 'text',
  alert: ProfileAlertKey,
): boolean {
  if (preferences.turnOffAllAlerts) return false;
  if (TRANSACTIONAL_ALERT_KEYS.includes(alert) && transactionalOptedOut(preferences, channel)) {
    return false;
  }
  if (channel === 'text') return preferences.textAlerts[alert];
  return preferences.emailAlerts.optInOutEmailAlerts && preferences.emailAlerts[alert];
}

/**
 * Whether Text toggles can be turned on, on the profile and on a loan's alerts (spec 002 sections
 * 5 and 6): the institution offers texting and one of the user's phones is opted in to it. The
 * server refuses a text alert otherwise; the screens disable the toggles by the same rule.
 */
export function textAlertsAvailable(
  textingOffered: boolean,
  phones: readonly { OptInToTexting: boolean }[] | null | undefined,
): boolean {
  return textingOffered && (phones ?? []).some((phone) => phone.OptInToTexting);
}
