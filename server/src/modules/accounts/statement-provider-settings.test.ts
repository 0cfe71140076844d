import { AccountListResponse, hostDateOf, StatementListResponse } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_DOCUMENT_PATH } from '../../core/statement-providers';
import { testDatabases } from '../../testing/databases';
import { pdfText } from '../../testing/pdf-text';
import { withPublishedSettings } from '../../testing/settings';
import { signIn, startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

// Seeded at Harbor (branch 001): the home equity line's statements are at provider 1.
const HOME_EQUITY = '001-100235-2';

/**
 * The URL family's two settings (eStatementOptions): statementProviderURL is the document host
 * its addresses point at, statementProviderKeyReference names the key that signs them.
 */
describe.each(testDatabases())('the statement provider settings on $name', (testDatabase) => {
  let test: TestApp;
  let jordan: SignedIn;

  beforeAll(async () => {
    test = await startTestApp(testDatabase);
    jordan = await signIn(test.app, { username: 'jordan.rivers' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ method: 'GET', url, headers });
  const providerSettings = (values: Record<string, string>) => ({
    shared: { eStatementOptions: values },
  });

  async function firstStatement(number: string) {
    const response = await get(
      `/api/accountEStatements/GetStatementList?AccountNumber=${number}&Year=2024`,
      { cookie: jordan.cookie },
    );
    const [statement] = StatementListResponse.parse(response.json()).StatementList;
    if (!statement) throw new Error(`No statement of ${number}`);
    return statement;
  }

  /** GetAmsiveStatementUrl's answer for the home equity line's first statement. */
  async function askAddress() {
    const statement = await firstStatement(HOME_EQUITY);
    expect(statement.Provider).toBe(1);
    const query = `Date=${hostDateOf(statement.Date)}&Number=${HOME_EQUITY}&Type=0&Id=${statement.Id}`;
    return get(`/api/AccountEstatements/GetAmsiveStatementUrl?${query}`, {
      cookie: jordan.cookie,
    });
  }
  async function address(): Promise<URL> {
    const response = await askAddress();
    expect(response.statusCode).toBe(200);
    return new URL((response.json() as { StatementUrl: string }).StatementUrl);
  }
  /** The built-in document host's answer for an address, as a host in front of it passes it on. */
  const open = (url: URL, host = 'localhost') =>
    get(`${PROVIDER_DOCUMENT_PATH}${url.search}`, { host });

  it("points the addresses at the portal's own document host by default, at statementProviderURL when set", async () => {
    const own = await address();
    expect(`${own.protocol}//${own.hostname}${own.pathname}`).toBe(
      `http://localhost${PROVIDER_DOCUMENT_PATH}`,
    );
    expect((await open(own)).statusCode).toBe(200);

    // Another of Harbor's host names, fronting the document host (a proxy on port 8443).
    const host = 'https://harbor.localhost:8443/open?from=portal';
    await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({ statementProviderURL: host }),
      async () => {
        const elsewhere = await address();
        // The implementer's host, its own query kept, the signed reference added.
        expect(elsewhere.origin).toBe('https://harbor.localhost:8443');
        expect(elsewhere.pathname).toBe('/open');
        expect(elsewhere.searchParams.get('from')).toBe('portal');
        expect(elsewhere.searchParams.get('ref')).toMatch(/^v1:[\w:-]+\.[\w-]+$/);
        // What that host passes on to this server opens the statement.
        const pdf = await get(`${PROVIDER_DOCUMENT_PATH}?ref=${elsewhere.searchParams.get('ref')}`);
        expect(pdf.statusCode).toBe(200);
        expect(await pdfText(pdf.rawPayload)).toContain(HOME_EQUITY);
      },
    );

    // A host that is not one of Harbor's gets no address: the signed address opens the
    // statement for whoever holds it, so it is never sent to a host this server does not serve
    // for the institution (another institution's included).
    for (const foreign of [
      'https://statements.elsewhere.example/open',
      'https://summit.localhost/provider/statements',
    ]) {
      await withPublishedSettings(
        test.app,
        'localhost',
        providerSettings({ statementProviderURL: foreign }),
        async () => {
          expect((await askAddress()).statusCode).toBe(404);
        },
      );
    }

    // A path is on the portal's own host.
    await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({ statementProviderURL: '/documents/statements' }),
      async () => {
        const onPortal = await address();
        expect(`${onPortal.hostname}${onPortal.pathname}`).toBe('localhost/documents/statements');
      },
    );

    // An address that is no web page (the URL format lets mailto: through) hands out none.
    await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({ statementProviderURL: 'mailto:statements@harbor.example' }),
      async () => {
        expect((await askAddress()).statusCode).toBe(404);
      },
    );
  });

  it('signs the addresses with a key derived from statementProviderKeyReference: changing it voids the addresses handed out', async () => {
    const unnamed = await address();
    const [body = '', unnamedSignature] = (unnamed.searchParams.get('ref') ?? '').split('.');
    // The reference is sealed with the data key: whose statement it opens is not readable.
    expect(body).toMatch(/^v1:/);

    const named = await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({ statementProviderKeyReference: 'harbor-statements-2025' }),
      async () => {
        const signed = await address();
        const [, namedSignature] = (signed.searchParams.get('ref') ?? '').split('.');
        expect(namedSignature).not.toBe(unnamedSignature);
        // Under the new name the address signed before does not open; the new one does.
        expect((await open(unnamed)).statusCode).toBe(404);
        const pdf = await open(signed);
        expect(pdf.statusCode).toBe(200);
        expect(await pdfText(pdf.rawPayload)).toContain(HOME_EQUITY);
        return signed;
      },
    );

    await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({ statementProviderKeyReference: 'harbor-statements-2026' }),
      async () => {
        // Another name, another key: neither earlier address opens.
        expect((await open(named)).statusCode).toBe(404);
        expect((await open(unnamed)).statusCode).toBe(404);
      },
    );

    // Back to the first name: the key is derived from the name, so its addresses open again,
    // and the renamed one's do not.
    expect((await open(unnamed)).statusCode).toBe(200);
    expect((await open(named)).statusCode).toBe(404);
  });

  it("opens an address on its own institution's host only", async () => {
    const harbors = await address();
    expect((await open(harbors, 'harbor.localhost')).statusCode).toBe(200);
    // Summit signs under the same (unset) key reference, yet Harbor's address is not its own.
    expect((await open(harbors, 'summit.localhost')).statusCode).toBe(404);
  });

  it('leaves the document family (provider 4) to the core: it reads neither setting', async () => {
    const line = AccountListResponse.parse(
      (await get('/api/accountList', { cookie: jordan.cookie })).json(),
    ).Accounts.find((account) => account.Type === 9);
    const statement = await firstStatement(line?.Number ?? '');
    expect(statement.Provider).toBe(4);
    await withPublishedSettings(
      test.app,
      'localhost',
      providerSettings({
        statementProviderURL: 'mailto:statements@harbor.example',
        statementProviderKeyReference: 'harbor-statements-2025',
      }),
      async () => {
        const token = (await get('/api/PassableToken/GetPassableToken', { cookie: jordan.cookie }))
          .body;
        const pdf = await get(
          `/api/AccountEStatements/GetBroadridgeDocument?token=${token}&documentId=${statement.Id}&date=${hostDateOf(statement.Date)}`,
        );
        expect(pdf.statusCode).toBe(200);
        expect(await pdfText(pdf.rawPayload)).toContain(line?.Number ?? 'missing');
      },
    );
  });
});
