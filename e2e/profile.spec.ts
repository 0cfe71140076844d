import { expect, type Locator, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  institutionOrigin,
  newestDemoMailId,
  signIn,
  signInAtSummit,
  test,
  waitForDemoMail,
} from './fixtures';
import {
  axe,
  addNewCard,
  CARDS,
  chooseFrequency,
  submitAndConfirm,
  typeAmount,
  confirmationRows,
} from './payment-journeys';

// The Profile page's journeys (issue 21 "Must show"), on the real server and the demo seed. Each
// journey has a demo borrower of its own that no other journey file uses, as they change data
// (server/src/demo/demo-users.ts): robin.hale gets a new e-mail address and password, taylor.reed
// (Harbor and Summit) leaves the profile with unsaved changes and saves a notification by
// keyboard, alex.park (Summit, which offers texts) subscribes a phone to texts and pays.

const HARBOR_SAVED = 'Saved';

async function openProfile(page: Page, origin = '') {
  await page.goto(`${origin}/#/myaccount/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // The page is lazy and its data arrives after the heading.
  await expect(page.getByRole('status', { name: 'Loading the profile' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Notifications' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to logout?' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** The link of a demo mail, at the origin the journey uses. */
function linkIn(body: string, pattern: RegExp, origin: string): string {
  const found = pattern.exec(body)?.[0];
  expect(found, `no link matching ${pattern} in:\n${body}`).toBeDefined();
  const url = new URL(found ?? '');
  return `${origin}${url.pathname}${url.search}${url.hash}`;
}

/**
 * Presses Tab (or Shift+Tab) until the element has the focus: the keyboard journey moves only as
 * a keyboard user does, never by clicking or focusing from the script.
 */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < (options.max ?? 120); presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('profile', () => {
  test('1. change the e-mail (verified through the demo mailbox) and the password, then sign in with it', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? 'http://localhost:3100').origin;
    const oldEmail = 'robin.hale@example.test';
    const newEmail = 'robin.hale.home@example.test';
    const newPassword = 'Robin-Harbor-2026';
    await signIn(page, 'robin.hale');
    await openProfile(page);
    const userInfo = page.getByRole('form', { name: 'User Information' });
    await expect(userInfo.getByRole('textbox', { name: /^E-mail Address/ })).toHaveValue(oldEmail);
    await expectNoAxeViolations(page);

    // The e-mail: a link to the new address; the old one stays until it is opened.
    const noticeAfter = await newestDemoMailId(page, origin, oldEmail);
    await userInfo.getByRole('textbox', { name: /^E-mail Address/ }).fill(newEmail);
    await userInfo.getByRole('button', { name: 'Save' }).click();
    await expect(userInfo.getByRole('img', { name: HARBOR_SAVED })).toBeVisible();
    await expect(
      userInfo.getByText(
        `We sent a link to ${newEmail}. Your e-mail address changes when you open it.`,
      ),
    ).toBeVisible();
    await expect(userInfo.getByRole('textbox', { name: /^E-mail Address/ })).toHaveValue(oldEmail);
    const mail = await waitForDemoMail(page, origin, newEmail);
    const link = linkIn(mail.body, /https?:\/\/\S+#\/home\/verifyEmail\/[^\s"<>]+/, origin);
    // Opened from the mail in a tab of its own, as a borrower does: confirmed, then the login.
    const tab = await page.context().newPage();
    const validated = tab.waitForResponse((response) =>
      /\/api\/login\/validateemail/i.test(response.url()),
    );
    await tab.goto(link);
    expect((await validated).ok()).toBe(true);
    await expect(tab).toHaveURL(/#\/home\/login/);
    await tab.close();
    await page.reload();
    await openProfile(page);
    await expect(userInfo.getByRole('textbox', { name: /^E-mail Address/ })).toHaveValue(newEmail);
    await expect(userInfo.getByText(/We sent a link to/)).toHaveCount(0);
    const notice = await waitForDemoMail(page, origin, oldEmail, { afterId: noticeAfter });
    // The old address is told of the change, the new address masked.
    expect(notice.body).toContain('was just changed to r***@example.test');
    expect(notice.body).not.toContain(newEmail);

    // The password: the current one, the new one twice (checked on the server as typed).
    await userInfo.getByLabel(/^Current Password/).fill(DEMO_PASSWORD);
    await userInfo.getByLabel(/^New Password/).fill(newPassword);
    await userInfo.getByLabel(/^Confirm New Password/).fill(newPassword);
    const save = userInfo.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await axe(page);
    await save.click();
    await expect(userInfo.getByRole('img', { name: HARBOR_SAVED })).toBeVisible();
    await expect(userInfo.getByLabel(/^Current Password/)).toHaveValue('');
    await expectNoAxeViolations(page);

    // Signed out, the old password no longer opens the account; the new one does.
    await logOut(page);
    await page.getByLabel('Username').fill('robin.hale');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username or password is invalid.')).toBeVisible();
    await signIn(page, 'robin.hale', newPassword);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });

  test('2. leaving the profile with unsaved changes asks first: stay, then leave; light and dark', async ({
    page,
    baseURL,
  }) => {
    const question = 'There are unsaved changes on the page, are you sure you want to continue?';
    const leave = async (origin: string) => {
      await openProfile(page, origin);
      const userInfo = page.getByRole('form', { name: 'User Information' });
      const loginName = userInfo.getByRole('textbox', { name: /^Login Name/ });
      await loginName.fill('taylor.reed2');
      const navigation = page.getByRole('navigation', { name: 'Main' });
      await navigation.getByRole('link', { name: 'Dashboard' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(question)).toBeVisible();
      await axe(page);
      // No: the profile stays as typed.
      await dialog.getByRole('button', { name: 'No' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/#\/myaccount\/profile/);
      await expect(loginName).toHaveValue('taylor.reed2');
      // Yes: the dashboard, and the change is not saved.
      await navigation.getByRole('link', { name: 'Dashboard' }).click();
      await expect(dialog.getByText(question)).toBeVisible();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await expect(page).toHaveURL(/#\/myaccount\/dashboard/);
      // The dashboard is drawn (the profile left the page) before the profile is opened again.
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
      await openProfile(page, origin);
      await expect(loginName).toHaveValue('taylor.reed');
    };

    await signIn(page, 'taylor.reed');
    await leave('');

    // Dark, at Summit (which follows the device's colour scheme).
    await page.emulateMedia({ colorScheme: 'dark' });
    const summit = institutionOrigin(baseURL, 'summit');
    await signInAtSummit(page, summit, 'taylor.reed');
    await leave(summit);
  });

  test('3. by keyboard alone: sign in, open the profile, change a notification and save', async ({
    page,
  }) => {
    await page.goto('/#/home/login');
    const username = page.getByLabel('Username');
    await expect(username).toBeVisible();
    await tabTo(page, username);
    await page.keyboard.type('taylor.reed');
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);

    const profileLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Profile',
    });
    await tabTo(page, profileLink);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Notifications' });
    const toggle = form.getByRole('switch', { name: 'My login name changes: Email' });
    await expect(toggle).toBeVisible();
    const before = await toggle.isChecked();

    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect(toggle).toBeChecked({ checked: !before });
    // Save comes after the toggles; Shift+Tab back past it would do as well.
    const save = form.getByRole('button', { name: 'Save' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('img', { name: 'Saved' })).toBeVisible();
    await expect(save).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Saved on the server: a fresh page reads it back.
    await page.reload();
    await expect(page.getByRole('status', { name: 'Loading the profile' })).toHaveCount(0);
    await expect(toggle).toBeChecked({ checked: !before });
  });

  test('4. subscribe the phone to texts through the agreement, pay, and read the text on the demo phone', async ({
    page,
    baseURL,
  }) => {
    // Sign-in with a code, the subscription, a payment and the phone: longer than most journeys.
    test.setTimeout(180_000);
    // Summit offers texts, with a texting agreement no demo borrower has accepted.
    const summit = institutionOrigin(baseURL, 'summit');
    await signInAtSummit(page, summit, 'alex.park');
    await openProfile(page, summit);
    const personal = page.getByRole('form', { name: 'Personal Information' });
    await personal.getByRole('switch', { name: 'Text messages' }).click();

    // The texting agreement first (no demo borrower has accepted it).
    const dialog = page.getByRole('dialog', { name: 'Text Subscriptions' });
    const agree = dialog.getByRole('button', { name: 'Agree', exact: true });
    await expect(agree).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Text Message Terms' })).toBeVisible();
    await axe(page);
    await agree.click();

    // Then the programme's options; Save only once one changed.
    const programme = dialog.getByRole('group', { name: 'Summit Lending' });
    await expect(programme).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await axe(page);
    await programme.getByRole('checkbox', { name: 'Account' }).check();
    await save.click();
    await expect(dialog).toHaveCount(0);
    await expect(personal.getByRole('switch', { name: 'Text messages' })).toBeChecked();

    // The Text toggles work now the phone is opted in: texts when a payment is made online.
    const notifications = page.getByRole('form', { name: 'Notifications' });
    const paymentText = notifications.getByRole('switch', {
      name: 'A payment is made online: Text',
    });
    await expect(paymentText).toBeEnabled();
    await paymentText.check();
    await notifications.getByRole('button', { name: 'Save' }).click();
    await expect(notifications.getByRole('img', { name: 'Saved' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A payment now by card on the borrower's only loan.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Make Payment' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Make Payment' })).toBeVisible();
    // Its only loan, chosen in the list (the menu's Make Payment chooses none).
    await page.getByRole('combobox', { name: 'Loan Account' }).selectOption({ index: 1 });
    await expect(page.getByRole('combobox', { name: 'Loan Account' })).toHaveValue(
      /^201-100870-\d$/,
    );
    await addNewCard(page, {
      number: CARDS.visa,
      firstName: 'Alex',
      lastName: 'Park',
      save: false,
    });
    await chooseFrequency(page, 'One Time');
    await typeAmount(page, '50.00');
    await submitAndConfirm(page, 'Make Payment');
    const rows = await confirmationRows(page);
    const loanNumber = rows['Loan Number'] ?? '';
    // The text names what was paid: the amount and Summit's card fee.
    const total = rows.Total ?? '';
    expect(total).toMatch(/^\$5\d\.\d\d$/);
    expect(loanNumber).toMatch(/^201-100870-\d$/);

    // The demo phone's inbox has the text of the payment received, the loan masked.
    await page.goto(`${summit}/demo/phone`);
    const phone = page.getByRole('region', { name: '207-555-0193' });
    await expect(async () => {
      await page.reload();
      await expect(
        phone.getByText(
          `Summit Lending: your payment of ${total} on loan ****${loanNumber.replace(/\D/g, '').slice(-4)}`,
        ),
      ).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    // Masked account numbers only.
    await expect(phone).not.toContainText(loanNumber);
  });
});
