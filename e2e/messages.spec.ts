import { expect, type Page } from '@playwright/test';
import { DEMO_USERS, expectNoAxeViolations, institutionOrigin, signIn, test } from './fixtures';

// Messages to the institution (spec 002 "Messages (contact) screen", issue 22): a question with
// the captcha logged out and logged in, and feedback, at Harbor (its messages screen is on and no
// journey turns it off; Summit's is off). The captcha is a real proof of work the browser solves
// (about a second). Each message becomes an item of Harbor's staff work queue; nothing a borrower
// sees changes, so casey.morgan may share the seed with other journeys. The dark scheme is
// checked at Cedar, which follows the device's scheme.

/** Solving takes the browser a second or two; a slow CI machine gets room. */
const SOLVE_TIMEOUT_MS = 30_000;

async function openMessages(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Compose Message' })).toBeVisible();
}

async function chooseType(page: Page, type: 'Feedback' | 'Question') {
  await page
    .getByRole('radiogroup', { name: 'Message type' })
    .getByRole('radio', { name: type })
    .check();
}

async function solveCaptcha(page: Page) {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({
    timeout: SOLVE_TIMEOUT_MS,
  });
}

async function writeQuestion(page: Page, subject: string) {
  await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('When is the next escrow analysis of my mortgage?');
  await expect(page.getByText('Characters left: 252')).toBeVisible();
}

const QUESTION_THANKS = "Thank you for your message. We'll get back to you shortly.";

test.describe('messages to the institution', () => {
  test('logged out: the logo and Back to Login, a question with the captcha, then feedback', async ({
    page,
  }) => {
    await openMessages(page, '/#/home/messages');
    await expect(page).toHaveTitle(/Messages/);
    await expect(page.getByRole('img', { name: 'Harbor Community Bank' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

    await chooseType(page, 'Question');
    // Sent as it is, the form says what is missing next to each field and sends nothing.
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Must Complete Captcha')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: /^Name/ }).fill('Sam Visitor');
    await page.getByRole('textbox', { name: /^Email/ }).fill('sam.visitor@example.test');
    await page.getByRole('textbox', { name: /^Branch Number/ }).fill('12');
    await writeQuestion(page, 'Escrow analysis (public page)');
    await solveCaptcha(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(QUESTION_THANKS)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Subject/ })).toHaveCount(0);

    await chooseType(page, 'Feedback');
    await page
      .getByRole('radiogroup', { name: /How was your experience/ })
      .getByRole('radio', { name: 'Good' })
      .check();
    await page
      .getByRole('radiogroup', { name: 'Reason' })
      .getByRole('radio', { name: 'Speed' })
      .check();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Sam Visitor');
    await page.getByRole('textbox', { name: /^Email/ }).fill('sam.visitor@example.test');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('logged in: a question with the captcha, under the session’s name, and feedback', async ({
    page,
  }) => {
    await signIn(page, DEMO_USERS.casey.username);
    await page.getByRole('link', { name: 'Messages' }).first().click();
    await expect(page).toHaveURL(/#\/myaccount\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compose Message' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);

    await chooseType(page, 'Question');
    // The session's name and e-mail go with it: none asked.
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveCount(0);
    await writeQuestion(page, 'Escrow analysis (signed in)');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(QUESTION_THANKS)).toBeVisible();

    await chooseType(page, 'Feedback');
    await page
      .getByRole('radiogroup', { name: /How was your experience/ })
      .getByRole('radio', { name: 'Could Be Better' })
      .check();
    await page.getByRole('textbox', { name: /^Message/ }).fill('A dark mode would be nice.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
  });

  test('in the dark scheme, the public page has no axe violations', async ({ page, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const cedar = institutionOrigin(baseURL, 'cedar');
    await openMessages(page, `${cedar}/#/home/messages`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await chooseType(page, 'Question');
    await page.getByRole('textbox', { name: /^Message/ }).fill('x'.repeat(260));
    // The counter's error state (40 left) and the fields' errors, in the dark scheme.
    await expect(page.getByText('Characters left: 40').first()).toBeVisible();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Subject is required.')).toBeVisible();
    await expectNoAxeViolations(page);
    await solveCaptcha(page);
    await expectNoAxeViolations(page);
  });
});
