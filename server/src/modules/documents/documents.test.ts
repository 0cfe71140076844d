import { AccountDataResponse, AccountDocument, withEnvelope } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabases } from '../../testing/databases';
import { pdfText } from '../../testing/pdf-text';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

const HOME_EQUITY = '001-100235-2';
const ListResponse = withEnvelope({ Value: z.array(AccountDocument) });

describe.each(testDatabases())('account documents on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;
  let pat: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
    pat = await signIn(test.app, { username: 'pat.lee' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (who: SignedIn | undefined, url: string) =>
    test.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const passable = async (who: SignedIn) =>
    (await get(who, '/api/PassableToken/GetPassableToken')).body;

  it("lists a loan's documents in its data load and on their own call, newest first", async () => {
    const data = AccountDataResponse.parse(
      (await get(jordan, `/api/AccountData?accountNumber=${HOME_EQUITY}`)).json(),
    );
    expect(data.Documents.map((document) => document.DisplayName).sort()).toEqual([
      `Promissory Note and Loan Agreement ${HOME_EQUITY}`,
      `Truth in Lending Disclosure ${HOME_EQUITY}`,
    ]);
    expect(data.Documents[0]).toMatchObject({ DisplayFormat: 'pdf' });
    const listed = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    );
    expect(listed.Value).toEqual(data.Documents);
    // Another user, and an account that does not exist, get the same answer.
    const stranger = await get(
      pat,
      `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`,
    );
    const missing = await get(pat, '/api/Documents/GetAccountDocuments?accountNumber=001-999999-9');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);
  });

  it('opens a document once with a passable token, only for its owner', async () => {
    const listed = ListResponse.parse(
      (await get(jordan, `/api/Documents/GetAccountDocuments?accountNumber=${HOME_EQUITY}`)).json(),
    );
    const disclosure = listed.Value.find((document) =>
      document.DisplayName.startsWith('Truth in Lending'),
    );
    const url = (token: string) =>
      `/api/Documents/ViewDocument?FileId=${disclosure?.FileId}&Name=x&PageNumber=1&FileFormat=pdf&token=${token}`;
    const token = await passable(jordan);
    const opened = await get(undefined, url(token));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(opened.rawPayload);
    expect(text).toContain('Truth in Lending Disclosure');
    expect(text).toContain(HOME_EQUITY);
    expect(text).toContain('Harbor Community Bank');
    // Spent; another user's token does not open it; a made-up id opens nothing.
    expect((await get(undefined, url(token))).statusCode).toBe(401);
    expect((await get(pat, url(await passable(pat)))).statusCode).toBe(404);
    const bogus = await get(
      undefined,
      `/api/Documents/ViewDocument?FileId=abc&token=${await passable(jordan)}`,
    );
    expect(bogus.statusCode).toBe(404);
  });

  it("lists an application's documents for its owner only, and opens them", async () => {
    const url = (number: string) =>
      `/api/Documents/GetApplicationDocuments?applicationNumber=${number}`;
    const approved = ListResponse.parse((await get(jordan, url('A-240275'))).json());
    expect(approved.Value.map((document) => document.DisplayName)).toEqual([
      'Loan Approval Letter A-240275',
    ]);
    // An application in review has none yet.
    expect(ListResponse.parse((await get(jordan, url('A-240298'))).json()).Value).toEqual([]);
    // Another user, and an application that does not exist, get the same answer.
    const stranger = await get(pat, url('A-240275'));
    const missing = await get(pat, url('A-999999'));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);

    const letter = approved.Value[0];
    const opened = await get(
      undefined,
      `/api/Documents/ViewDocument?FileId=${letter?.FileId}&Name=x&PageNumber=1&FileFormat=pdf&token=${await passable(jordan)}`,
    );
    expect(opened.statusCode).toBe(200);
    const text = await pdfText(opened.rawPayload);
    expect(text).toContain('Loan Approval Letter');
    expect(text).toContain('A-240275');
  });
});
