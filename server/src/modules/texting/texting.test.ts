import { parseModifyErrorMessage, ProfileDataResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange, withPublishedSettings } from '../../testing/settings';
import {
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';

const HOST = 'localhost';
/** jordan.rivers' phone on file (demo-users.ts) and pat.lee's. */
const JORDAN_PHONE = '207-555-0134';
const PAT_PHONE = '2075550161';
/** devon.hayes' and sky.bennett's phones on file (demo-users.ts), used by no other test here. */
const DEVON_PHONE = '207-555-0152';
const SKY_PHONE = '207-555-0177';
const TEXTING_AGREEMENT_HOST_NUM = 11339;
const AGREEMENTS = [
  '/cdn/harbor/agreements/online-banking-agreement.html|2025-01-02|Online Banking Agreement|login-registration',
  '/cdn/harbor/agreements/esign-disclosure.html|2025-01-02|E-Sign Disclosure|estatements',
  '/cdn/harbor/agreements/texting-terms.html|2025-01-02|Texting Terms|texting',
].join('\n');

describe.each(testDatabases())('text subscriptions on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  const post = (who: SignedIn, url: string, payload: object) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { ...PORTAL_WRITE_HEADERS, host: HOST, cookie: who.cookie },
      payload,
    });
  const info = (who: SignedIn, phone: string) =>
    post(who, '/api/SolutionsByText/GetSubscriptionInfo', { PhoneNumber: phone });
  const modify = (who: SignedIn, phone: string, options: object[]) =>
    post(who, '/api/SolutionsByText/ModifySubscriptions', { PhoneNumber: phone, Options: options });
  const agreeToTexting = (who: SignedIn, username: string) =>
    post(who, '/api/AgreementLogging', {
      Agreements: [TEXTING_AGREEMENT_HOST_NUM],
      UserName: username,
    });

  beforeAll(async () => {
    test = await startTestApp(testDatabase, { demoMode: true });
    await publishSettingsChange(test.app, HOST, {
      shared: { notificationOptions: { allowTextMessagesOption: 'true' } },
      english: { agreementTexts: { agreementSetup: AGREEMENTS } },
    });
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('refuses the subscription info until the texting agreement is accepted, then lists every programme off', async () => {
    const before = await info(jordan, JORDAN_PHONE);
    expect(before.json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'userDisagree' }],
      SubscriptionInfo: null,
    });
    expect(
      (await modify(jordan, JORDAN_PHONE, [{ BrandingId: 1, OptInAccount: true }])).json(),
    ).toMatchObject({ Errors: [{ ErrorMessage: 'userDisagree' }] });

    expect((await agreeToTexting(jordan, 'jordan.rivers')).json()).toMatchObject({
      HasNoErrors: true,
    });
    const after = await info(jordan, JORDAN_PHONE);
    expect(after.json()).toEqual({
      HasNoErrors: true,
      Errors: [],
      SubscriptionInfo: {
        Options: [
          {
            BrandingId: 1,
            BrandingName: 'Harbor Community Bank',
            OptInMarketing: false,
            OptInAccount: false,
          },
        ],
      },
    });
  });

  it('saves only the changed options, refuses a save that changes nothing, and encodes a refused programme as JSON', async () => {
    await agreeToTexting(jordan, 'jordan.rivers');
    expect(
      (await modify(jordan, JORDAN_PHONE, [{ BrandingId: 1, OptInAccount: true }])).json(),
    ).toEqual({ HasNoErrors: true, Errors: [] });
    expect((await info(jordan, '+12075550134')).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: false,
      OptInAccount: true,
    });

    // The same value again, or only nulls, changes nothing.
    for (const options of [[{ BrandingId: 1, OptInAccount: true }], [{ BrandingId: 1 }], []]) {
      expect((await modify(jordan, JORDAN_PHONE, options)).json()).toEqual({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'NoChanges' }],
      });
    }

    const refused = await modify(jordan, JORDAN_PHONE, [
      { BrandingId: 1, OptInMarketing: true, OptInAccount: null },
      { BrandingId: 77, OptInMarketing: null, OptInAccount: true },
    ]);
    const body = refused.json();
    expect(body.HasNoErrors).toBe(false);
    expect(
      body.Errors.map((error: { ErrorMessage: string }) =>
        parseModifyErrorMessage(error.ErrorMessage),
      ),
    ).toEqual([
      { BrandingId: 77, OptInMarketing: null, OptInAccount: true, Error: 'UnknownBranding' },
    ]);
    // The known programme's change was saved all the same.
    expect((await info(jordan, JORDAN_PHONE)).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: true,
      OptInAccount: true,
    });
  });

  it("answers NoPhone for another user's number, and never shows or changes its options", async () => {
    await agreeToTexting(jordan, 'jordan.rivers');
    await agreeToTexting(pat, 'pat.lee');
    await modify(pat, PAT_PHONE, [{ BrandingId: 1, OptInMarketing: true }]);

    expect((await info(jordan, PAT_PHONE)).json()).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'NoPhone' }],
      SubscriptionInfo: null,
    });
    expect(
      (await modify(jordan, PAT_PHONE, [{ BrandingId: 1, OptInMarketing: false }])).json(),
    ).toEqual({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NoPhone' }] });
    expect((await info(pat, PAT_PHONE)).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: true,
    });
  });

  it('answers Invalid for a number that is not a US number, and 401 without a session', async () => {
    expect((await info(jordan, '12345')).json()).toMatchObject({
      Errors: [{ ErrorMessage: 'Invalid' }],
    });
    const anonymous = await test.app.inject({
      method: 'POST',
      url: '/api/SolutionsByText/GetSubscriptionInfo',
      headers: { ...PORTAL_WRITE_HEADERS, host: HOST },
      payload: { PhoneNumber: JORDAN_PHONE },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers TextingNotOffered while the institution has texting off', async () => {
    const restore = await publishSettingsChange(test.app, HOST, {
      shared: { notificationOptions: { allowTextMessagesOption: 'false' } },
    });
    try {
      expect((await info(jordan, JORDAN_PHONE)).json()).toMatchObject({
        Errors: [{ ErrorMessage: 'TextingNotOffered' }],
      });
    } finally {
      await restore();
    }
  });

  const harbor = async () => {
    const institution = await test.app.services.institutions.resolveHost(HOST);
    if (!institution) throw new Error('no Harbor');
    return institution;
  };
  const textsOnPhone = async (number: string) => {
    await test.app.services.smsOutbox.runOnce();
    const page = await test.app.inject({
      url: `/demo/phone.json?number=${encodeURIComponent(number)}`,
      headers: { host: HOST },
    });
    const texts: { direction: string; body: string }[] = page.json().texts;
    return texts.map(({ direction, body }) => ({ direction, body }));
  };
  const reply = (from: string, body: string) =>
    test.app.inject({
      method: 'POST',
      url: '/demo/phone/reply',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from, body }).toString(),
    });

  it('answers Invalid for a landline on file (built-in provider: numbers ending in 00)', async () => {
    const casey = await signIn(test.app, { username: 'casey.morgan' });
    await agreeToTexting(casey, 'casey.morgan');
    const { id } = await harbor();
    await test.database.db
      .updateTable('customers')
      .set({ phone: '2075550100' })
      .where('institution_id', '=', id)
      .where('email', '=', 'casey.morgan@example.test')
      .execute();
    expect((await info(casey, '207-555-0100')).json()).toMatchObject({
      Errors: [{ ErrorMessage: 'Invalid' }],
    });
    expect(
      (await modify(casey, '207-555-0100', [{ BrandingId: 1, OptInAccount: true }])).json(),
    ).toMatchObject({ Errors: [{ ErrorMessage: 'Invalid' }] });
  });

  it('texts a user about their account only while their phone is subscribed to account texts, once per key', async () => {
    await agreeToTexting(jordan, 'jordan.rivers');
    await modify(jordan, JORDAN_PHONE, [
      { BrandingId: 1, OptInAccount: false, OptInMarketing: false },
    ]);
    const { id: institutionId } = await harbor();
    const { id: userId } = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('institution_id', '=', institutionId)
      .where('username', '=', 'jordan.rivers')
      .executeTakeFirstOrThrow();
    const { texting } = test.app.services;
    const payment = (dedupeKey: string) => ({
      institutionId,
      userId,
      body: `Harbor: your payment of $120.00 on loan ****7302 posted. (${dedupeKey})`,
      dedupeKey,
    });
    const before = (await textsOnPhone(JORDAN_PHONE)).length;

    expect(await texting.sendAccountText(payment('posted:a'))).toBe(false);
    await modify(jordan, JORDAN_PHONE, [{ BrandingId: 1, OptInAccount: true }]);
    expect(await texting.sendAccountText(payment('posted:b'))).toBe(true);
    expect(await texting.sendAccountText(payment('posted:b'))).toBe(false);
    // Account texts only: the phone did not opt in to marketing.
    expect(await texting.sendMarketingText(payment('offer:c'))).toBe(false);

    const texts = await textsOnPhone(JORDAN_PHONE);
    // The subscription's confirmation, then the one payment text.
    expect(texts.length - before).toBe(2);
    expect(texts[0]).toEqual({ direction: 'out', body: payment('posted:b').body });
    expect(texts[1]?.body).toContain('you are subscribed');
    // A second run of the delivery sends nothing again.
    expect(await test.app.services.smsOutbox.runOnce()).toBe(0);

    const restore = await publishSettingsChange(test.app, HOST, {
      shared: { notificationOptions: { allowTextMessagesOption: 'false' } },
    });
    try {
      expect(await texting.sendAccountText(payment('posted:d'))).toBe(false);
    } finally {
      await restore();
    }
  });

  it('answers HELP with the institution name, and STOP turns every option of the number off', async () => {
    await agreeToTexting(pat, 'pat.lee');
    await modify(pat, PAT_PHONE, [{ BrandingId: 1, OptInAccount: true, OptInMarketing: true }]);

    expect((await reply(PAT_PHONE, 'help')).statusCode).toBe(303);
    const afterHelp = await textsOnPhone(PAT_PHONE);
    expect(afterHelp[0]?.direction).toBe('out');
    expect(afterHelp[0]?.body).toContain('Harbor Community Bank');
    expect(afterHelp[1]).toEqual({ direction: 'in', body: 'help' });

    expect(await phoneOnProfile(pat)).toMatchObject({ OptInToTexting: true });
    expect((await reply(PAT_PHONE, 'STOP')).statusCode).toBe(303);
    expect((await info(pat, PAT_PHONE)).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: false,
      OptInAccount: false,
    });
    // The profile says so too: the number gets no texts now.
    expect(await phoneOnProfile(pat)).toMatchObject({ OptInToTexting: false });
    const afterStop = await textsOnPhone(PAT_PHONE);
    expect(afterStop[0]?.body).toContain('unsubscribed');
  });

  it("confirms a new subscription once and answers HELP and STOP, in the institution's words", async () => {
    const restore = await publishSettingsChange(test.app, HOST, {
      english: {
        textingTexts: {
          optInConfirmationText: '{institutionName}: {programme} texts on. STOP ends.',
          helpAnswerText: 'Help from {institutionName}.',
          stopAnswerText: 'Bye from {institutionName}.',
        },
      },
    });
    try {
      await agreeToTexting(pat, 'pat.lee');
      await modify(pat, PAT_PHONE, [{ BrandingId: 1, OptInAccount: false, OptInMarketing: false }]);
      const before = (await textsOnPhone(PAT_PHONE)).length;

      await modify(pat, PAT_PHONE, [{ BrandingId: 1, OptInAccount: true }]);
      // Marketing too, on a number already subscribed to the programme: no second confirmation.
      await modify(pat, PAT_PHONE, [{ BrandingId: 1, OptInMarketing: true }]);
      let texts = await textsOnPhone(PAT_PHONE);
      expect(texts.length - before).toBe(1);
      expect(texts[0]).toEqual({
        direction: 'out',
        body: 'Harbor Community Bank: Harbor Community Bank texts on. STOP ends.',
      });
      // A second run of the outbox's delivery sends nothing again.
      expect(await test.app.services.smsOutbox.runOnce()).toBe(0);

      await reply(PAT_PHONE, 'HELP');
      texts = await textsOnPhone(PAT_PHONE);
      expect(texts[0]).toEqual({ direction: 'out', body: 'Help from Harbor Community Bank.' });
      await reply(PAT_PHONE, 'STOP');
      texts = await textsOnPhone(PAT_PHONE);
      expect(texts[0]).toEqual({ direction: 'out', body: 'Bye from Harbor Community Bank.' });
    } finally {
      await restore();
    }
  });

  const userIdOf = async (username: string) => {
    const { id: institutionId } = await harbor();
    const { id } = await test.database.db
      .selectFrom('users')
      .select('id')
      .where('institution_id', '=', institutionId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { institutionId, userId: id };
  };
  /** Where the user's account texts would go now (the notifications ask this before a text). */
  const accountTextsGoTo = async (username: string, brandingId?: number) => {
    const { institutionId, userId } = await userIdOf(username);
    return test.app.services.texting.accountTextNumber(institutionId, userId, brandingId);
  };
  /** The phone as the profile shows it, and whether it is opted in to texting. */
  const phoneOnProfile = async (who: SignedIn) => {
    const response = await test.app.inject({
      url: '/api/Profile',
      headers: { host: HOST, cookie: who.cookie },
    });
    return ProfileDataResponse.parse(response.json()).PersonalInfo?.PhoneNumbers[0];
  };
  const savePhone = (who: SignedIn, phone: string, optIn: boolean) =>
    post(who, '/api/Profile/UpdatePersonalInfo', {
      Address: null,
      PhoneNumbers: [{ PhoneNumber: phone, OptInToTexting: optIn, Primary: true }],
    });

  it("groups the options by the institution's programmes (textProgramBrandings) and confirms one by its name", async () => {
    const devon = await signIn(test.app, { username: 'devon.hayes' });
    await agreeToTexting(devon, 'devon.hayes');
    await withPublishedSettings(
      test.app,
      HOST,
      {
        shared: {
          notificationOptions: {
            textProgramBrandings: JSON.stringify([
              { BrandingId: 3, BrandingName: 'Harbor Loans' },
              { BrandingId: 7, BrandingName: 'Harbor Cards' },
              // A BrandingId listed twice is read once, the first time.
              { BrandingId: 3, BrandingName: 'Harbor Loans again' },
            ]),
          },
        },
        english: { textingTexts: { optInConfirmationText: '{programme} texts on. STOP ends.' } },
      },
      async () => {
        expect((await info(devon, DEVON_PHONE)).json().SubscriptionInfo.Options).toEqual([
          {
            BrandingId: 3,
            BrandingName: 'Harbor Loans',
            OptInMarketing: false,
            OptInAccount: false,
          },
          {
            BrandingId: 7,
            BrandingName: 'Harbor Cards',
            OptInMarketing: false,
            OptInAccount: false,
          },
        ]);
        // The institution-named programme (BrandingId 1) is not offered beside configured ones.
        const unknown = (await modify(devon, DEVON_PHONE, [{ BrandingId: 1, OptInAccount: true }]))
          .json()
          .Errors.map((error: { ErrorMessage: string }) =>
            parseModifyErrorMessage(error.ErrorMessage),
          );
        expect(unknown).toEqual([
          { BrandingId: 1, OptInMarketing: null, OptInAccount: true, Error: 'UnknownBranding' },
        ]);

        const before = (await textsOnPhone(DEVON_PHONE)).length;
        expect(
          (await modify(devon, DEVON_PHONE, [{ BrandingId: 7, OptInAccount: true }])).json(),
        ).toEqual({ HasNoErrors: true, Errors: [] });
        const texts = await textsOnPhone(DEVON_PHONE);
        expect(texts.length - before).toBe(1);
        expect(texts[0]).toEqual({ direction: 'out', body: 'Harbor Cards texts on. STOP ends.' });
        expect((await info(devon, DEVON_PHONE)).json().SubscriptionInfo.Options).toEqual([
          {
            BrandingId: 3,
            BrandingName: 'Harbor Loans',
            OptInMarketing: false,
            OptInAccount: false,
          },
          {
            BrandingId: 7,
            BrandingName: 'Harbor Cards',
            OptInMarketing: false,
            OptInAccount: true,
          },
        ]);
        // Account alerts go under the first programme unless one is named.
        expect(await accountTextsGoTo('devon.hayes', 7)).toBe('+12075550152');
        expect(await accountTextsGoTo('devon.hayes')).toBeNull();
      },
    );
  });

  it('opts a number in to texting by the subscription call only; the profile may withdraw it, which stops the texts', async () => {
    const sky = await signIn(test.app, { username: 'sky.bennett' });
    await agreeToTexting(sky, 'sky.bennett');
    // The profile's save does not opt the phone in, with or without subscriptions.
    expect((await savePhone(sky, SKY_PHONE, true)).json()).toMatchObject({
      HasNoErrors: true,
      PersonalInfo: { PhoneNumbers: [{ PhoneNumber: '2075550177', OptInToTexting: false }] },
    });
    expect(await accountTextsGoTo('sky.bennett')).toBeNull();

    const before = (await textsOnPhone(SKY_PHONE)).length;
    expect((await modify(sky, SKY_PHONE, [{ BrandingId: 1, OptInAccount: true }])).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
    });
    expect(await phoneOnProfile(sky)).toMatchObject({ OptInToTexting: true });
    expect(await accountTextsGoTo('sky.bennett')).toBe('+12075550177');
    // The portal's save after the subscription call keeps it.
    expect((await savePhone(sky, SKY_PHONE, true)).json()).toMatchObject({
      PersonalInfo: { PhoneNumbers: [{ OptInToTexting: true }] },
    });

    // Withdrawn on the profile: no texts, though the number's subscription row is still on, and
    // the dialog starts again from nothing, so subscribing again opts in (and confirms) again.
    expect((await savePhone(sky, SKY_PHONE, false)).json()).toMatchObject({
      PersonalInfo: { PhoneNumbers: [{ OptInToTexting: false }] },
    });
    expect(await accountTextsGoTo('sky.bennett')).toBeNull();
    expect((await info(sky, SKY_PHONE)).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: false,
      OptInAccount: false,
    });
    expect((await modify(sky, SKY_PHONE, [{ BrandingId: 1, OptInAccount: true }])).json()).toEqual({
      HasNoErrors: true,
      Errors: [],
    });
    expect(await phoneOnProfile(sky)).toMatchObject({ OptInToTexting: true });
    expect(await accountTextsGoTo('sky.bennett')).toBe('+12075550177');
    const texts = await textsOnPhone(SKY_PHONE);
    expect(texts.length - before).toBe(2);
    expect(texts.every((text) => text.body.includes('you are subscribed'))).toBe(true);
  });

  it("texts only the number the user opted in: a changed number is saved not opted in, even one another user's subscribed", async () => {
    // Sky's number is opted in and subscribed to account texts (the test before).
    const sky = await signIn(test.app, { username: 'sky.bennett' });
    const devon = await signIn(test.app, { username: 'devon.hayes' });
    expect(await accountTextsGoTo('sky.bennett')).toBe('+12075550177');

    // Devon puts Sky's number on file, asking for texts: saved, not opted in, and no text of
    // Devon's goes to it although the number is subscribed.
    expect((await savePhone(devon, SKY_PHONE, true)).json()).toMatchObject({
      HasNoErrors: true,
      PersonalInfo: { PhoneNumbers: [{ PhoneNumber: '2075550177', OptInToTexting: false }] },
    });
    expect(await accountTextsGoTo('devon.hayes')).toBeNull();
    expect(await accountTextsGoTo('sky.bennett')).toBe('+12075550177');

    // Sky moves to a new number: it is saved not opted in, and her texts go nowhere.
    expect((await savePhone(sky, '207-555-0178', true)).json()).toMatchObject({
      HasNoErrors: true,
      PersonalInfo: { PhoneNumbers: [{ PhoneNumber: '2075550178', OptInToTexting: false }] },
    });
    expect(await accountTextsGoTo('sky.bennett')).toBeNull();
    // Back to the old number: still not opted in until the subscription call.
    expect((await savePhone(sky, SKY_PHONE, true)).json()).toMatchObject({
      PersonalInfo: { PhoneNumbers: [{ OptInToTexting: false }] },
    });
    expect(await accountTextsGoTo('sky.bennett')).toBeNull();
    await savePhone(devon, DEVON_PHONE, false);
  });

  it('opens the demo phone in demo mode only', async () => {
    const page = await test.app.inject({ url: '/demo/phone', headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Demo phone of Harbor Community Bank');
    // A form on another site cannot text STOP for a demo number.
    const crossSite = await test.app.inject({
      method: 'POST',
      url: '/demo/phone/reply',
      headers: {
        host: HOST,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `from=${JORDAN_PHONE}&body=STOP`,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await textsOnPhone(JORDAN_PHONE)).not.toContainEqual({ direction: 'in', body: 'STOP' });
    const production = await buildApp({
      db: test.database.db,
      clock: test.clock,
      dataProtector: TEST_DATA_PROTECTOR,
    });
    try {
      for (const url of ['/demo/phone', '/demo/phone.json']) {
        expect((await production.inject({ url, headers: { host: HOST } })).statusCode).toBe(404);
      }
      const stop = await production.inject({
        method: 'POST',
        url: '/demo/phone/reply',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'from=2075550134&body=STOP',
      });
      expect(stop.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('describes both calls in the OpenAPI document', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/SolutionsByText/GetSubscriptionInfo',
      '/api/SolutionsByText/ModifySubscriptions',
    ]) {
      expect(document.paths[path]?.post?.summary).toEqual(expect.any(String));
    }
  });
});
