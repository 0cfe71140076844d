import { createSettingsAccessor, type GassySettings } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  agreementsNeededAtLogin,
  configuredAgreements,
  eStatementAgreementsNeeded,
  mayRunStep,
  parseSteps,
  formatSteps,
  pendingStepsFor,
  type StepFacts,
} from './post-login-steps';

function settingsOf(values: Record<string, Record<string, string>> = {}) {
  const settings: GassySettings = { shared: values, english: {} };
  return createSettingsAccessor(settings);
}
const SETUP = (date: string, whenToAgree = 'login') => ({
  agreementTexts: {
    agreementSetup: `https://harbor.example/terms.pdf|${date}|Online Banking Agreement|${whenToAgree}`,
  },
});
const NOTHING: StepFacts = {
  securityCode: false,
  passwordSignIn: true,
  emailVerified: true,
  mustChangePassword: false,
  hasPasswordQuestion: true,
  agreementsNeeded: 0,
};

describe('the post-login step queue (one rule for server and portal)', () => {
  it('orders every needed step as spec 000 section 4 does', () => {
    const settings = settingsOf({ postLoginOptions: { validateSsnAtCreationOption: 'true' } });
    expect(
      pendingStepsFor(settings, {
        securityCode: true,
        passwordSignIn: true,
        emailVerified: false,
        mustChangePassword: true,
        hasPasswordQuestion: false,
        agreementsNeeded: 1,
      }),
    ).toEqual([
      'securityCode',
      'validateSSN',
      'changePassword',
      'setupSecretQuestion',
      'agreements',
    ]);
  });

  it('asks the SSN only after a password sign-in with the e-mail unverified and the option on', () => {
    const on = settingsOf({ postLoginOptions: { validateSsnAtCreationOption: 'true' } });
    expect(pendingStepsFor(on, { ...NOTHING, emailVerified: false })).toEqual(['validateSSN']);
    expect(
      pendingStepsFor(on, { ...NOTHING, emailVerified: false, passwordSignIn: false }),
    ).toEqual([]);
    expect(pendingStepsFor(settingsOf(), { ...NOTHING, emailVerified: false })).toEqual([]);
  });

  it('skips the secret question when recovery works without one', () => {
    const facts = { ...NOTHING, hasPasswordQuestion: false };
    expect(pendingStepsFor(settingsOf(), facts)).toEqual(['setupSecretQuestion']);
    const without = settingsOf({
      recoveryOptions: { recoverCredentialsWithoutQuestionOption: 'true' },
    });
    expect(pendingStepsFor(without, facts)).toEqual([]);
  });

  it('lets a step run only when no earlier step is pending', () => {
    expect(mayRunStep(['securityCode', 'agreements'], 'agreements')).toBe(false);
    expect(mayRunStep(['agreements'], 'agreements')).toBe(true);
    expect(mayRunStep(['changePassword', 'agreements'], 'changePassword')).toBe(true);
    expect(parseSteps(formatSteps(['securityCode', 'agreements']))).toEqual([
      'securityCode',
      'agreements',
    ]);
  });
});

describe('the agreements asked at sign-in', () => {
  const agreements = configuredAgreements(settingsOf(SETUP('2026-06-01')));

  it('asks an agreement never accepted, and not one accepted on or after its date', () => {
    const context = { emailCommunicationRestricted: false, today: '2026-11-24' };
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: [] })).toHaveLength(1);
    const accepted = [{ hostNum: agreements[0]?.hostNum, acceptedOn: '2026-06-01' }];
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: accepted })).toEqual([]);
    const before = [{ hostNum: agreements[0]?.hostNum, acceptedOn: '2026-05-31' }];
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: before })).toHaveLength(
      1,
    );
  });

  it("does not ask an agreement dated after the institution's today", () => {
    expect(
      agreementsNeededAtLogin(agreements, {
        acceptances: [],
        emailCommunicationRestricted: false,
        today: '2026-05-31',
      }),
    ).toEqual([]);
  });

  it('matches older records without a host number by name or address', () => {
    const context = { emailCommunicationRestricted: false, today: '2026-11-24' };
    const byName = [{ name: ' online banking agreement ', acceptedOn: '2026-07-01' }];
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: byName })).toEqual([]);
    const byUrl = [{ url: 'https://harbor.example/terms.pdf', acceptedOn: '2026-07-01' }];
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: byUrl })).toEqual([]);
    const other = [{ hostNum: 1, name: 'Online Banking Agreement', acceptedOn: '2026-07-01' }];
    expect(agreementsNeededAtLogin(agreements, { ...context, acceptances: other })).toHaveLength(1);
  });

  it('asks e-communication re-agreements only while e-mail communication is restricted', () => {
    const reagree = configuredAgreements(settingsOf(SETUP('2026-06-01', 'ecommunicationreagree')));
    const base = { acceptances: [], today: '2026-11-24' };
    expect(
      agreementsNeededAtLogin(reagree, { ...base, emailCommunicationRestricted: false }),
    ).toEqual([]);
    expect(
      agreementsNeededAtLogin(reagree, { ...base, emailCommunicationRestricted: true }),
    ).toHaveLength(1);
  });

  it('counts a setup that does not parse as none and says so', () => {
    const heard: unknown[] = [];
    const broken = settingsOf({ agreementTexts: { agreementSetup: 'not|a|setup' } });
    expect(configuredAgreements(broken, (error) => heard.push(error))).toEqual([]);
    expect(heard).toHaveLength(1);
  });
});

describe('the e-statement agreements (spec 002 e-statement toggle)', () => {
  const setup = {
    agreementTexts: {
      agreementSetup: [
        'https://harbor.example/terms.pdf|2026-06-01|Online Banking Agreement|login',
        'https://harbor.example/esign.pdf|2026-09-01|E-Sign Disclosure|estatements-registration',
      ].join('\n'),
    },
  };
  const agreements = configuredAgreements(settingsOf(setup));
  const esign = agreements.find((agreement) => agreement.name === 'E-Sign Disclosure');

  it('asks only the agreements whose when-to-agree includes estatements', () => {
    const needed = eStatementAgreementsNeeded(agreements, { acceptances: [], today: '2026-11-24' });
    expect(needed.map((agreement) => agreement.name)).toEqual(['E-Sign Disclosure']);
  });

  it('stops asking once accepted on or after its date, and asks again when its date moves on', () => {
    const accepted = [{ hostNum: esign?.hostNum, acceptedOn: '2026-09-01' }];
    expect(
      eStatementAgreementsNeeded(agreements, { acceptances: accepted, today: '2026-11-24' }),
    ).toEqual([]);
    const earlier = [{ hostNum: esign?.hostNum, acceptedOn: '2026-08-31' }];
    expect(
      eStatementAgreementsNeeded(agreements, { acceptances: earlier, today: '2026-11-24' }),
    ).toHaveLength(1);
  });

  it("does not ask an agreement dated after the institution's today", () => {
    expect(
      eStatementAgreementsNeeded(agreements, { acceptances: [], today: '2026-08-31' }),
    ).toEqual([]);
  });
});
