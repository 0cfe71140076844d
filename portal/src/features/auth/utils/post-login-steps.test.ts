import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { loginResponseBody, wireSettings, type SettingValues } from '../../../testing/fixtures';
import { postLoginSteps } from './post-login-steps';

const TODAY = new Date(2024, 5, 15, 12);
const settingsOf = (values: SettingValues = {}) => createSettingsAccessor(wireSettings(values));
const agreement = (date: string, whenToAgree = 'login') =>
  `https://harbor.example/terms.pdf|${date}|Online Banking Agreement|${whenToAgree}`;
const acceptedOn = (date: string) => ({
  DateOfTerms: '2024-01-01',
  DateOfAgreement: date,
  Name: 'Online Banking Agreement',
  Url: 'https://harbor.example/terms.pdf',
  HostNum: 11337,
});

describe('post-login step queue', () => {
  it('orders every needed step as section 4 does', () => {
    const steps = postLoginSteps(
      loginResponseBody({
        MFARequired: true,
        EmailIsVerified: false,
        MustChangePassword: true,
        HasPasswordQuestion: false,
      }),
      settingsOf({
        'postLoginOptions.validateSsnAtCreationOption': 'true',
        'agreementTexts.agreementSetup': agreement('2024-01-01'),
      }),
      TODAY,
    );
    expect(steps).toEqual([
      'securityCode',
      'validateSSN',
      'changePassword',
      'setupSecretQuestion',
      'agreements',
    ]);
  });

  it('asks for the SSN only with the option on, the e-mail unverified and a password given', () => {
    const on = settingsOf({ 'postLoginOptions.validateSsnAtCreationOption': 'true' });
    const unverified = loginResponseBody({ EmailIsVerified: false });
    expect(postLoginSteps(unverified, on, TODAY)).toEqual(['validateSSN']);
    expect(postLoginSteps(unverified, settingsOf(), TODAY)).toEqual([]);
    expect(postLoginSteps(loginResponseBody(), on, TODAY)).toEqual([]);
    expect(
      postLoginSteps(loginResponseBody({ EmailIsVerified: false, Password: false }), on, TODAY),
    ).toEqual([]);
  });

  it('skips the secret question when recovery works without one', () => {
    const response = loginResponseBody({ HasPasswordQuestion: false });
    expect(postLoginSteps(response, settingsOf(), TODAY)).toEqual(['setupSecretQuestion']);
    const without = settingsOf({
      'recoveryOptions.recoverCredentialsWithoutQuestionOption': 'true',
    });
    expect(postLoginSteps(response, without, TODAY)).toEqual([]);
  });

  it('also asks a step the server still holds the session for', () => {
    const response = loginResponseBody({ PendingSteps: ['changePassword'] });
    expect(postLoginSteps(response, settingsOf(), TODAY)).toEqual(['changePassword']);
  });
});

describe('agreements needed at login', () => {
  const steps = (
    date: string,
    logs: ReturnType<typeof acceptedOn>[],
    whenToAgree?: string,
    restricted = false,
  ) =>
    postLoginSteps(
      loginResponseBody({ WebAgreementLogs: logs, IsEmailCommunicationRestriced: restricted }),
      settingsOf({ 'agreementTexts.agreementSetup': agreement(date, whenToAgree) }),
      TODAY,
    );

  it('needs an agreement whose date has come and that was not accepted since', () => {
    expect(steps('2024-06-15', [])).toEqual(['agreements']);
    expect(steps('2024-03-01', [acceptedOn('2024-02-28T23:00:00Z')])).toEqual(['agreements']);
  });

  it('does not need an agreement dated in the future or accepted on or after its date', () => {
    expect(steps('2024-06-16', [])).toEqual([]);
    expect(steps('2024-03-01', [acceptedOn('2024-03-01T08:00:00Z')])).toEqual([]);
    expect(steps('2024-03-01', [acceptedOn('2024-05-01')])).toEqual([]);
  });

  it('asks e-communication agreements only while e-mail communication is restricted', () => {
    expect(steps('2024-01-01', [], 'ecommunicationreagree')).toEqual([]);
    expect(steps('2024-01-01', [], 'ecommunicationreagree', true)).toEqual(['agreements']);
    expect(steps('2024-01-01', [], 'registration-ach')).toEqual([]);
  });

  it("counts today in the institution's time zone, as the server does, not the device's", () => {
    // 03:30 UTC on June 16 is still June 15 in New York (the default institution zone).
    const response = loginResponseBody({ WebAgreementLogs: [] });
    const settings = settingsOf({ 'agreementTexts.agreementSetup': agreement('2024-06-16') });
    expect(postLoginSteps(response, settings, new Date('2024-06-16T03:30:00Z'))).toEqual([]);
    expect(postLoginSteps(response, settings, new Date('2024-06-16T04:30:00Z'))).toEqual([
      'agreements',
    ]);
  });
});
