import { ProfileDataResponse, UpdateUserInfoResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstErrorOf, linkTokenFor, mailTo, publishShared } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import {
  DEMO_PASSWORD_FOR_TESTS as PASSWORD,
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';

const SUMMIT = 'summit.localhost';
const HARBOR = 'localhost';

interface Session extends SignedIn {
  host: string;
}

describe.each(testDatabases())('the profile user info on $name', (testDatabase) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function session(username: string, host = HARBOR): Promise<Session> {
    return { ...(await signIn(test.app, { username, host })), host };
  }

  async function profileOf(user: Session) {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/Profile',
      headers: { cookie: user.cookie, host: user.host },
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  async function userInfoOf(user: Session) {
    const { body } = await profileOf(user);
    const userInfo = ProfileDataResponse.parse(body).UserInfo;
    if (!userInfo) throw new Error('No UserInfo');
    return userInfo;
  }

  async function update(user: Session, UserInfo: object, extra: object = {}) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/Profile/UpdateUserInfo',
      headers: { ...PORTAL_WRITE_HEADERS, cookie: user.cookie, host: user.host },
      payload: { UserInfo, ...extra },
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  /** The codes of an answered update (200). */
  async function codesOf(user: Session, UserInfo: object) {
    const answer = await update(user, UserInfo);
    expect(answer.status).toBe(200);
    return UpdateUserInfoResponse.parse(answer.body).Errors.map((error) => error.ErrorMessage);
  }

  async function signInStatus(username: string, password: string, host = HARBOR) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      remoteAddress: nextClientAddress(),
      headers: { ...PORTAL_WRITE_HEADERS, host },
      payload: { username, password },
    });
    return { status: response.statusCode, code: firstErrorOf(response.json()) };
  }

  it('changes the login name by the institution rules, refusing a taken one', async () => {
    const jordan = await session('jordan.rivers');
    const pat = await session('pat.lee');
    expect(await codesOf(jordan, { LogonName: 'PAT.LEE' })).toEqual(['LogonNameExists']);
    // Harbor's login names have at least 6 characters (UserNameMinimumLength).
    expect(await codesOf(jordan, { LogonName: 'jorda' })).toEqual(['LogonTooShort']);
    expect(await codesOf(jordan, { LogonName: `j${'x'.repeat(128)}` })).toEqual([
      'LogonNameLength',
    ]);
    expect(await codesOf(jordan, { LogonName: 'jordan rivers' })).toEqual(['Invalid']);
    await publishShared(test, {
      passwordRuleOptions: {
        logonValidationRules: JSON.stringify([
          { ValidationRuleType: 3, ValidationRegex: null, RegexMatchMeansError: false },
        ]),
      },
    });
    try {
      expect(await codesOf(jordan, { LogonName: 'jordan.river' })).toEqual(['LogonMissingNumber']);
    } finally {
      await publishShared(test, { passwordRuleOptions: { logonValidationRules: '[]' } });
    }

    const renamed = await update(jordan, { LogonName: ' jordan.rivers2 ' });
    expect(UpdateUserInfoResponse.parse(renamed.body)).toMatchObject({
      HasNoErrors: true,
      UserInfo: { LogonName: 'jordan.rivers2' },
    });
    expect((await signInStatus('jordan.rivers2', PASSWORD)).status).toBe(200);
    expect((await signInStatus('jordan.rivers', PASSWORD)).code).toBe('Invalid');
    // Only the caller's name changed.
    expect((await userInfoOf(pat)).LogonName).toBe('pat.lee');
  });

  it('changes the e-mail address only once a link sent to the new one is opened', async () => {
    const pat = await session('pat.lee');
    const jordan = await session('jordan.rivers2');
    expect(await codesOf(pat, { EmailAddress: 'not-an-address' })).toEqual(['Invalid']);
    expect(await codesOf(pat, { EmailAddress: `${'p'.repeat(90)}@example.test` })).toEqual([
      'Invalid',
    ]);

    const asked = UpdateUserInfoResponse.parse(
      (await update(pat, { EmailAddress: 'pat.second@example.test' })).body,
    );
    expect(asked.UserInfo).toMatchObject({
      EmailAddress: 'pat.lee@example.test',
      PendingEmailAddress: 'pat.second@example.test',
    });
    const superseded = await linkTokenFor(test, 'pat.second@example.test', 'home/verifyEmail/');
    await update(pat, { EmailAddress: 'pat.new@example.test' });
    const [verify] = await mailTo(test, 'pat.new@example.test');
    expect(verify?.subject).toMatch(/confirm your new e-mail address/);
    const token = await linkTokenFor(test, 'pat.new@example.test', 'home/verifyEmail/');
    expect((await userInfoOf(pat)).EmailAddress).toBe('pat.lee@example.test');

    const validate = (EncryptedUserData: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/Login/ValidateEmail',
        headers: PORTAL_WRITE_HEADERS,
        payload: { EncryptedUserData },
      });
    // A newer change ended the first one's link.
    expect((await validate(superseded)).statusCode).toBe(403);
    expect((await validate(token)).statusCode).toBe(200);
    expect(await userInfoOf(pat)).toMatchObject({
      EmailAddress: 'pat.new@example.test',
      PendingEmailAddress: '',
      EmailIsVerified: true,
    });
    // Single use.
    expect((await validate(token)).statusCode).toBe(403);

    const notices = await mailTo(test, 'pat.lee@example.test');
    const notice = notices.at(-1);
    expect(notice?.subject).toMatch(/your e-mail address was changed/);
    expect(notice?.body).toContain('p***@example.test');
    expect(notice?.body).not.toContain('pat.new@');
    // Jordan's address is Jordan's.
    expect((await userInfoOf(jordan)).EmailAddress).toBe('jordan.rivers@example.test');
  });

  it('tells the old address of a confirmed change once, even with every alert turned off', async () => {
    const taylor = await session('taylor.reed');
    const { body } = await profileOf(taylor);
    const sequence = ProfileDataResponse.parse(body).UserAlertsInfo?.sequenceNumber ?? 0;
    const off = await test.app.inject({
      method: 'POST',
      url: '/api/Profile/UpdateNotifications',
      headers: { ...PORTAL_WRITE_HEADERS, cookie: taylor.cookie, host: taylor.host },
      payload: {
        SequenceNumber: sequence,
        AlertsAreDirty: true,
        TurnOffAllAlerts: true,
        EmailAlerts: { EmailAddressChanged: false },
      },
    });
    expect(off.json()).toMatchObject({ HasNoErrors: true });
    await update(taylor, { EmailAddress: 'taylor.new@example.test' });
    const token = await linkTokenFor(test, 'taylor.new@example.test', 'home/verifyEmail/');
    const validate = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/Login/ValidateEmail',
        headers: PORTAL_WRITE_HEADERS,
        payload: { EncryptedUserData: token },
      });
    expect((await validate()).statusCode).toBe(200);
    expect((await validate()).statusCode).toBe(403);
    const notices = (await mailTo(test, 'taylor.reed@example.test')).filter((mail) =>
      /your e-mail address was changed/.test(mail.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('t***@example.test');
  });

  it('refuses a new password without the current one, and with every password rule', async () => {
    const devon = await session('devon.hayes');
    const codes = (NewPassword: string, more: object = {}) =>
      codesOf(devon, {
        OldPassword: PASSWORD,
        NewPassword,
        ConfirmNewPassword: NewPassword,
        ...more,
      });
    expect(await codes('Brand-New-Pass-1', { OldPassword: '' })).toEqual([
      'InvalidCurrentPassword',
    ]);
    expect(await codes('Brand-New-Pass-1', { OldPassword: 'not-the-password' })).toEqual([
      'InvalidCurrentPassword',
    ]);
    expect(await codes('Brand-New-Pass-1', { ConfirmNewPassword: 'Brand-New-Pass-2' })).toEqual([
      'Invalid',
    ]);
    expect(await codes('Ab-1')).toEqual(['PasswordTooShort']);
    expect(await codes('only-letters-here')).toEqual(['PasswordNeedsLetterNumber']);
    expect(await codes('X-devon.hayes-1')).toEqual(['PasswordSameAsLogin']);
    expect(await codes('Ssn-900551313')).toEqual(['PasswordSameAsSSN']);
    expect(await codes(PASSWORD)).toEqual(['ChooseDifferentPassword']);

    await publishShared(test, {
      passwordRuleOptions: {
        passwordValidationRules: JSON.stringify(
          [0, 1, 2, 3, 4, 7, 8, 9].map((type) => ({
            ValidationRuleType: type,
            ValidationRegex: type === 8 ? '(.)\\1\\1' : null,
            RegexMatchMeansError: type === 8,
          })),
        ),
      },
    });
    try {
      expect(await codes('lower-case-1')).toEqual(['PasswordMissingCapitalLetter']);
      expect(await codes('UPPER-CASE-1')).toEqual(['PasswordMissingLowercaseLetter']);
      expect(await codes('Mixed-Case-No')).toEqual([
        'PasswordNeedsLetterNumber',
        'PasswordMissingNumber',
      ]);
      expect(await codes('MixedCase123')).toEqual(['PasswordMissingSpecialCharacter']);
      expect(await codes('Gooood-Pass-1')).toEqual([
        'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
      ]);
      expect(await codes('1234-5678')).toEqual(
        expect.arrayContaining(['PasswordMissingLetter', 'PasswordNeedsLetterNumber']),
      );
      expect(await codes('Devon.Hayes@Example.test')).toEqual(
        expect.arrayContaining(['PasswordMatchesEmail']),
      );
      expect(await codes('On.Hayes')).toEqual(
        expect.arrayContaining(['PasswordEqualsPortionOfLogon']),
      );
    } finally {
      await publishShared(test, { passwordRuleOptions: { passwordValidationRules: '[]' } });
    }
    expect((await signInStatus('devon.hayes', PASSWORD)).status).toBe(200);
  });

  it('changes the password with the current one, ends the other sessions, refuses a reused one', async () => {
    const devon = await session('devon.hayes');
    const elsewhere = await session('devon.hayes');
    const pat = await session('pat.lee');
    const changed = await update(devon, {
      OldPassword: PASSWORD,
      NewPassword: 'Harbor-Lights-42',
      ConfirmNewPassword: 'Harbor-Lights-42',
    });
    expect(UpdateUserInfoResponse.parse(changed.body).HasNoErrors).toBe(true);
    expect((await profileOf(devon)).status).toBe(200);
    expect((await profileOf(elsewhere)).status).toBe(401);
    expect((await signInStatus('devon.hayes', 'Harbor-Lights-42')).status).toBe(200);
    expect((await signInStatus('devon.hayes', PASSWORD)).code).toBe('Invalid');
    // The previous password is remembered.
    expect(
      await codesOf(devon, {
        OldPassword: 'Harbor-Lights-42',
        NewPassword: PASSWORD,
        ConfirmNewPassword: PASSWORD,
      }),
    ).toEqual(['ReusedPassword']);
    // Pat's password is Pat's, and Pat is still signed in.
    expect((await profileOf(pat)).status).toBe(200);
    expect((await signInStatus('pat.lee', PASSWORD)).status).toBe(200);
  });

  it('locks the user after wrong current passwords, ends the guessing session, and refuses the right one', async () => {
    const guesser = await session('sky.bennett');
    const owner = await session('sky.bennett');
    const pat = await session('pat.lee');
    const guesses: string[][] = [];
    for (let guess = 0; guess < 4; guess += 1) {
      guesses.push(
        await codesOf(guesser, {
          OldPassword: `wrong-${guess}`,
          NewPassword: 'Taken-Over-1',
          ConfirmNewPassword: 'Taken-Over-1',
        }),
      );
    }
    expect(guesses).toEqual(Array(4).fill(['InvalidCurrentPassword']));
    const fifth = await update(guesser, {
      OldPassword: 'wrong-5',
      NewPassword: 'Taken-Over-1',
      ConfirmNewPassword: 'Taken-Over-1',
    });
    expect(fifth.status).toBe(401);
    expect(UpdateUserInfoResponse.pick({ Errors: true }).parse(fifth.body).Errors).toEqual([
      { ErrorMessage: 'Unauthorized' },
      { ErrorMessage: 'LockedOnBadPassword' },
    ]);
    expect((await profileOf(guesser)).status).toBe(401);

    // Locked: the right current password changes neither the password nor the secret question.
    expect(
      await codesOf(owner, {
        OldPassword: PASSWORD,
        NewPassword: 'Owner-Choice-7',
        ConfirmNewPassword: 'Owner-Choice-7',
      }),
    ).toEqual(['LockedOnBadPassword']);
    expect(
      await codesOf(owner, {
        OldPassword: PASSWORD,
        SecretQuestion: 'What was the name of your first pet?',
        SecretAnswer: 'Rex',
      }),
    ).toEqual(['LockedOnBadPassword']);
    expect((await userInfoOf(owner)).SecretQuestion).toBe('What was the name of your first boat?');
    expect(await signInStatus('sky.bennett', PASSWORD)).toEqual({
      status: 403,
      code: 'LockedOnBadPassword',
    });
    // Another user is not locked.
    expect((await profileOf(pat)).status).toBe(200);
  });

  it('keeps counting wrong current passwords across a rename', async () => {
    const casey = await session('casey.morgan', SUMMIT);
    const wrong = (guess: number) =>
      update(casey, {
        OldPassword: `wrong-${guess}`,
        NewPassword: 'Taken-Over-1',
        ConfirmNewPassword: 'Taken-Over-1',
      });
    for (let guess = 0; guess < 4; guess += 1) expect((await wrong(guess)).status).toBe(200);
    expect(await codesOf(casey, { LogonName: 'casey.renamed' })).toEqual([]);
    expect((await wrong(5)).status).toBe(401);
  });

  it('changes the secret question with the current password and tells the user by e-mail', async () => {
    const jordan = await session('jordan.rivers', SUMMIT);
    const pat = await session('pat.lee', SUMMIT);
    const question = 'What was the name of your first pet?';
    expect(await codesOf(jordan, { SecretQuestion: question, SecretAnswer: 'Rex' })).toEqual([
      'InvalidCurrentPassword',
    ]);
    expect(
      await codesOf(jordan, { OldPassword: PASSWORD, SecretQuestion: question, SecretAnswer: '' }),
    ).toEqual(['Invalid']);
    expect(
      await codesOf(jordan, {
        OldPassword: PASSWORD,
        SecretQuestion: 'A question of my own?',
        SecretAnswer: 'Rex',
      }),
    ).toEqual(['Invalid']);
    expect(
      await codesOf(jordan, {
        OldPassword: PASSWORD,
        SecretQuestion: question,
        SecretAnswer: 'Rex <b>',
      }),
    ).toEqual(['Invalid']);

    const before = (await mailTo(test, 'jordan.rivers@example.test', SUMMIT)).length;
    expect(
      await codesOf(jordan, {
        OldPassword: PASSWORD,
        SecretQuestion: question,
        SecretAnswer: 'Rex',
      }),
    ).toEqual([]);
    expect((await userInfoOf(jordan)).SecretQuestion).toBe(question);
    const mail = await mailTo(test, 'jordan.rivers@example.test', SUMMIT);
    expect(mail).toHaveLength(before + 1);
    expect(mail.at(-1)?.subject).toMatch(/secret question was changed/);
    expect((await userInfoOf(pat)).SecretQuestion).toBe('What was the name of your first boat?');
  });

  it('turns biometric sign-in on and off for a device', async () => {
    const pat = await session('pat.lee', SUMMIT);
    const jordan = await session('jordan.rivers', SUMMIT);
    const tokenSignIn = (Token: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/login/tokenlogin',
        headers: { ...PORTAL_WRITE_HEADERS, host: SUMMIT },
        payload: { Token, DeviceID: 'pats-phone' },
      });
    const on = UpdateUserInfoResponse.parse(
      (await update(pat, {}, { MobileInfo: { BiometricsEnabled: true, DeviceId: 'pats-phone' } }))
        .body,
    );
    expect(on.HasNoErrors).toBe(true);
    expect(on.BiometricsToken).not.toBe('');
    expect(on.UserInfo?.BiometricsEnabled).toBe(true);
    expect((await userInfoOf(jordan)).BiometricsEnabled).toBe(false);
    expect((await tokenSignIn(on.BiometricsToken)).statusCode).toBe(200);

    const off = UpdateUserInfoResponse.parse(
      (await update(pat, {}, { MobileInfo: { BiometricsEnabled: false, DeviceId: 'pats-phone' } }))
        .body,
    );
    expect(off.UserInfo?.BiometricsEnabled).toBe(false);
    expect((await tokenSignIn(on.BiometricsToken)).statusCode).toBe(403);

    await withPublishedSettings(
      test.app,
      SUMMIT,
      { shared: { mobileAppOptions: { allowBiometricSignInOption: 'false' } } },
      async () => {
        const refused = await update(
          pat,
          {},
          { MobileInfo: { BiometricsEnabled: true, DeviceId: 'pats-phone' } },
        );
        expect(firstErrorOf(refused.body)).toBe('BiometricsNotUpdated');
      },
    );
  });

  it('refuses user info changes while the section is hidden', async () => {
    const pat = await session('pat.lee', SUMMIT);
    await withPublishedSettings(
      test.app,
      SUMMIT,
      { shared: { profileOptions: { hideUserInformationOption: 'true' } } },
      async () => {
        expect(await codesOf(pat, { LogonName: 'pat.lee.two' })).toEqual(['Error']);
      },
    );
    expect((await userInfoOf(pat)).LogonName).toBe('pat.lee');
  });
});
