import { expect, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  institutionOrigin,
  newestDemoMailId,
  staffSignIn,
  test,
  waitForDemoMail,
} from './fixtures';

/*
 * Issue 22: a contact-info change reaches a person. Cedar forces manual contact-info changes
 * (profileOptions.forceManualCifChangesOption in the demo seed), so its borrowers ask staff on
 * Contact Info Change; Cedar's member services (service@cedar.example, an editor there and in no
 * other journey) find the request in the admin app's Work queue and mark it handled with a note.
 */

const STAFF = 'service@cedar.example';
/** Harbor's member services (an editor there, in no other journey). */
const HARBOR_STAFF = 'service@harbor.example';

/**
 * Presses Tab until the target has the focus (at most `limit` presses): it is reached by the
 * keyboard, in the page's tab order, and nothing else moved the focus there.
 */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function fillAddress(group: Locator, address: Record<string, string>) {
  for (const [label, value] of Object.entries(address)) {
    if (label === 'State') await group.getByRole('combobox', { name: 'State' }).selectOption(value);
    else await group.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

/** Opens Contact Info Change from the main menu (behind the Menu button on a phone). */
async function openFromMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  const entry = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact Info Change' });
  // One of the two shows once the layout has its screen size (a loaded machine can ask before).
  await expect(menu.or(entry).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await entry.click();
  await expect(page).toHaveURL(/#\/myaccount\/requestChange$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Info Change' })).toBeVisible();
}

test.describe('the work queue', () => {
  // KNOWN FLAKE (open): once in a full run on the loaded 2-core machine (2026-12-02), the first
  // press of the contact-change form's loan checkbox did not tick it ("Clicking the checkbox did
  // not change its state"); five runs alone passed. Not yet explained. One retry keeps CI from
  // failing on it meanwhile (a retry shows in the report as flaky); a form that never ticks still
  // fails.
  test.describe.configure({ retries: 1 });

  test('a borrower asks for a contact-info change; staff find it in the work queue and mark it handled', async ({
    page,
    baseURL,
  }) => {
    // A street of this run's own, to tell its request from any other.
    const street = `${100 + (Date.now() % 9_000)} Aspen Court`;
    const cedar = institutionOrigin(baseURL, 'cedar');

    await test.step('the borrower sends the request', async () => {
      await page.goto(`${cedar}/#/home/login`);
      await expect(page).toHaveURL(`${cedar}/demo/idp`);
      await page.getByRole('button', { name: 'Sign in as quinn.harper' }).click();
      await expect(page).toHaveURL(`${cedar}/#/myaccount/dashboard`);
      await expect(page.getByRole('status', { name: 'Loading accounts' })).toHaveCount(0);
      await openFromMenu(page);

      const form = page.getByRole('form', { name: 'Contact Info Change' });
      const submit = form.getByRole('button', { name: 'Submit' });
      await expect(submit).toBeDisabled();
      const mortgage = form.getByRole('checkbox', { name: /^Mortgage \*{4}\d{4}$/ });
      await mortgage.check();
      await form.getByRole('switch', { name: 'Change Address' }).check();
      await fillAddress(form.getByRole('group', { name: 'Old Address' }), {
        Address: '1550 Larimer Street',
        City: 'Denver',
        State: 'CO',
        'Zip Code': '80202',
      });
      await fillAddress(form.getByRole('group', { name: 'New Address' }), {
        Address: street,
        'Address 2': 'Unit 2',
        City: 'Boulder',
        State: 'CO',
        'Zip Code': '80302',
      });
      await form.getByRole('switch', { name: 'Change Phone' }).check();
      await form.getByRole('textbox', { name: 'Old Phone Number' }).pressSequentially('3035550110');
      await form.getByRole('textbox', { name: 'New Phone Number' }).pressSequentially('3035550177');
      await expect(form.getByRole('textbox', { name: 'New Phone Number' })).toHaveValue(
        '(303) 555-0177',
      );
      await expectNoAxeViolations(page);

      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: 'Request sent' })).toBeVisible();
      // The form starts over.
      await expect(mortgage).not.toBeChecked();
      await expect(submit).toBeDisabled();
    });

    await test.step('staff open the work queue, see the request and mark it handled', async () => {
      await staffSignIn(page, STAFF, baseURL);
      await page.goto('/admin/#/i/cedar/work-queue');
      await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Institution sections' })
          .getByRole('link', { name: 'Work queue' }),
      ).toHaveAttribute('aria-current', 'page');
      await page.getByRole('combobox', { name: 'Kind' }).selectOption('contactChange');
      await page.getByRole('combobox', { name: 'Status' }).selectOption('new');
      await expect(page).toHaveURL(/kind=contactChange&status=new/);
      const table = page.getByRole('table', { name: 'Work queue items, newest first' });
      const requests = table.getByRole('row').filter({ hasText: 'Quinn Harper' });
      await expect(requests.first()).toBeVisible();
      await expectNoAxeViolations(page);

      // The newest first: this run's request.
      await requests
        .first()
        .getByRole('link', { name: /^Address and phone change for \*{4}\d{4}$/ })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: /^Address and phone change for/ }),
      ).toBeVisible();
      const sent = page.getByRole('region', { name: 'What was sent' });
      await expect(sent.getByText(street)).toBeVisible();
      await expect(sent.getByText('(303) 555-0177')).toBeVisible();
      await expectNoAxeViolations(page);

      const handle = page.getByRole('form', { name: 'Mark the item handled' });
      await handle
        .getByRole('textbox', { name: /^Note/ })
        .fill('Address and phone updated in the core');
      await handle.getByRole('button', { name: 'Mark handled' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
      await expect(page.getByText('Address and phone updated in the core')).toBeVisible();
      await expect(page.getByRole('form', { name: 'Mark the item handled' })).toHaveCount(0);
      await expect(page.getByRole('form', { name: 'Reopen the item' })).toBeVisible();
      await expectNoAxeViolations(page);

      // The audit log has it, by whom.
      await page
        .getByRole('navigation', { name: 'Institution sections' })
        .getByRole('link', { name: 'Audit log' })
        .click();
      await expect(
        page.getByRole('heading', { name: `Marked a work queue item handled · ${STAFF}` }).first(),
      ).toBeVisible();
    });
  });

  test('by keyboard alone: a visitor asks a question with the captcha, staff reply, and the reply is in the mailbox', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? 'http://localhost:3100').origin;
    // An address and subject of this run's own.
    const run = Date.now() % 1_000_000;
    const visitor = `kim.visitor.${run}@example.test`;
    const subject = `Payoff letter ${run}`;

    await test.step('the visitor writes and sends the question with the keyboard', async () => {
      await page.goto('/#/home/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Compose Message' })).toBeVisible();
      const types = page.getByRole('radiogroup', { name: 'Message type' });
      await tabTo(page, types.getByRole('radio').first());
      // Arrows move within the group and choose; Question is the second choice.
      if (!(await types.getByRole('radio', { name: 'Question' }).isChecked())) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(types.getByRole('radio', { name: 'Question' })).toBeChecked();

      await tabTo(page, page.getByRole('textbox', { name: /^Name/ }));
      await page.keyboard.type('Kim Visitor');
      await tabTo(page, page.getByRole('textbox', { name: /^Email/ }));
      await page.keyboard.type(visitor);
      await tabTo(page, page.getByRole('textbox', { name: /^Subject/ }));
      await page.keyboard.type(subject);
      await tabTo(page, page.getByRole('textbox', { name: /^Message/ }));
      await page.keyboard.type('Please send me a payoff letter for my mortgage.');
      const captcha = page.getByRole('checkbox', { name: "I'm not a robot" });
      await tabTo(page, captcha);
      await page.keyboard.press('Space');
      await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
      await tabTo(page, page.getByRole('button', { name: 'Send' }));
      await page.keyboard.press('Enter');
      await expect(
        page.getByText("Thank you for your message. We'll get back to you shortly."),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('staff open the question and reply by e-mail, by keyboard', async () => {
      const before = await newestDemoMailId(page, origin, visitor);
      await staffSignIn(page, HARBOR_STAFF, baseURL);
      await page.goto('/admin/#/i/harbor/work-queue?kind=question&status=new');
      const table = page.getByRole('table', { name: 'Work queue items, newest first' });
      const item = table.getByRole('link', { name: subject });
      await expect(item).toBeVisible();
      await tabTo(page, item, 80);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expectNoAxeViolations(page);

      const reply = page.getByRole('form', { name: 'Reply by e-mail' });
      await tabTo(page, reply.getByRole('textbox', { name: /^Message/ }), 80);
      await page.keyboard.type('Your payoff letter is on its way by mail.');
      await tabTo(page, reply.getByRole('button', { name: 'Send reply' }));
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: `Reply sent to ${visitor}` }),
      ).toBeVisible();

      const mail = await waitForDemoMail(page, origin, visitor, { afterId: before });
      expect(mail.subject).toBe(`Re: ${subject}`);
      expect(mail.body).toContain('Your payoff letter is on its way by mail.');
      // Their question is quoted under the reply.
      expect(mail.body).toContain('Please send me a payoff letter for my mortgage.');
    });
  });
});
