import {
  decodeSignInCheck,
  encodeSignInCheck,
  MessageRefusedResponse,
  MessagesCaptchaResponse,
  solveSignInCheck,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { withPublishedSettings } from '../../testing/settings';
import {
  nextClientAddress,
  PORTAL_WRITE_HEADERS,
  signIn,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../testing/test-app';

const MINUTE = 60_000;
const SUMMIT = 'summit.localhost';

describe.each(testDatabases())('messages to the institution on $name', (testDatabase) => {
  let test: TestApp;
  let harbor: number;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    harbor = await institutionIdOf(test);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function solvedCaptcha(host = 'localhost'): Promise<string> {
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/Messages/Captcha',
      headers: { host },
    });
    expect(answer.statusCode).toBe(200);
    const solution = await solveSignInCheck(MessagesCaptchaResponse.parse(answer.json()));
    if (!solution) throw new Error('the captcha has no solution');
    return solution;
  }

  function send(
    call: 'ContactUs' | 'Feedback',
    payload: object,
    options: { address?: string; signedIn?: SignedIn; host?: string } = {},
  ) {
    return test.app.inject({
      method: 'POST',
      url: `/api/Messages/${call}`,
      remoteAddress: options.address ?? nextClientAddress(),
      headers: {
        ...PORTAL_WRITE_HEADERS,
        host: options.host ?? 'localhost',
        ...(options.signedIn ? { cookie: options.signedIn.cookie } : {}),
      },
      payload,
    });
  }

  function refusal(answer: { json(): unknown }) {
    return MessageRefusedResponse.parse(answer.json());
  }

  /**
   * The work item just sent, of a kind: the test clock stands still, so a message sent in a test
   * is told from the others by the clock moved on before it.
   */
  async function sentItem(kind: 'question' | 'feedback') {
    const sentAt = test.clock.now().getTime();
    const items = await test.app.services.workQueue.list({ institutionId: harbor, kind });
    const sent = items.filter((item) => item.created_at.getTime() === sentAt);
    expect(sent).toHaveLength(1);
    return sent[0];
  }

  /** Moves the clock on, so what is sent next is told apart (sentItem). */
  const nextMoment = () => test.clock.advance(1000);

  const question = {
    Name: 'Sam Visitor',
    Email: 'sam.visitor@example.test',
    Subject: 'Escrow analysis',
    Message: 'When is the next escrow analysis?',
    ServicingBranch: '12',
  };

  it('takes a logged-out question with the captcha solved, as a question for staff', async () => {
    const captcha = await solvedCaptcha();
    nextMoment();
    const answer = await send('ContactUs', { ...question, ReCaptchaCode: captcha });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ HasNoErrors: true, Errors: [] });
    const item = await sentItem('question');
    expect(item).toMatchObject({
      kind: 'question',
      status: 'new',
      user_id: null,
      sender_name: 'Sam Visitor',
      sender_email: 'sam.visitor@example.test',
      summary: 'Escrow analysis',
      details: {
        subject: 'Escrow analysis',
        message: 'When is the next escrow analysis?',
        servicingBranch: '12',
        signedIn: false,
      },
    });
    // Nothing of the captcha or the address is kept with it.
    expect(JSON.stringify(item?.details)).not.toMatch(/ReCaptcha|signature|10\.77\./);
  });

  it('accepts a solved captcha once, and refuses a missing, forged, expired or foreign one', async () => {
    const captcha = await solvedCaptcha();
    expect((await send('ContactUs', { ...question, ReCaptchaCode: captcha })).statusCode).toBe(200);
    const replay = await send('ContactUs', { ...question, ReCaptchaCode: captcha });
    expect(replay.statusCode).toBe(403);
    expect(refusal(replay)).toEqual({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'Must Complete Captcha' }],
      InvalidFields: ['ReCaptchaCode'],
    });

    const decoded = decodeSignInCheck(await solvedCaptcha());
    if (!decoded) throw new Error('undecodable');
    const summitCaptcha = await solvedCaptcha(SUMMIT);
    const late = await solvedCaptcha();
    for (const wrong of [
      undefined,
      '',
      'not base64 json',
      encodeSignInCheck({ ...decoded, number: decoded.number + 1 }),
      encodeSignInCheck({ ...decoded, signature: 'ab'.repeat(32) }),
      summitCaptcha,
    ]) {
      const answer = await send('ContactUs', { ...question, ReCaptchaCode: wrong });
      expect(answer.statusCode).toBe(403);
      expect(refusal(answer).Errors[0]?.ErrorMessage).toBe('Must Complete Captcha');
    }
    test.clock.advance(21 * MINUTE);
    const expired = await send('ContactUs', { ...question, ReCaptchaCode: late });
    expect(expired.statusCode).toBe(403);
  });

  it("refuses a question's missing and too long fields in the institution's words, keeping the captcha for the retry", async () => {
    const captcha = await solvedCaptcha();
    const empty = await send('ContactUs', { ReCaptchaCode: captcha });
    expect(empty.statusCode).toBe(400);
    expect(refusal(empty)).toEqual({
      HasNoErrors: false,
      Errors: [
        { ErrorMessage: 'Name is required.' },
        { ErrorMessage: 'Email is required.' },
        { ErrorMessage: 'Subject is required.' },
        { ErrorMessage: 'Message is required.' },
      ],
      InvalidFields: ['Name', 'Email', 'Subject', 'Message'],
    });
    const wrong = await send('ContactUs', {
      ...question,
      Email: 'sam.visitor@',
      ServicingBranch: '12345',
      Subject: 's'.repeat(101),
      Message: 'm'.repeat(301),
      ReCaptchaCode: captcha,
    });
    expect(wrong.statusCode).toBe(400);
    expect(refusal(wrong)).toEqual({
      HasNoErrors: false,
      Errors: [
        { ErrorMessage: 'A valid e-mail address is required.' },
        { ErrorMessage: 'Branch number is up to 4 digits.' },
        { ErrorMessage: 'Cannot be longer than 100 characters' },
        { ErrorMessage: 'Cannot be longer than 300 characters' },
      ],
      InvalidFields: ['Email', 'ServicingBranch', 'Subject', 'Message'],
    });
    // A request past the size caps is a bad request, not a message.
    const huge = await send('ContactUs', { ...question, Message: 'm'.repeat(5001) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().Errors[0].ErrorMessage).toBe('InvalidRequest');
    // The captcha of a refused form still sends the corrected one.
    const fixed = await send('ContactUs', {
      ...question,
      Message: 'm'.repeat(300),
      ReCaptchaCode: captcha,
    });
    expect(fixed.statusCode).toBe(200);
  });

  it("sends a signed-in borrower's question under the borrower's own name and e-mail", async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    const captcha = await solvedCaptcha();
    nextMoment();
    const answer = await send(
      'ContactUs',
      {
        Name: 'Someone Else',
        Email: 'someone@example.test',
        Subject: 'Payoff letter',
        Message: 'Please mail me a payoff letter.',
        ReCaptchaCode: captcha,
      },
      { signedIn: jordan },
    );
    expect(answer.statusCode).toBe(200);
    const item = await sentItem('question');
    expect(item).toMatchObject({
      user_id: expect.any(String),
      sender_name: 'Jordan Rivers',
      sender_email: 'jordan.rivers@example.test',
      summary: 'Payoff letter',
      details: { signedIn: true },
    });
    // A signed-in borrower needs no name or e-mail, but still the captcha.
    const noCaptcha = await send(
      'ContactUs',
      { Subject: 'Again', Message: 'Hello' },
      { signedIn: jordan },
    );
    expect(noCaptcha.statusCode).toBe(403);
  });

  it('takes feedback logged out and signed in, as feedback for staff, with no captcha', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    nextMoment();
    const visitor = await send('Feedback', {
      FeedbackType: 'CouldBeBetter',
      SurveyQuestions: [{ Question: 'Reason', Answer: 'Speed' }],
      Message: '',
      ReturnURL: 'http://localhost/#/home/messages?token=abc',
      Alert: { PersonalName: 'Sam Visitor', Email: 'sam.visitor@example.test' },
    });
    expect(visitor.statusCode).toBe(200);
    expect(await sentItem('feedback')).toMatchObject({
      user_id: null,
      sender_name: 'Sam Visitor',
      summary: 'Feedback: Could Be Better – Speed',
      details: {
        experience: 'CouldBeBetter',
        reasons: ['Speed'],
        message: null,
        returnUrl: 'http://localhost/#/home/messages',
        servicingBranch: null,
      },
    });

    nextMoment();
    const borrower = await send(
      'Feedback',
      { FeedbackType: 'Good', Message: 'Very easy to pay.' },
      { signedIn: jordan },
    );
    expect(borrower.statusCode).toBe(200);
    expect(await sentItem('feedback')).toMatchObject({
      sender_name: 'Jordan Rivers',
      sender_email: 'jordan.rivers@example.test',
      summary: 'Feedback: Good',
      details: { message: 'Very easy to pay.', signedIn: true },
    });
  });

  it("refuses feedback without an experience, with a reason not the institution's, or a visitor's without a name", async () => {
    const answer = await send('Feedback', {
      SurveyQuestions: [{ Question: 'Reason', Answer: 'Free money' }],
      Message: 'x'.repeat(301),
      Alert: { Email: 'sam.visitor@example.test', ServicingBranch: '1a' },
    });
    expect(answer.statusCode).toBe(400);
    expect(refusal(answer)).toEqual({
      HasNoErrors: false,
      Errors: [
        { ErrorMessage: 'Name is required.' },
        { ErrorMessage: 'Branch number is up to 4 digits.' },
        { ErrorMessage: 'Please choose how your experience was.' },
        { ErrorMessage: 'Oops...it looks like something went wrong.' },
        { ErrorMessage: 'Cannot be longer than 300 characters' },
      ],
      InvalidFields: ['Name', 'ServicingBranch', 'FeedbackType', 'SurveyQuestions', 'Message'],
    });
  });

  it('follows the captcha, hide-feedback and hide-contact-us options', async () => {
    const jordan = await signIn(test.app, { username: 'jordan.rivers' });
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { messagesOptions: { useCaptchaOption: 'false', hideFeedbackOption: 'true' } } },
      async () => {
        expect((await send('ContactUs', question)).statusCode).toBe(200);
        const feedback = await send('Feedback', { FeedbackType: 'Good' }, { signedIn: jordan });
        expect(feedback.statusCode).toBe(403);
        expect(refusal(feedback).Errors[0]?.ErrorMessage).toBe(
          'Oops...it looks like something went wrong.',
        );
      },
    );
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { globalOptions: { hideContactUsOption: 'true' } } },
      async () => {
        const asked = await send('ContactUs', {
          ...question,
          ReCaptchaCode: await solvedCaptcha(),
        });
        expect(asked.statusCode).toBe(403);
        expect((await send('Feedback', { FeedbackType: 'Good' })).statusCode).toBe(403);
      },
    );
  });

  it('limits the messages from one address to messagesPerHourPerIp an hour, questions and feedback alike', async () => {
    await withPublishedSettings(
      test.app,
      'localhost',
      { shared: { securityPolicyOptions: { messagesPerHourPerIp: '3' } } },
      async () => {
        const address = nextClientAddress();
        const feedback = {
          FeedbackType: 'Good',
          Alert: { PersonalName: 'Sam', Email: 'sam@example.test' },
        };
        const answers = [
          await send('Feedback', feedback, { address }),
          await send(
            'ContactUs',
            { ...question, ReCaptchaCode: await solvedCaptcha() },
            { address },
          ),
          await send('Feedback', feedback, { address }),
          await send(
            'ContactUs',
            { ...question, ReCaptchaCode: await solvedCaptcha() },
            { address },
          ),
        ];
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
        expect(answers[3]?.json().Errors[0].ErrorMessage).toBe('TooManyRequests');
        expect(answers[3]?.headers['retry-after']).toBeDefined();
        // Another address is not held up; the address is again after the hour.
        expect((await send('Feedback', feedback)).statusCode).toBe(200);
        test.clock.advance(60 * MINUTE);
        expect((await send('Feedback', feedback, { address })).statusCode).toBe(200);
      },
    );
  });

  it("keeps each institution's messages to itself", async () => {
    // Summit's demo hides its messages screen.
    const hidden = await send('ContactUs', question, { host: SUMMIT });
    expect(hidden.statusCode).toBe(403);
    await withPublishedSettings(
      test.app,
      SUMMIT,
      { shared: { globalOptions: { hideContactUsOption: 'false' } } },
      async () => {
        const answer = await send(
          'ContactUs',
          { ...question, Subject: 'Summit only', ReCaptchaCode: await solvedCaptcha(SUMMIT) },
          { host: SUMMIT },
        );
        expect(answer.statusCode).toBe(200);
      },
    );
    const harborItems = await test.app.services.workQueue.list({ institutionId: harbor });
    expect(harborItems.map((item) => item.summary)).not.toContain('Summit only');
    const summitItems = await test.app.services.workQueue.list({
      institutionId: await institutionIdOf(test, SUMMIT),
      kind: 'question',
    });
    expect(summitItems.map((item) => item.summary)).toContain('Summit only');
  });

  it('describes the three calls in the OpenAPI document', async () => {
    const document = (await test.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.paths['/api/Messages/Captcha']?.get?.description).toMatch(/ALTCHA/);
    for (const path of ['/api/Messages/ContactUs', '/api/Messages/Feedback']) {
      expect(document.paths[path]?.post?.description).toMatch(/messagesPerHourPerIp/);
    }
  });
});
