import { expect, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  institutionOrigin,
  newestDemoMailId,
  test,
  waitForDemoMail,
} from './fixtures';

// Registration with the e-mail security code (spec 000 sections 2.9, 2.10 and 8) at Summit, whose
// seeded settings turn registrationOptions.multiFactorDuringRegistrationOption on. Rowan Pike is
// Summit's account holder without an online user (server/src/modules/registration/registration.demo.ts).

const DASHBOARD = /#\/myaccount\/dashboard/;

const ROWAN = {
  accountNumber: '2014005002',
  firstName: 'Rowan',
  lastName: 'Pike',
  email: 'rowan.pike@example.test',
  ssn: '900661122',
  dateOfBirth: '03221984',
  zip: '80203',
  phone: '3035550166',
  loginName: 'rowan.pike',
  password: 'Summit-Pike-2025',
};

/** The subjects of Summit's e-mails (the schema's default wording). */
const REGISTRATION_CODE_SUBJECT = 'Summit Lending: your security code';
const SIGN_IN_CODE_SUBJECT = 'Summit Lending security code';

/**
 * The code of the first message with this subject after `afterId`, skipping others in between
 * (the welcome e-mail is sent between the registration code and the sign-in code).
 */
async function codeFromMail(
  page: Page,
  origin: string,
  subject: string,
  afterId: number,
): Promise<string> {
  let after = afterId;
  for (let skipped = 0; skipped < 5; skipped += 1) {
    const mail = await waitForDemoMail(page, origin, ROWAN.email, { afterId: after });
    if (mail.subject === subject) {
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
      expect(code, `no code in:\n${mail.body}`).toBeDefined();
      return code ?? '';
    }
    after = mail.id;
  }
  throw new Error(`no "${subject}" e-mail to ${ROWAN.email}`);
}

test('registration at Summit verifies the e-mail with a code, then signs the new user in', async ({
  page,
  baseURL,
}) => {
  const summit = institutionOrigin(baseURL, 'summit');
  const before = await newestDemoMailId(page, summit, ROWAN.email);

  await page.goto(`${summit}/#/home/register`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Register for an account' }),
  ).toBeVisible();
  // Summit registers loan accounts only: the account type is preset, no choice shows.
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByLabel('Account Number', { exact: true }).fill(ROWAN.accountNumber);
  await expect(page.getByLabel('Account Number', { exact: true })).toHaveValue('201-400500-2');
  await page.getByLabel('First Name', { exact: true }).fill(ROWAN.firstName);
  await page.getByLabel('Last Name', { exact: true }).fill(ROWAN.lastName);
  await page.getByLabel('Email Address', { exact: true }).fill(ROWAN.email);
  await page.getByLabel('Social Security Number', { exact: true }).fill(ROWAN.ssn);
  await page.getByLabel('Date of Birth', { exact: true }).fill(ROWAN.dateOfBirth);
  await expect(page.getByLabel('Date of Birth', { exact: true })).toHaveValue('03/22/1984');
  await page.getByLabel('Zip Code', { exact: true }).fill(ROWAN.zip);
  await page.getByLabel('Phone Number', { exact: true }).fill(ROWAN.phone);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The e-mail code step: entering it e-mails a code to the address typed.
  await expect(page.getByRole('heading', { level: 2, name: 'Email Verification' })).toBeVisible();
  await expect(page.getByText(`We have sent a security code to ${ROWAN.email}.`)).toBeVisible();
  const codeField = page.getByLabel('Security Code', { exact: true });
  await expect(codeField).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeEnabled();
  const code = await codeFromMail(page, summit, REGISTRATION_CODE_SUBJECT, before);
  await expectNoAxeViolations(page);

  // A wrong code is refused with the spec's message, and the step stays.
  await codeField.fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There was an error while validating.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Email Verification' })).toBeVisible();
  await expectNoAxeViolations(page);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible();
  await page
    .getByLabel('Secret Question', { exact: true })
    .selectOption('What was the name of your first pet?');
  await page.getByLabel('Secret Answer', { exact: true }).fill('Summit Fox');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Registration' })).toBeVisible();
  await page.getByLabel('Login Name', { exact: true }).fill(ROWAN.loginName);
  await page.getByLabel('Password', { exact: true }).fill(ROWAN.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(ROWAN.password);
  // Summit has no agreements to accept at registration.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  const beforeSignIn = await newestDemoMailId(page, summit, ROWAN.email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Your account has been successfully registered.')).toBeVisible();

  // The login screen signs the new user in; Summit asks every sign-in for a security code.
  await expect(page.getByRole('heading', { level: 2, name: 'Security Code' })).toBeVisible();
  const signInCode = await codeFromMail(page, summit, SIGN_IN_CODE_SUBJECT, beforeSignIn);
  await page.getByRole('textbox', { name: 'Security Code' }).fill(signInCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(DASHBOARD);
  await expect(page.getByRole('banner').getByText('Rowan Pike')).toBeVisible();
});
