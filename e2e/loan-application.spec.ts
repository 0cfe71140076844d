import { expect } from '@playwright/test';
import { expectNoAxeViolations, institutionOrigin, staffSignIn, test } from './fixtures';

/*
 * Issue 22: a loan application, from the borrower to a decision the borrower sees. Cedar takes
 * applications in the portal (globalOptions.useEgtConsumerOption on and no application site of
 * its own, in the demo seed), so Apply for a Loan opens the portal's form. quinn.harper applies;
 * Cedar's loan officer (loans@cedar.example, an editor there and in no other journey) finds the
 * application in the admin app's Work queue and approves it; the borrower's dashboard then shows
 * it Approved, with the amount approved on its page. Each run's application has its own number.
 */

const STAFF = 'loans@cedar.example';

test.describe('a loan application', () => {
  test('the borrower applies, staff approve it, and the borrower sees it approved', async ({
    page,
    baseURL,
  }) => {
    const cedar = institutionOrigin(baseURL, 'cedar');
    let number = '';

    await test.step('the borrower applies from the dashboard, checking the application first', async () => {
      await page.goto(`${cedar}/#/home/login`);
      await expect(page).toHaveURL(`${cedar}/demo/idp`);
      await page.getByRole('button', { name: 'Sign in as quinn.harper' }).click();
      await expect(page).toHaveURL(`${cedar}/#/myaccount/dashboard`);
      await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
      await page.getByRole('main').getByRole('link', { name: 'Apply for a Loan' }).click();
      await expect(page).toHaveURL(/#\/myaccount\/apply$/);
      await expect(page).toHaveTitle('Payments - Apply for a Loan');

      const form = page.getByRole('form', { name: 'Apply for a Loan' });
      await form.getByRole('combobox', { name: /^Kind of loan/ }).selectOption('Auto Loan');
      // Too little for an Auto Loan: said next to the field, in the rules' words.
      await form.getByRole('textbox', { name: /^Amount to borrow/ }).fill('900');
      await form.getByRole('button', { name: 'Review your application' }).click();
      await expect(form.getByText('The smallest Auto Loan is $5,000.00.')).toBeVisible();
      await expectNoAxeViolations(page);

      await form.getByRole('textbox', { name: /^Amount to borrow/ }).fill('18,500');
      await form.getByRole('combobox', { name: /^Repay over/ }).selectOption('60 months');
      await form
        .getByRole('textbox', { name: /^What the loan is for/ })
        .fill('A used pickup truck for the farm');
      await form.getByRole('textbox', { name: /^Yearly income before tax/ }).fill('72,000');
      await form.getByRole('combobox', { name: /^Employment/ }).selectOption('Self-employed');
      await form.getByRole('checkbox', { name: /may contact me/ }).check();
      await form.getByRole('button', { name: 'Review your application' }).click();

      const review = page.getByRole('region', { name: 'Check your application' });
      await expect(review.getByText('$18,500.00')).toBeVisible();
      await expect(review.getByText('60 months')).toBeVisible();
      await expect(review.getByText('Vehicle purchase agreement or dealer quote')).toBeVisible();
      await expectNoAxeViolations(page);
      await review.getByRole('button', { name: 'Submit application' }).click();

      await expect(page.getByRole('heading', { name: 'Application received' })).toBeFocused();
      const shown = page.getByText(/^A-\d{6}$/);
      await expect(shown).toBeVisible();
      number = (await shown.textContent())?.trim() ?? '';
      expect(number).toMatch(/^A-\d{6}$/);
      await expect(page.getByText('Its status is Received.', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page);

      // The documents it asks for are uploaded in the Document Center, the application chosen.
      await page.getByRole('link', { name: 'Upload them in the Document Center' }).click();
      await expect(page.getByRole('tab', { name: 'Applications Documents' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(
        page.getByRole('tabpanel').getByRole('combobox', { name: 'Application Number' }),
      ).toHaveValue(number);
    });

    await test.step('staff find it in the work queue and approve it', async () => {
      await staffSignIn(page, STAFF, baseURL);
      await page.goto('/admin/#/i/cedar/work-queue');
      await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Kind' }).selectOption('application');
      await expect(page).toHaveURL(/kind=application/);
      await page
        .getByRole('table', { name: 'Work queue items, newest first' })
        .getByRole('link', { name: `Auto Loan application ${number} for $18,500.00` })
        .click();

      const application = page.getByRole('region', { name: 'Loan application' });
      await expect(application.getByText(number, { exact: true })).toBeVisible();
      await expect(application.getByText('Received', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      const control = page.getByRole('form', { name: 'Change the application’s status' });
      await control.getByRole('combobox', { name: /^New status/ }).selectOption('Approved');
      await control.getByRole('textbox', { name: /^Amount approved/ }).fill('17,000');
      await control
        .getByRole('textbox', { name: /^Note for the audit log/ })
        .fill('Approved below the request: vehicle value');
      await control.getByRole('button', { name: 'Change status' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: 'The application is Approved now: the borrower sees it.' }),
      ).toBeVisible();
      await expect(application.getByText('$17,000.00')).toBeVisible();
      await expectNoAxeViolations(page);

      // The audit log has it, by whom.
      await page
        .getByRole('navigation', { name: 'Institution sections' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(
        page
          .getByRole('heading', { name: `Changed a loan application's status · ${STAFF}` })
          .first(),
      ).toBeVisible();
    });

    await test.step('the borrower sees it approved, with the amount approved', async () => {
      await page.goto(`${cedar}/#/myaccount/dashboard`);
      const list = page.getByRole('table', { name: 'Application Status' });
      const row = list.getByRole('row').filter({ hasText: number });
      await expect(row).toContainText('Approved');
      await row.getByRole('link', { name: number }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Application Information' }),
      ).toBeVisible();
      // Each term with its value (a term and its definition read one after the other).
      const main = page.getByRole('main');
      await expect(main).toContainText(`Application Number${number}`);
      await expect(main).toContainText('StatusApproved');
      await expect(main).toContainText('Amount Requested$18,500.00');
      await expect(main).toContainText('Amount Approved$17,000.00');
      await expectNoAxeViolations(page);
    });
  });
});
