import { LoginResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import {
  DEMO_PASSWORD_FOR_TESTS,
  PORTAL_WRITE_HEADERS,
  startTestApp,
  type TestApp,
} from '../../testing/test-app';

describe.each(testDatabases())('preview sample borrower on $name', (database) => {
  let test: TestApp;
  let harborToken: string;
  let summitToken: string;

  beforeAll(async () => {
    test = await startTestApp(database);
    const { institutions, adminAuth, previews } = test.app.services;
    const harbor = await institutions.resolveHost('localhost');
    const summit = await institutions.resolveHost('summit.localhost');
    if (!harbor || !summit) throw new Error('demo institutions missing');
    const staff = await adminAuth.createStaff({
      email: 'viewer@harbor.test',
      name: 'Viewer',
      password: 'Staff-Pass-2026!',
      memberships: [
        { institutionId: harbor.id, role: 'viewer' },
        { institutionId: summit.id, role: 'viewer' },
      ],
    });
    const principal = {
      staffId: staff.id,
      email: 'viewer@harbor.test',
      name: 'Viewer',
      isImplementer: false,
    };
    const where = { adminOrigin: 'http://localhost:3000', adminHost: 'localhost:3000' };
    harborToken = (await previews.createPreviewToken(principal, harbor, where)).token;
    summitToken = (await previews.createPreviewToken(principal, summit, where)).token;
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  const signInSample = (token: string | undefined, host = 'localhost') =>
    test.app.inject({
      method: 'POST',
      url: '/api/Preview/SignIn',
      headers: { host, ...PORTAL_WRITE_HEADERS, ...(token ? { 'x-preview-token': token } : {}) },
    });

  const withSession = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { host: 'localhost', ...PORTAL_WRITE_HEADERS, usertoken: token },
      ...(payload ? { payload } : {}),
    });

  it('signs a live preview in as the sample borrower, with a token and no cookie', async () => {
    const response = await signInSample(harborToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = LoginResponse.parse(response.json());
    expect(body).toMatchObject({ UserName: 'Preview sample', PersonalName: 'Sample Borrower' });
    expect(body.PendingSteps).toEqual([]);
    const accounts = await withSession(body.UserToken, 'GET', '/api/accountList');
    expect(accounts.statusCode).toBe(200);
    expect(
      accounts.json().Accounts.map((account: { Description: string }) => account.Description),
    ).toEqual(
      expect.arrayContaining(['Sample Auto Loan', 'Sample Line of Credit', 'Sample Savings']),
    );
    // A second preview reuses the same sample borrower.
    const again = LoginResponse.parse((await signInSample(harborToken)).json());
    expect(again.UserId).toBe(body.UserId);
  });

  it('is read-only: every change is refused', async () => {
    const { UserToken } = LoginResponse.parse((await signInSample(harborToken)).json());
    const change = await withSession(UserToken, 'POST', '/api/register/SetPasswordQuestion', {
      PasswordQuestion: 'What was the name of your first pet?',
      PasswordAnswer: 'Rex',
    });
    expect(change.statusCode).toBe(403);
    // The preview notice first (words the portal shows as they are), then the code.
    expect(change.json().Errors).toEqual([
      {
        ErrorMessage:
          'This is a preview: nothing was saved or sent. Borrowers can do this once the settings are published.',
      },
      { ErrorMessage: 'PreviewReadOnly' },
    ]);
    // Reading goes on, and signing out is not a change the preview is refused.
    expect((await withSession(UserToken, 'GET', '/api/Profile')).statusCode).toBe(200);
    const logout = await withSession(UserToken, 'POST', '/api/Login/Logout', {});
    expect(logout.statusCode).toBe(200);
    expect((await withSession(UserToken, 'GET', '/api/Profile')).statusCode).toBe(401);
  });

  it('reads the saved methods of the Make Payment step (a POST read), and refuses a payment with the notice', async () => {
    const { UserToken } = LoginResponse.parse((await signInSample(harborToken)).json());
    const accounts = await withSession(UserToken, 'GET', '/api/accountList');
    const loan = (accounts.json().Accounts as { Description: string; Number: string }[]).find(
      (account) => account.Description === 'Sample Auto Loan',
    );
    if (!loan) throw new Error('no sample loan');
    const methods = await withSession(UserToken, 'POST', '/api/PaymentMethod/GetPaymentMethods', {
      AccountNumber: loan.Number,
    });
    expect(methods.statusCode).toBe(200);
    const listed = methods.json().PaymentMethods as {
      IsCard: boolean;
      CardInfo?: { CardNumber: string };
      AchInfo?: { AccountNumber: string };
    }[];
    expect(
      listed.map((method) => method.CardInfo?.CardNumber ?? method.AchInfo?.AccountNumber),
    ).toEqual(expect.arrayContaining(['4242', '6789']));
    // A single-use card (a change) answers the preview notice, not an error code.
    const card = await withSession(
      UserToken,
      'POST',
      '/api/PaymentMethod/AddCardPaymentMethod',
      {},
    );
    expect(card.statusCode).toBe(403);
    expect(card.json().Errors[0].ErrorMessage).toMatch(/^This is a preview: nothing was saved/);
  });

  it('needs a live preview token of this institution', async () => {
    expect((await signInSample(undefined)).statusCode).toBe(401);
    expect((await signInSample('not-a-token')).statusCode).toBe(401);
    // Summit's token does not sign in at Harbor.
    expect((await signInSample(summitToken)).statusCode).toBe(401);
    expect((await signInSample(summitToken, 'summit.localhost')).statusCode).toBe(200);
    // An expired token no longer does.
    test.clock.advance(31 * 60_000);
    expect((await signInSample(harborToken)).statusCode).toBe(401);
  });

  it('cannot be signed in with a password or found by recovery', async () => {
    const password = await test.app.inject({
      method: 'POST',
      url: '/api/login/userlogin',
      headers: { host: 'localhost', ...PORTAL_WRITE_HEADERS },
      payload: { username: 'Preview sample', password: DEMO_PASSWORD_FOR_TESTS },
    });
    expect(password.statusCode).not.toBe(200);
    const recovery = await test.app.inject({
      method: 'POST',
      url: '/api/Recovery/GetSecretQuestion',
      headers: { host: 'localhost', ...PORTAL_WRITE_HEADERS },
      payload: {
        EmailAddress: 'sample.borrower@example.invalid',
        ServicingBranch: '',
        DateOfBirth: '',
        ZipCode: '',
      },
    });
    expect(recovery.json().Credentials ?? null).toBeNull();
  });
});
