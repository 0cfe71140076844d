import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  LoginHistoryResponse,
  ProfileDataResponse,
  UpdateNotificationsResponse,
  UpdatePersonalInfoResponse,
} from '@portal/domain';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstErrorOf, institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';
import { findBorrowerByUsername } from '../borrowers/users.repository';

const HARBOR_ROAD = { Address1: '12 Harbor Road', City: 'Portland', State: 'me', ZipCode: '04101' };
const PHONE = { PhoneNumber: '207-555-0199', OptInToTexting: false, Primary: true };
const TEXTING_ON = { shared: { notificationOptions: { allowTextMessagesOption: 'true' } } };

describe.each(testDatabases())('the profile on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;
  let casey: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
    casey = await signIn(test.app, { username: 'casey.morgan' });
  });
  afterAll(async () => {
    await test?.close();
  });

  async function profileOf(user: SignedIn) {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/Profile',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return ProfileDataResponse.parse(response.json());
  }

  async function post(user: SignedIn | undefined, url: string, payload: object) {
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_WRITE_HEADERS, ...(user ? { cookie: user.cookie } : {}) },
      payload,
    });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  const personalInfo = async (user: SignedIn, payload: object) => {
    const answer = await post(user, '/api/Profile/UpdatePersonalInfo', payload);
    expect(answer.status).toBe(200);
    return UpdatePersonalInfoResponse.parse(answer.body);
  };
  const notifications = async (user: SignedIn, payload: object) => {
    const answer = await post(user, '/api/Profile/UpdateNotifications', payload);
    expect(answer.status).toBe(200);
    return UpdateNotificationsResponse.parse(answer.body);
  };

  async function uploadCustomerDocument(username: string, name: string) {
    const institutionId = await institutionIdOf(test);
    const borrower = await findBorrowerByUsername(test.database.db, institutionId, username);
    if (!borrower) throw new Error(`No ${username}`);
    const result = await test.app.services.documents.upload(
      { institutionId, customerId: borrower.customer_id },
      { kind: 'customer' },
      {
        name,
        contentType: 'application/pdf',
        content: Readable.from([new TextEncoder().encode('%PDF-1.4 test')]),
        fileTypeId: 1,
        receivedAt: test.clock.now(),
      },
    );
    if (!result.stored) throw new Error(`Upload refused: ${result.refusal}`);
  }

  it('answers the whole profile: user info, address and phone, alerts with text alerts, documents', async () => {
    await uploadCustomerDocument('jordan.rivers', 'drivers-license.pdf');
    await uploadCustomerDocument('pat.lee', 'pay-stub.pdf');
    const profile = await profileOf(jordan);
    expect(profile.UserInfo).toEqual({
      LogonName: 'jordan.rivers',
      EmailAddress: 'jordan.rivers@example.test',
      PendingEmailAddress: '',
      EmailIsVerified: true,
      PersonalName: 'Jordan Rivers',
      ServicingBranch: expect.any(String),
      CompanyNumber: 0,
      // The seeded sign-in three days before this session's.
      LastLoggedIn: '2025-03-11T15:00:00.000Z',
      LastLoggedInIP: '203.0.113.24',
      SecretQuestion: 'What was the name of your first boat?',
      BiometricsEnabled: false,
    });
    expect(profile.PersonalInfo).toEqual({
      Address: {
        Address1: '201 Commercial Street',
        City: 'Portland',
        State: 'ME',
        ZipCode: '04101',
      },
      PhoneNumbers: [{ PhoneNumber: '2075550134', OptInToTexting: false, Primary: true }],
    });
    expect(profile.UserAlertsInfo).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(Object.keys(profile.UserAlertsInfo?.textAlerts ?? {})).toContain('moneyTransOnWeb');
    // Harbor has file services: the customer's own documents, not another customer's.
    expect(profile.Documents?.map((document) => document.DisplayName)).toEqual(['drivers-license']);
    const patProfile = await profileOf(pat);
    expect(patProfile.UserInfo?.LogonName).toBe('pat.lee');
    expect(patProfile.PersonalInfo?.PhoneNumbers[0]?.PhoneNumber).toBe('2075550161');
    expect(patProfile.Documents?.map((document) => document.DisplayName)).toEqual(['pay-stub']);
  });

  it('leaves documents out without file services, and for a non-personal user', async () => {
    expect((await profileOf(casey)).Documents).toBeNull();
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { globalOptions: { useFileServicesOption: 'false' } } },
      async () => {
        expect((await profileOf(jordan)).Documents).toBeNull();
      },
    );
  });

  it('hides personal information of a non-personal user when the institution says so', async () => {
    expect((await profileOf(casey)).PersonalInfo?.PhoneNumbers).toHaveLength(1);
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { profileOptions: { hidePersonalInfoForNonPersonalUsersOption: 'true' } } },
      async () => {
        expect((await profileOf(casey)).PersonalInfo).toBeNull();
        expect((await profileOf(jordan)).PersonalInfo).not.toBeNull();
        const refused = await personalInfo(casey, { Address: null, PhoneNumbers: [PHONE] });
        expect(refused.Errors).toEqual([{ ErrorMessage: 'Error' }]);
      },
    );
  });

  it('answers Unauthorized in Errors[0] without a session, and once the session is gone', async () => {
    for (const [method, url] of [
      ['GET', '/api/Profile'],
      ['POST', '/api/Profile/UpdateUserInfo'],
      ['POST', '/api/Profile/UpdatePersonalInfo'],
      ['POST', '/api/Profile/UpdateNotifications'],
    ] as const) {
      const response = await test.app.inject({
        method,
        url,
        headers: PORTAL_WRITE_HEADERS,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(firstErrorOf(response.json())).toBe('Unauthorized');
    }
    const leaving = await signIn(test.app, { username: 'pat.lee' });
    await post(leaving, '/api/Login/Logout', {});
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/Profile',
      headers: { cookie: leaving.cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(firstErrorOf(after.json())).toBe('Unauthorized');
  });

  it('saves the address and the one phone, for the caller only', async () => {
    const saved = await personalInfo(jordan, { Address: HARBOR_ROAD, PhoneNumbers: [PHONE] });
    const expected = {
      Address: { ...HARBOR_ROAD, State: 'ME' },
      PhoneNumbers: [{ PhoneNumber: '2075550199', OptInToTexting: false, Primary: true }],
    };
    expect(saved).toMatchObject({ HasNoErrors: true, PersonalInfo: expected });
    expect((await profileOf(jordan)).PersonalInfo).toEqual(expected);
    // Address null keeps the saved one.
    const phoneOnly = await personalInfo(jordan, {
      Address: null,
      PhoneNumbers: [{ ...PHONE, PhoneNumber: '(207) 555-0100', Primary: false }],
    });
    expect(phoneOnly.PersonalInfo).toEqual({
      Address: expected.Address,
      PhoneNumbers: [{ PhoneNumber: '2075550100', OptInToTexting: false, Primary: false }],
    });
    // Pat's profile is Pat's.
    expect((await profileOf(pat)).PersonalInfo?.Address?.Address1).toBe('203 Commercial Street');
  });

  it.each([
    [{ ...HARBOR_ROAD, Address1: 'PO Box 12' }, 'ContainsPOBox'],
    [{ ...HARBOR_ROAD, Address1: 'P.O. Box 7, Harbor Road' }, 'ContainsPOBox'],
    [{ ...HARBOR_ROAD, City: 'Denver' }, 'ZipCityNoMatch'],
    [{ ...HARBOR_ROAD, ZipCode: '80203' }, 'ZipCityNoMatch'],
    [{ ...HARBOR_ROAD, Address1: `12 ${'x'.repeat(43)}` }, 'CorrectErrors'],
    [{ ...HARBOR_ROAD, City: 'P'.repeat(21) }, 'CorrectErrors'],
    [{ ...HARBOR_ROAD, State: 'XX' }, 'CorrectErrors'],
    [{ ...HARBOR_ROAD, ZipCode: '0410' }, 'CorrectErrors'],
    [{ ...HARBOR_ROAD, Address1: '' }, 'CorrectErrors'],
  ])('refuses the address %j with %s and keeps the saved one', async (Address, code) => {
    const before = (await profileOf(pat)).PersonalInfo;
    const answer = await personalInfo(pat, { Address, PhoneNumbers: [PHONE] });
    expect(answer.HasNoErrors).toBe(false);
    expect(answer.Errors.map((error) => error.ErrorMessage)).toContain(code);
    expect(answer.PersonalInfo).toEqual(before);
    expect((await profileOf(pat)).PersonalInfo).toEqual(before);
  });

  it('takes a 45-character street line, the limit', async () => {
    const Address1 = `12 ${'Harbor '.repeat(6)}`.slice(0, 45).trim().padEnd(45, 'x');
    expect(Address1).toHaveLength(45);
    const answer = await personalInfo(pat, {
      Address: { ...HARBOR_ROAD, Address1 },
      PhoneNumbers: [PHONE],
    });
    expect(answer.PersonalInfo?.Address?.Address1).toBe(Address1);
  });

  it.each([
    [[], 'CorrectErrors'],
    [[{ ...PHONE, PhoneNumber: '207-555-019' }], 'CorrectErrors'],
    [[{ ...PHONE, PhoneNumber: '' }], 'CorrectErrors'],
    [[PHONE, PHONE], 'CorrectErrors'],
    [[{ ...PHONE, OptInToTexting: true }], 'Invalid'],
  ])('refuses the phone numbers %j with %s', async (PhoneNumbers, code) => {
    const answer = await personalInfo(pat, { Address: null, PhoneNumbers });
    expect(answer.Errors.map((error) => error.ErrorMessage)).toEqual([code]);
  });

  it('refuses profile contact changes while they go through staff', async () => {
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { profileOptions: { forceManualCifChangesOption: 'true' } } },
      async () => {
        const answer = await personalInfo(pat, { Address: HARBOR_ROAD, PhoneNumbers: [PHONE] });
        expect(answer.Errors).toEqual([{ ErrorMessage: 'Error' }]);
      },
    );
  });

  it('saves notifications posted in upper case and reads them back in lower case', async () => {
    const saved = await notifications(pat, {
      SequenceNumber: 0,
      TurnOffAllAlerts: false,
      AlertsAreDirty: true,
      EmailAlerts: { UserLogsOn: true, PasswordChanged: false, OptInOutEmailAlerts: true },
    });
    expect(saved.HasNoErrors).toBe(true);
    expect(saved.UserAlertsInfo).toMatchObject({
      sequenceNumber: 1,
      alertsAreDirty: false,
      emailAlerts: { userLogsOn: true, passwordChanged: false, emailAddressChanged: true },
    });
    expect((await profileOf(pat)).UserAlertsInfo).toEqual(saved.UserAlertsInfo);
    // Jordan's are still the defaults.
    expect((await profileOf(jordan)).UserAlertsInfo).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    // AlertsAreDirty false saves nothing.
    const untouched = await notifications(pat, {
      SequenceNumber: 1,
      TurnOffAllAlerts: true,
      AlertsAreDirty: false,
    });
    expect(untouched.UserAlertsInfo).toEqual(saved.UserAlertsInfo);
  });

  it('refuses a save over a newer one with Error and the newer preferences', async () => {
    const current = (await profileOf(casey)).UserAlertsInfo;
    const first = await notifications(casey, {
      SequenceNumber: current?.sequenceNumber ?? 0,
      TurnOffAllAlerts: true,
      AlertsAreDirty: true,
    });
    expect(first.UserAlertsInfo?.turnOffAllAlerts).toBe(true);
    const stale = await notifications(casey, {
      SequenceNumber: current?.sequenceNumber ?? 0,
      TurnOffAllAlerts: false,
      AlertsAreDirty: true,
    });
    expect(stale.Errors).toEqual([{ ErrorMessage: 'Error' }]);
    expect(stale.UserAlertsInfo).toEqual(first.UserAlertsInfo);
    expect((await profileOf(casey)).UserAlertsInfo?.turnOffAllAlerts).toBe(true);
  });

  /** The text subscription call: account texts on, which opts the number in to texting. */
  async function subscribeToTexts(user: SignedIn, phoneNumber: string) {
    const answer = await post(user, '/api/SolutionsByText/ModifySubscriptions', {
      PhoneNumber: phoneNumber,
      Options: [{ BrandingId: 1, OptInAccount: true }],
    });
    expect(answer.body).toEqual({ HasNoErrors: true, Errors: [] });
  }
  const textAlert = { TextAlerts: { MoneyTransOnWeb: true }, TurnOffAllAlerts: false };
  const sequenceOf = async (user: SignedIn) =>
    (await profileOf(user)).UserAlertsInfo?.sequenceNumber ?? 0;

  it('turns text alerts on only for a phone opted in to texting, and off when it opts out', async () => {
    const sequence = () => sequenceOf(jordan);
    const noTexting = await notifications(jordan, {
      SequenceNumber: await sequence(),
      AlertsAreDirty: true,
      ...textAlert,
    });
    expect(noTexting.Errors).toEqual([{ ErrorMessage: 'Invalid' }]);

    await withPublishedSettings(test.app, 'localhost', TEXTING_ON, async () => {
      // Texting offered, but the phone is not opted in.
      const notOptedIn = await notifications(jordan, {
        SequenceNumber: await sequence(),
        AlertsAreDirty: true,
        ...textAlert,
      });
      expect(notOptedIn.Errors).toEqual([{ ErrorMessage: 'Invalid' }]);

      // The personal info save never opts a phone in (silently: no error, the answer says false).
      const notGranted = await personalInfo(jordan, {
        Address: null,
        PhoneNumbers: [{ ...PHONE, OptInToTexting: true }],
      });
      expect(notGranted.HasNoErrors).toBe(true);
      expect(notGranted.PersonalInfo?.PhoneNumbers[0]?.OptInToTexting).toBe(false);
      expect(
        (
          await notifications(jordan, {
            SequenceNumber: await sequence(),
            AlertsAreDirty: true,
            ...textAlert,
          })
        ).Errors,
      ).toEqual([{ ErrorMessage: 'Invalid' }]);

      // The text subscription call does.
      await subscribeToTexts(jordan, PHONE.PhoneNumber);
      expect((await profileOf(jordan)).PersonalInfo?.PhoneNumbers[0]?.OptInToTexting).toBe(true);
      const on = await notifications(jordan, {
        SequenceNumber: await sequence(),
        AlertsAreDirty: true,
        ...textAlert,
      });
      expect(on.UserAlertsInfo?.textAlerts.moneyTransOnWeb).toBe(true);

      // A reply of STOP withdraws the opt-in: the text alerts read as off, and the form saves
      // as it reads (it was refused as Invalid while they still read as on).
      await test.app.services.texting.onReply({
        institutionId: await institutionIdOf(test),
        from: PHONE.PhoneNumber.replaceAll('-', ''),
        body: 'STOP',
      });
      const stopped = (await profileOf(jordan)).UserAlertsInfo;
      expect(stopped?.textAlerts.moneyTransOnWeb).toBe(false);
      const afterStop = await notifications(jordan, {
        SequenceNumber: await sequence(),
        AlertsAreDirty: true,
        TurnOffAllAlerts: false,
        EmailAlerts: { PasswordChanged: true },
        TextAlerts: { MoneyTransOnWeb: stopped?.textAlerts.moneyTransOnWeb ?? true },
      });
      expect(afterStop.Errors).toEqual([]);
      await subscribeToTexts(jordan, PHONE.PhoneNumber);

      const optedOut = await personalInfo(jordan, { Address: null, PhoneNumbers: [PHONE] });
      expect(optedOut.PersonalInfo?.PhoneNumbers[0]?.OptInToTexting).toBe(false);
      expect((await profileOf(jordan)).UserAlertsInfo?.textAlerts.moneyTransOnWeb).toBe(false);
    });
  });

  it("saves a new number not opted in and turns its text alerts off, leaving another user's opt-in alone", async () => {
    const institutionId = await institutionIdOf(test);
    const textsGoTo = async (username: string) => {
      const borrower = await findBorrowerByUsername(test.database.db, institutionId, username);
      if (!borrower) throw new Error(`No ${username}`);
      return test.app.services.texting.accountTextNumber(institutionId, borrower.id);
    };
    await withPublishedSettings(test.app, 'localhost', TEXTING_ON, async () => {
      await personalInfo(jordan, { Address: null, PhoneNumbers: [PHONE] });
      await personalInfo(pat, {
        Address: null,
        PhoneNumbers: [{ PhoneNumber: '207-555-0161', OptInToTexting: false, Primary: true }],
      });
      await subscribeToTexts(jordan, PHONE.PhoneNumber);
      await subscribeToTexts(pat, '207-555-0161');
      const on = await notifications(jordan, {
        SequenceNumber: await sequenceOf(jordan),
        AlertsAreDirty: true,
        ...textAlert,
      });
      expect(on.UserAlertsInfo?.textAlerts.moneyTransOnWeb).toBe(true);
      expect(await textsGoTo('jordan.rivers')).toBe('+12075550199');

      // A new number, sent with the opt-in on: saved, but not opted in, and the text alerts off.
      const moved = await personalInfo(jordan, {
        Address: null,
        PhoneNumbers: [{ ...PHONE, PhoneNumber: '207-555-0198', OptInToTexting: true }],
      });
      expect(moved.HasNoErrors).toBe(true);
      expect(moved.PersonalInfo?.PhoneNumbers).toEqual([
        { PhoneNumber: '2075550198', OptInToTexting: false, Primary: true },
      ]);
      expect((await profileOf(jordan)).UserAlertsInfo?.textAlerts.moneyTransOnWeb).toBe(false);
      expect(await textsGoTo('jordan.rivers')).toBeNull();

      // Pat's number and opt-in are Pat's: untouched by Jordan's saves.
      expect((await profileOf(pat)).PersonalInfo?.PhoneNumbers).toEqual([
        { PhoneNumber: '2075550161', OptInToTexting: true, Primary: true },
      ]);
      expect(await textsGoTo('pat.lee')).toBe('+12075550161');
      // Nor can Jordan take Pat's opted-in number over by typing it.
      const taken = await personalInfo(jordan, {
        Address: null,
        PhoneNumbers: [{ ...PHONE, PhoneNumber: '207-555-0161', OptInToTexting: true }],
      });
      expect(taken.PersonalInfo?.PhoneNumbers[0]?.OptInToTexting).toBe(false);
      expect(await textsGoTo('jordan.rivers')).toBeNull();

      await personalInfo(jordan, { Address: null, PhoneNumbers: [PHONE] });
      await personalInfo(pat, { Address: null, PhoneNumbers: [PHONE] });
    });
  });

  it('lists the login history by EntryKey, newest recorded first, whatever the clock said', async () => {
    const now = test.clock.now();
    // A sign-in recorded later with an earlier time (a server whose clock was set back).
    test.clock.set(new Date(now.getTime() - 2 * 3_600_000));
    try {
      await signIn(test.app, { username: 'casey.morgan' });
    } finally {
      test.clock.set(now);
    }
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/Profile/LoginHistory',
      headers: { cookie: casey.cookie },
    });
    const { List } = LoginHistoryResponse.parse(response.json());
    const keys = List.map((entry) => Number(entry.EntryKey));
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    expect(List[0]?.LoginDate).toBe(new Date(now.getTime() - 2 * 3_600_000).toISOString());
  });

  it('documents the profile calls in the OpenAPI document', async () => {
    const response = await test.app.inject({ url: '/api/openapi.json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    };
    const bodyOf = (path: string) =>
      JSON.stringify(document.paths[path]?.post?.requestBody ?? null);
    expect(document.paths['/api/Profile']?.get?.tags).toEqual(['Profile']);
    expect(bodyOf('/api/Profile/UpdateUserInfo')).toContain('OldPassword');
    expect(bodyOf('/api/Profile/UpdatePersonalInfo')).toContain('OptInToTexting');
    expect(bodyOf('/api/Profile/UpdateNotifications')).toContain('AlertsAreDirty');
  });
});
