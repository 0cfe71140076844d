import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  institutionOrigin,
  signIn,
  staffSignIn,
  test,
} from './fixtures';
import {
  axe,
  businessDayAhead,
  chooseFrequency,
  addNewBankAccount,
  HOME_EQUITY,
  openNewMethod,
  openPaymentScreen,
  typeAmount,
} from './payment-journeys';

// Issue 20, security review, as a borrower or a staff member meets it: the per-address sign-in
// limit (27), SVG uploads whose CSS hides an import (28), preview tokens for the admin app's own
// origin only (29), the card testing guard (30) and the single-use ACH draft preview (31). The
// receipt's masked loan number (31) is checked by e2e/ach-return.spec.ts: a payment made today
// by bank account is receipted once its debit is sent, when a publisher makes the day's ACH file
// (or at the cut-off), and that journey has a server, and a publisher, of its own. Each journey
// has its own client address (fixtures.ts).
// TRUST_PROXY ranges that trust everyone (29) are refused at server start, before any page
// exists: server/src/modules/previews/preview-origin.test.ts starts the real server with them.

/**
 * The staff member of these journeys. A newer sign-in code of the same staff member makes the
 * older useless, so this is one no other journey signs in: Harbor's second editor.
 */
const HARBOR_EDITOR = 'designer@harbor.example';

/** A Luhn-valid Visa number the built-in processor does not know: it declines it, as a stolen one. */
function unknownCardNumber(seed: number): string {
  const body = `4111${String(73_000_000_000 + seed * 7_919).padStart(11, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) digit *= 2;
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function failSignIns(page: Page, count: number) {
  for (let index = 0; index < count; index += 1) {
    const answer = await page.request.post('/api/login/userlogin', {
      headers: { 'x-requested-with': 'portal' },
      data: { username: `someone.${index}`, password: 'wrong-password' },
    });
    expect(answer.status()).toBe(403);
  }
}

test.describe('issue 20: security', () => {
  test('27. many failed sign-ins from one address lock no one: the next sign-in there waits for a short check, said plainly', async ({
    page,
  }) => {
    // Someone at this address (a household, an office) fails twenty sign-ins.
    await failSignIns(page, 20);
    // Pat, at the same address, signs in with the right password. The browser does the check;
    // its answer is held back a moment here, so the status can be read (and checked by axe).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login/SignInCheck', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#/home/login');
    await page.getByLabel('Username').fill('pat.lee');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const status = page.getByRole('status').filter({ hasText: 'security check' });
    await expect(status).toHaveText(
      'Many sign-ins have failed from your network recently, so your browser is doing a short security check before signing you in. This can take a few seconds.',
    );
    await expect(page.getByText(/maximum number of login attempts/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    release();
    await expect(page).toHaveURL(/#\/myaccount\/dashboard/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });

  test('27. the sign-in check status has no axe violations in the dark scheme either (Summit)', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const summit = institutionOrigin(baseURL, 'summit');
    await page.goto(`${summit}/#/home/login`);
    // The failures, sent from the page (the test runner does not resolve *.localhost).
    const statuses = await page.evaluate(async () => {
      const answers = [];
      for (let index = 0; index < 20; index += 1) {
        const answer = await fetch('/api/login/userlogin', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
          body: JSON.stringify({ username: `someone.${index}`, password: 'wrong-password' }),
        });
        answers.push(answer.status);
      }
      return answers;
    });
    expect(statuses).toEqual(Array(20).fill(403));
    await page.route('**/api/login/SignInCheck', () => {
      // Held for good: only the status is looked at here.
    });
    await page.getByLabel('Username').fill('pat.lee');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'security check' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('30. a run of declined cards pauses card payments, and the borrower is told to contact the institution or pay from a bank account', async ({
    page,
  }) => {
    await signIn(page, 'devon.hayes');
    const accounts = await page.request.get('/api/accountList');
    const list = (await accounts.json()) as { Accounts: { Number: string; Description: string }[] };
    const loan = list.Accounts.find((account) => account.Description === 'Personal Loan')?.Number;
    expect(loan).toBeDefined();
    await openPaymentScreen(page, loan ?? '');
    const dialog = await openNewMethod(page, 'Card');
    await dialog.getByLabel('First Name').fill('Devon');
    await dialog.getByLabel('Last Name').fill('Hayes');
    await dialog.getByLabel('Expiration (MM/YY)').fill('12/29');
    await dialog.getByLabel('CVV/CVC').fill('123');
    await dialog.getByLabel('Zip Code').fill('04101');
    await dialog.getByRole('checkbox', { name: 'Save Payment Profile' }).setChecked(false);
    const alert = dialog.getByRole('alert');
    // Five numbers the processor declines, one after another, as a card tester's list.
    for (let index = 0; index < 5; index += 1) {
      await dialog.getByLabel('Card Number').fill(unknownCardNumber(index));
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/PaymentMethod/AddCardPaymentMethod'),
      );
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await answered;
      await expect(alert).toHaveText('Transaction Declined.');
    }
    // The next card, even a good one, is not tried: card payments are paused.
    await dialog.getByLabel('Card Number').fill('4242 4242 4242 4242');
    const paused = page.waitForResponse((response) =>
      response.url().includes('/api/PaymentMethod/AddCardPaymentMethod'),
    );
    await dialog.getByRole('button', { name: 'Continue' }).click();
    expect((await paused).status()).toBe(429);
    await expect(alert).toHaveText(
      'For your security, paying by card is paused on your online account after several card attempts. Please contact your financial institution, or pay from a bank account.',
    );
    await axe(page);
  });

  test('28. an SVG logo whose <style> hides @import or url( behind CSS escapes is refused, and the browser fetches nothing outside', async ({
    page,
    baseURL,
  }) => {
    // A staff sign-in by e-mailed code, then two uploads: slow on a busy machine.
    test.setTimeout(180_000);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname.endsWith('evil.example')) outside.push(request.url());
    });
    await staffSignIn(page, HARBOR_EDITOR, baseURL);
    await page.getByRole('link', { name: /Harbor Community Bank/ }).click();
    await page
      .getByRole('navigation', { name: 'Institution sections' })
      .getByRole('link', { name: 'Theme' })
      .click();
    await expect(page.getByRole('heading', { name: 'Logos and images' })).toBeVisible();
    const icon = page
      .getByRole('heading', { name: 'Square icon', exact: true })
      .locator('xpath=..');
    const open = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">';
    const hidden = [
      `${open}<style>@\\69mport "https://evil.example/brand.css";</style><rect width="64" height="64" fill="#fff"/></svg>`,
      `${open}<style>rect { fill: u\\72l(https://evil.example/fill.svg#p) }</style><rect width="64" height="64"/></svg>`,
    ];
    for (const [index, svg] of hidden.entries()) {
      const answered = page.waitForResponse(
        (response) =>
          response.url().endsWith('/admin-api/institutions/harbor/assets') &&
          response.request().method() === 'POST',
      );
      await page.getByLabel('Square icon file').setInputFiles({
        name: `icon-${index}.svg`,
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(svg),
      });
      expect((await answered).status()).toBe(422);
      await expect(icon.getByRole('alert')).toHaveText(
        'This SVG is refused because its styles load external content or scripts.',
      );
    }
    // Nothing went into the draft, and no page of the admin app asked the outside address.
    await expect(page.getByText(/^Uploaded and put in the draft/)).toHaveCount(0);
    expect(outside).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('29. a preview opens only in the admin app at its own origin: another port or scheme gets no token, and a preview framed from another port stays empty', async ({
    page,
    baseURL,
  }) => {
    const own = new URL(baseURL ?? 'http://localhost:3100').origin;
    // Another service on the same host, on a port of its own (a test server, a forgotten
    // service): it serves whatever page it is given.
    let served = '<!doctype html><title>Another service</title>';
    const service = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(served);
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    const elsewhere = `http://localhost:${port}`;
    try {
      await staffSignIn(page, HARBOR_EDITOR, baseURL);
      await page.goto('/admin/#/i/harbor');
      // What the admin app asks (its api client: the session cookie and the CSRF header),
      // naming the origin the preview is to be framed by.
      const askToken = (adminOrigin: string) =>
        page.evaluate(async (origin) => {
          const answer = await fetch('/admin-api/institutions/harbor/preview-token', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
            body: JSON.stringify({ adminOrigin: origin }),
          });
          return { status: answer.status, body: await answer.text() };
        }, adminOrigin);
      for (const origin of [elsewhere, own.replace(/^http:/, 'https:')]) {
        const refused = await askToken(origin);
        expect(refused.status).toBe(403);
        expect(refused.body).toContain(
          'Previews open only in the admin app on this server or an address in ADMIN_ORIGINS.',
        );
        expect(refused.body).not.toContain('previewToken');
      }
      const granted = await askToken(own);
      expect(granted.status).toBe(200);
      const portalUrl = (JSON.parse(granted.body) as { portalUrl: string }).portalUrl;
      expect(portalUrl).toMatch(/\?previewToken=/);

      // The preview's address, framed by a page at the admin app's origin, shows the portal...
      served = `<!doctype html><html lang="en"><title>Framing page</title><iframe title="Preview" src="${portalUrl}" width="800" height="600"></iframe></html>`;
      const frameOf = () => page.frameLocator('iframe[title="Preview"]');
      await page.route(`${own}/e2e-framing-page`, (route) =>
        route.fulfill({ contentType: 'text/html', body: served }),
      );
      await page.goto(`${own}/e2e-framing-page`);
      await expect(frameOf().locator('#root > *').first()).toBeAttached({ timeout: 20_000 });

      // ...and framed by the page of the service on the other port, the browser refuses it:
      // the portal lets only the origin the token was given to frame it.
      const previewAnswer = page.waitForResponse((response) => response.url() === portalUrl);
      await page.goto(`${elsewhere}/`);
      const policy = (await previewAnswer).headers()['content-security-policy'] ?? '';
      expect(policy).toContain(`frame-ancestors 'self' ${own};`);
      expect(policy).not.toContain(elsewhere);
      await expect
        .poll(() =>
          page
            .frames()
            .find((frame) => frame !== page.mainFrame())
            ?.url(),
        )
        .toMatch(/^chrome-error:/);
      await expect(frameOf().locator('#root')).toHaveCount(0);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  test('31. the ACH draft preview link opens its PDF once: a second GET of it is refused', async ({
    page,
    request,
  }) => {
    await signIn(page, 'jordan.rivers');
    // The home equity loan: payments-jordan's journey 2 schedules on the line of credit, and once
    // it has, the line is at its scheduled-payment limit and offers no Monthly (seen when the two
    // journeys ran in the other order).
    await openPaymentScreen(page, HOME_EQUITY);
    // Only a saved method repeats; it is saved with the payment, and none is made here.
    await addNewBankAccount(page, { owner: 'Jordan Rivers', number: '71230456', save: true });

    // A recurring ACH payment: Harbor asks for the ACH draft agreement, with its preview.
    await chooseFrequency(page, 'Monthly');
    await page.getByLabel('First Payment Date').fill(businessDayAhead(12));
    await typeAmount(page, '31.00');
    const submitted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/PaymentRecurring/')) submitted.push(request.url());
    });
    await page.getByRole('button', { name: 'Schedule Payment' }).click();
    const agreement = page.getByRole('dialog', { name: 'Agreements' });
    const tab = page.waitForEvent('popup');
    const previewAnswer = page
      .context()
      .waitForEvent('response', (response) =>
        response.url().includes('/api/AchDraftAgreement/RenderACHDraftAgreementPreview?token='),
      );
    await agreement.getByRole('button', { name: 'Preview Agreement' }).click();
    const preview = await tab;
    const first = await previewAnswer;
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toBe('application/pdf');
    // The link opened the PDF once: the same link again, with the borrower's session, shows
    // nothing (before issue 20 it was a bearer link for half an hour).
    const again = await page.request.get(first.url());
    expect(again.status()).toBe(404);
    expect(again.headers()['content-type']).not.toContain('application/pdf');
    // Nor from a browser without the session (before issue 20: the PDF, to anyone with it).
    const anonymous = await request.get(first.url());
    expect(anonymous.status()).toBe(404);
    await preview.close();
    // Read all the same: Agree is offered. Nothing is scheduled here.
    await expect(agreement.getByRole('button', { name: 'Agree', exact: true })).toBeEnabled();
    await agreement.getByRole('button', { name: 'Cancel' }).click();
    await expect(agreement).toHaveCount(0);
    expect(submitted).toEqual([]);
  });
});
