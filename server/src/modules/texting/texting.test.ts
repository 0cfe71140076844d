import { parseModifyErrorMessage } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { testDatabases } from '../../testing/databases';
import { publishSettingsChange } from '../../testing/settings';
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
    // A second sweep sends nothing again.
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

    expect((await reply(PAT_PHONE, 'STOP')).statusCode).toBe(303);
    expect((await info(pat, PAT_PHONE)).json().SubscriptionInfo.Options[0]).toMatchObject({
      OptInMarketing: false,
      OptInAccount: false,
    });
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
      // A second sweep of the outbox sends nothing again.
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
