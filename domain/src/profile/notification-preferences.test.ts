import { describe, expect, it } from 'vitest';
import {
  alertChosen,
  anyTextAlertOn,
  DEFAULT_NOTIFICATION_PREFERENCES,
  mergePostedChoices,
  PROFILE_ALERT_KEYS,
  textAlertsAvailable,
  withoutTextAlerts,
} from './notification-preferences';

describe('notification preferences', () => {
  it('lays the posted upper-case choices over the saved ones, keys left out unchanged', () => {
    const saved = DEFAULT_NOTIFICATION_PREFERENCES.textAlerts;
    const merged = mergePostedChoices(PROFILE_ALERT_KEYS, saved, {
      UserLogsOn: true,
      PasswordChanged: true,
      userRestricted: true,
      OptInOutEmailAlerts: true,
    });
    expect(merged.userLogsOn).toBe(true);
    expect(merged.passwordChanged).toBe(true);
    // A lower-case key is not the portal's, and the e-mail-only switch is no text alert.
    expect(merged.userRestricted).toBe(false);
    expect('optInOutEmailAlerts' in merged).toBe(false);
    expect(merged.moneyTransOnWeb).toBe(false);
  });

  it('sends an alert only when chosen, not all turned off, and e-mail alerts on', () => {
    const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(alertChosen(prefs, 'email', 'passwordChanged')).toBe(true);
    expect(alertChosen(prefs, 'email', 'userLogsOn')).toBe(false);
    expect(alertChosen(prefs, 'text', 'passwordChanged')).toBe(false);
    expect(alertChosen({ ...prefs, turnOffAllAlerts: true }, 'email', 'passwordChanged')).toBe(
      false,
    );
    const noEmail = { ...prefs, emailAlerts: { ...prefs.emailAlerts, optInOutEmailAlerts: false } };
    expect(alertChosen(noEmail, 'email', 'passwordChanged')).toBe(false);
  });

  it('silences the payment alerts in a channel opted out of transactional messages, not security notices', () => {
    const prefs = DEFAULT_NOTIFICATION_PREFERENCES;
    const chosen = {
      ...prefs,
      emailAlerts: { ...prefs.emailAlerts, moneyTransOnWeb: true, passwordChanged: true },
      textAlerts: { ...prefs.textAlerts, moneyTransOnWeb: true },
    };
    expect(alertChosen(chosen, 'email', 'moneyTransOnWeb')).toBe(true);
    const optedOut = {
      ...chosen,
      emailAlerts: { ...chosen.emailAlerts, optOutTransactionalAlerts: true },
    };
    expect(alertChosen(optedOut, 'email', 'moneyTransOnWeb')).toBe(false);
    expect(alertChosen(optedOut, 'email', 'passwordChanged')).toBe(true);
    expect(alertChosen(optedOut, 'text', 'moneyTransOnWeb')).toBe(true);
    // Opting out of marketing messages silences no alert.
    const noMarketing = {
      ...chosen,
      emailAlerts: { ...chosen.emailAlerts, optOutMarketingAlerts: true },
    };
    expect(alertChosen(noMarketing, 'email', 'moneyTransOnWeb')).toBe(true);
  });

  it('turns every text alert off when texting is withdrawn', () => {
    const texting = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      textAlerts: { ...DEFAULT_NOTIFICATION_PREFERENCES.textAlerts, moneyTransOnWeb: true },
    };
    expect(anyTextAlertOn(texting)).toBe(true);
    expect(anyTextAlertOn(withoutTextAlerts(texting))).toBe(false);
    expect(withoutTextAlerts(texting).emailAlerts).toEqual(texting.emailAlerts);
  });
});

describe('textAlertsAvailable', () => {
  it('needs texting offered and a phone opted in to it', () => {
    const optedIn = [{ OptInToTexting: false }, { OptInToTexting: true }];
    expect(textAlertsAvailable(true, optedIn)).toBe(true);
    expect(textAlertsAvailable(false, optedIn)).toBe(false);
    expect(textAlertsAvailable(true, [{ OptInToTexting: false }])).toBe(false);
    expect(textAlertsAvailable(true, [])).toBe(false);
    // Personal information hidden: no phone is known to be opted in.
    expect(textAlertsAvailable(true, null)).toBe(false);
  });
});
