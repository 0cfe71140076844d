import {
  accountCategory,
  AccountListResponse,
  ManualChangeContactInfoResponse,
  type ManualChangeContactInfoRequest,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionIdOf, publishShared } from '../../testing/account-flows';
import { testDatabases } from '../../testing/databases';
import { PORTAL_WRITE_HEADERS, signIn, startTestApp, type TestApp } from '../../testing/test-app';

const URL = '/api/ManualChangeContactInfo';

const OLD_ADDRESS = {
  Address1: '14 Harbor View Road',
  Address2: '',
  City: 'Portland',
  State: 'ME',
  ZipCode: '04101',
};
const NEW_ADDRESS = {
  Address1: '  22 <Pine> Street ',
  Address2: 'Apt 3',
  City: 'South Portland',
  State: 'me',
  ZipCode: '04106',
};

describe.each(testDatabases())('PUT /api/ManualChangeContactInfo on $name', (database) => {
  let test: TestApp;
  let harbor: number;
  let jordan: string;
  let casey: string;
  let jordanLoans: string[];
  let jordanDeposit: string;
  let caseyLoan: string;

  const put = (cookie: string, payload: object, host = 'localhost') =>
    test.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...PORTAL_WRITE_HEADERS, host, ...(cookie ? { cookie } : {}) },
      payload,
    });

  async function accountsOf(cookie: string) {
    const response = await test.app.inject({ url: '/api/accountList', headers: { cookie } });
    return AccountListResponse.parse(response.json()).Accounts;
  }

  beforeAll(async () => {
    test = await startTestApp(database);
    harbor = await institutionIdOf(test);
    await publishShared(test, { profileOptions: { forceManualCifChangesOption: 'true' } });
    jordan = (await signIn(test.app, { username: 'jordan.rivers' })).cookie;
    casey = (await signIn(test.app, { username: 'casey.morgan' })).cookie;
    const isLoan = (type: number) => ['loan', 'lineOfCredit'].includes(accountCategory(type) ?? '');
    const jordans = await accountsOf(jordan);
    jordanLoans = jordans.filter((account) => isLoan(account.Type)).map((a) => a.Number);
    jordanDeposit =
      jordans.find((account) => accountCategory(account.Type) === 'deposit')?.Number ?? '';
    caseyLoan = (await accountsOf(casey)).find((account) => isLoan(account.Type))?.Number ?? '';
    expect(jordanLoans.length).toBeGreaterThan(1);
    expect(jordanDeposit).not.toBe('');
    expect(caseyLoan).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it("puts the request in the institution's work queue for staff, loans masked in its summary", async () => {
    const [first = '', second = ''] = jordanLoans;
    const response = await put(jordan, {
      UserName: 'someone.else',
      FirstName: 'Mallory',
      AccountNumbers: [first, second],
      OldAddress: OLD_ADDRESS,
      NewAddress: NEW_ADDRESS,
      PhoneNumber1: { OldPhoneNumber: '(207) 555-0134', NewPhoneNumber: '207-555-0199' },
    } satisfies ManualChangeContactInfoRequest);
    expect(response.statusCode).toBe(200);
    const answer = ManualChangeContactInfoResponse.parse(response.json());
    expect(answer).toMatchObject({ HasNoErrors: true, Errors: [] });

    const item = await test.app.services.workQueue.find(harbor, answer.RequestId);
    const masked = (number: string) => `****${number.replace(/\D/g, '').slice(-4)}`;
    expect(item).toMatchObject({
      kind: 'contactChange',
      status: 'new',
      sender_name: 'Jordan Rivers',
      sender_email: 'jordan.rivers@example.test',
      summary: `Address and phone change for ${masked(first)}, ${masked(second)}`,
      details: {
        // The session's, not the body's.
        userName: 'jordan.rivers',
        firstName: 'Jordan',
        accounts: [first, second],
        oldAddress: {
          address1: '14 Harbor View Road',
          address2: '',
          city: 'Portland',
          state: 'ME',
          zipCode: '04101',
        },
        newAddress: {
          address1: '22 Pine Street',
          address2: 'Apt 3',
          city: 'South Portland',
          state: 'ME',
          zipCode: '04106',
        },
        phone: { oldPhoneNumber: '(207) 555-0134', newPhoneNumber: '(207) 555-0199' },
      },
    });
    expect(item?.summary).not.toContain(first);
  });

  it('takes a phone change alone', async () => {
    const response = await put(jordan, {
      AccountNumbers: [jordanLoans[0]],
      PhoneNumber1: { OldPhoneNumber: '2075550134', NewPhoneNumber: '2075550199' },
    });
    const answer = ManualChangeContactInfoResponse.parse(response.json());
    expect(answer.HasNoErrors).toBe(true);
    const item = await test.app.services.workQueue.find(harbor, answer.RequestId);
    expect(item?.summary).toMatch(/^Phone change for \*{4}\d{4}$/);
    expect(item?.details).toMatchObject({ oldAddress: null, newAddress: null });
  });

  it("refuses another borrower's loan and a deposit account, and sends nothing (a second user)", async () => {
    const before = new Set(
      (await test.app.services.workQueue.list({ institutionId: harbor })).map((item) => item.id),
    );
    for (const numbers of [
      [caseyLoan],
      [jordanLoans[0], caseyLoan],
      [jordanDeposit],
      ['999-999'],
    ]) {
      const response = await put(jordan, { AccountNumbers: numbers, NewAddress: OLD_ADDRESS });
      expect(response.json(), numbers.join()).toMatchObject({
        HasNoErrors: false,
        Errors: [{ ErrorMessage: 'AccountNotFound' }],
        RequestId: '',
      });
    }
    // Casey may ask for Casey's own loan.
    expect(
      (await put(casey, { AccountNumbers: [caseyLoan], NewAddress: OLD_ADDRESS })).json(),
    ).toMatchObject({ HasNoErrors: true });
    const added = (await test.app.services.workQueue.list({ institutionId: harbor })).filter(
      (item) => !before.has(item.id),
    );
    expect(added).toHaveLength(1);
    expect(added[0]?.summary).toBe(
      `Address change for ****${caseyLoan.replace(/\D/g, '').slice(-4)}`,
    );
    expect(added[0]?.sender_email).toBe('casey.morgan@example.test');
  });

  it('checks the address and phone with the profile rules', async () => {
    const cases: [object, string[]][] = [
      [{ AccountNumbers: [], NewAddress: OLD_ADDRESS }, ['NoAccountChosen']],
      [{ AccountNumbers: [jordanLoans[0]] }, ['NoChangeGiven']],
      [
        { AccountNumbers: [jordanLoans[0]], NewAddress: { ...OLD_ADDRESS, Address1: 'PO Box 12' } },
        ['ContainsPOBox'],
      ],
      [
        { AccountNumbers: [jordanLoans[0]], NewAddress: { ...OLD_ADDRESS, ZipCode: '0410' } },
        ['CorrectErrors'],
      ],
      [
        { AccountNumbers: [jordanLoans[0]], OldAddress: { ...OLD_ADDRESS, City: '' } },
        ['CorrectErrors'],
      ],
      [
        {
          AccountNumbers: [jordanLoans[0]],
          PhoneNumber1: { OldPhoneNumber: '207555013', NewPhoneNumber: '2075550199' },
        },
        ['CorrectErrors'],
      ],
      [
        {
          AccountNumbers: [jordanLoans[0]],
          PhoneNumber1: { OldPhoneNumber: '', NewPhoneNumber: '2075550199' },
        },
        ['CorrectErrors'],
      ],
    ];
    for (const [payload, codes] of cases) {
      const answer = ManualChangeContactInfoResponse.parse((await put(jordan, payload)).json());
      expect(
        answer.Errors.map((error) => error.ErrorMessage),
        JSON.stringify(payload),
      ).toEqual(codes);
    }
    // A PO box is fine in the old address (where the borrower no longer is).
    const oldBox = await put(jordan, {
      AccountNumbers: [jordanLoans[0]],
      OldAddress: { ...OLD_ADDRESS, Address1: 'PO Box 12' },
      NewAddress: OLD_ADDRESS,
    });
    expect(oldBox.json().HasNoErrors).toBe(true);
    expect((await put(jordan, { AccountNumbers: 'x' })).statusCode).toBe(400);
  });

  it('answers NotOffered where borrowers change their contact info on the profile, 401 signed out', async () => {
    const summit = await signIn(test.app, { username: 'taylor.reed', host: 'summit.localhost' });
    const [loan] = (
      await test.app.inject({
        url: '/api/accountList',
        headers: { cookie: summit.cookie, host: 'summit.localhost' },
      })
    ).json().Accounts;
    const response = await put(
      summit.cookie,
      { AccountNumbers: [loan.Number], NewAddress: OLD_ADDRESS },
      'summit.localhost',
    );
    expect(response.json()).toMatchObject({
      HasNoErrors: false,
      Errors: [{ ErrorMessage: 'NotOffered' }],
    });
    const signedOut = await put('', { AccountNumbers: [jordanLoans[0]], NewAddress: OLD_ADDRESS });
    expect(signedOut.statusCode).toBe(401);
  });
});
