import { IDEMPOTENCY_KEY_HEADER } from '@portal/domain';
import { expectNoAxeViolations, type StubHandler } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const LOAD = { timeout: 10_000 };
const AXE_TEST_MS = 60_000;

/** The portal's form is offered: applications taken in the portal, no site of their own. */
const FORM_ON: SettingValues = {
  'globalOptions.useEgtConsumerOption': 'true',
  'globalOptions.useDocumentCenterOption': 'true',
  'globalOptions.useFileServicesOption': 'true',
};

const RECEIVED = {
  body: {
    HasNoErrors: true,
    Errors: [],
    ApplicationNumber: 'A-250001',
    Status: 'Received',
    RequiredDocuments: [
      "Proof of income (two recent pay stubs or last year's tax return)",
      'Government-issued photo ID',
    ],
  },
};

function renderApply(
  options: { settings?: SettingValues; answer?: StubHandler; path?: string } = {},
) {
  return renderPortal({
    path: options.path ?? '/myaccount/apply',
    signedIn: true,
    settings: { ...FORM_ON, ...options.settings },
    routes: { 'POST /api/Register/Apply': options.answer ?? RECEIVED },
  });
}

const form = () => screen.getByRole('form', { name: 'Apply for a Loan' });
const field = (name: RegExp) => within(form()).getByRole('textbox', { name });
const select = (name: RegExp) => within(form()).getByRole('combobox', { name });

async function openForm() {
  return screen.findByRole('form', { name: 'Apply for a Loan' }, LOAD);
}

/** Answers every question of a Personal Loan of $12,500.00 over 36 months. */
async function fillIn(user: UserEvent) {
  await openForm();
  await user.selectOptions(select(/^Kind of loan/), 'Personal Loan');
  await user.type(field(/^Amount to borrow/), '12500');
  await user.selectOptions(select(/^Repay over/), '36 months');
  await user.type(field(/^What the loan is for/), 'Consolidate two credit cards');
  await user.type(field(/^Yearly income before tax/), '85,000');
  await user.selectOptions(select(/^Employment/), 'Employed full-time');
  await user.click(within(form()).getByRole('checkbox', { name: /may contact me/ }));
}

const review = () => screen.getByRole('region', { name: 'Check your application' });

describe('applying for a loan', () => {
  it(
    'asks each question by its label and says what is wrong next to it in the rules’ words, keeping what was typed',
    async () => {
      const { user, server } = renderApply();
      await openForm();
      expect(screen.getByRole('heading', { level: 1, name: 'Apply for a Loan' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Review your application' }));
      expect(await screen.findByText('Choose the kind of loan.')).toBeVisible();
      expect(screen.getByText('Enter the amount in dollars, like 12,500.00.')).toBeVisible();
      expect(screen.getByText('Choose how many months to repay over.')).toBeVisible();
      expect(screen.getByText('Say what the loan is for.')).toBeVisible();
      expect(screen.getByText('Choose your employment.')).toBeVisible();
      expect(
        screen.getByText('To apply, agree that we may contact you about this application.'),
      ).toBeVisible();
      // The first question wrong takes the focus.
      expect(select(/^Kind of loan/)).toHaveFocus();
      expect(select(/^Kind of loan/)).toHaveAccessibleDescription('Choose the kind of loan.');

      await user.selectOptions(select(/^Kind of loan/), 'Auto Loan');
      expect(field(/^Amount to borrow/)).toHaveAccessibleDescription(
        expect.stringContaining('From $5,000.00 to $100,000.00'),
      );
      await user.type(field(/^Amount to borrow/), '900');
      await user.tab();
      expect(await screen.findByText('The smallest Auto Loan is $5,000.00.')).toBeVisible();
      // Kept as typed (written back with its cents), and only the Auto Loan's terms offered.
      expect(field(/^Amount to borrow/)).toHaveValue('900.00');
      expect(
        within(select(/^Repay over/))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Choose…',
        '24 months',
        '36 months',
        '48 months',
        '60 months',
        '72 months',
        '84 months',
      ]);
      expect(server.requestsTo('POST /api/Register/Apply')).toHaveLength(0);
      await expectNoAxeViolations();
    },
    AXE_TEST_MS,
  );

  it(
    'reviews exactly what will be sent, sends it once with its Idempotency-Key, and confirms with the number and the documents to upload',
    async () => {
      const { user, server } = renderApply();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Review your application' }));
      const checkHeading = await screen.findByRole('heading', { name: 'Check your application' });
      await waitFor(() => expect(checkHeading).toHaveFocus());
      const lines = within(review())
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(lines).toEqual([
        ['Kind of loan', 'Personal Loan'],
        ['Amount to borrow', '$12,500.00'],
        ['Repay over', '36 months'],
        ['What the loan is for', 'Consolidate two credit cards'],
        ['Yearly income before tax', '$85,000.00'],
        ['Employment', 'Employed full-time'],
        [
          'Contact about this application',
          'Yes: I agree that the institution may contact me by phone, e-mail or text about this application.',
        ],
      ]);
      expect(within(review()).getByText('Government-issued photo ID')).toBeVisible();
      await expectNoAxeViolations();

      // Change goes back to the form as it was left.
      await user.click(screen.getByRole('button', { name: 'Change your answers' }));
      expect(await openForm()).toBeVisible();
      expect(select(/^Kind of loan/)).toHaveFocus();
      expect(field(/^Amount to borrow/)).toHaveValue('12,500.00');
      await user.clear(field(/^Amount to borrow/));
      await user.type(field(/^Amount to borrow/), '12,000');
      await user.click(screen.getByRole('button', { name: 'Review your application' }));
      expect(
        within(await screen.findByRole('region', { name: 'Check your application' })).getByText(
          '$12,000.00',
        ),
      ).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Submit application' }));
      const received = await screen.findByRole('heading', { name: 'Application received' });
      await waitFor(() => expect(received).toHaveFocus());
      const [sent] = server.requestsTo('POST /api/Register/Apply');
      expect(sent?.body).toEqual({
        ProductId: 'personal',
        AmountRequested: 12_000,
        TermMonths: 36,
        Purpose: 'Consolidate two credit cards',
        AnnualIncome: 85_000,
        EmploymentStatus: 'fullTime',
        ContactConsent: true,
      });
      expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[\x21-\x7E]{8,}$/);
      expect(screen.getByText('A-250001')).toBeVisible();
      expect(screen.getByText(/Its status is Received/)).toBeVisible();
      expect(screen.getByText('Government-issued photo ID')).toBeVisible();
      expect(
        screen.getByRole('link', { name: 'Upload them in the Document Center' }),
      ).toHaveAttribute('href', '#/myaccount/document-center?tab=application&application=A-250001');
      expect(screen.getByRole('link', { name: 'See your application' })).toHaveAttribute(
        'href',
        '#/myaccount/applicationdetails/A-250001',
      );
      await expectNoAxeViolations();

      // The dashboard's application list has it.
      server.route('GET /api/Application/GetList', {
        body: {
          HasNoErrors: true,
          Errors: [],
          Applications: [
            {
              ApplicationNumber: 'A-250001',
              Status: 'Received',
              AmountRequested: 12_000,
              AmountApproved: 0,
              LastModified: '2026-01-05T00:00:00',
              Office: 'Online',
              FundsExpected: '0001-01-01T00:00:00',
            },
          ],
        },
      });
      await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Dashboard' }));
      const list = await screen.findByRole('table', { name: 'Application Status' }, LOAD);
      expect(within(list).getByRole('link', { name: 'A-250001' })).toBeVisible();
      expect(within(list).getByText('Received')).toBeVisible();
    },
    AXE_TEST_MS,
  );

  it('puts a field the server refused next to it, back on the form with what was typed', async () => {
    const { user } = renderApply({
      answer: {
        status: 400,
        body: {
          HasNoErrors: false,
          Errors: [{ ErrorMessage: 'The largest Personal Loan is $10,000.00.' }],
          InvalidFields: ['AmountRequested'],
        },
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Review your application' }));
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('The largest Personal Loan is $10,000.00.')).toBeVisible();
    expect(field(/^Amount to borrow/)).toHaveFocus();
    expect(field(/^Amount to borrow/)).toHaveValue('12,500.00');
    expect(field(/^What the loan is for/)).toHaveValue('Consolidate two credit cards');
  });

  it('keeps the attempt’s key when the answer is lost: Submit again sends the same key, and the application is made once', async () => {
    let calls = 0;
    const { user, server } = renderApply({
      answer: () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Connection' }] } }
          : RECEIVED;
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Review your application' }));
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not confirm that your application was received. Press Submit application again: it will not be sent twice.',
    );
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeVisible();
    const keys = server
      .requestsTo('POST /api/Register/Apply')
      .map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks, checks and confirms in the institution’s own words (loanApplicationTexts)', async () => {
    const { user } = renderApply({
      settings: {
        'loanApplicationTexts.introText': 'A few questions about the loan.',
        'loanApplicationTexts.productLabel': 'Loan type',
        'loanApplicationTexts.termMonthsText': '{n} monthly payments',
        'loanApplicationTexts.productRequiredText': 'Pick a loan type.',
        'loanApplicationTexts.reviewButtonText': 'Check my answers',
        'loanApplicationTexts.reviewHeadingText': 'Your answers',
        'loanApplicationTexts.submitButtonText': 'Send it',
        'loanApplicationTexts.receivedHeadingText': 'Thank you',
        'loanApplicationTexts.uploadInDocumentCenterText': 'Send your documents',
      },
    });
    await openForm();
    expect(screen.getByText('A few questions about the loan.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('Pick a loan type.')).toBeVisible();
    await user.selectOptions(select(/^Loan type/), 'Personal Loan');
    expect(
      within(select(/^Repay over/)).getByRole('option', { name: '36 monthly payments' }),
    ).toBeInTheDocument();
    await user.type(field(/^Amount to borrow/), '12500');
    await user.selectOptions(select(/^Repay over/), '36 monthly payments');
    await user.type(field(/^What the loan is for/), 'Consolidate two credit cards');
    await user.type(field(/^Yearly income before tax/), '85,000');
    await user.selectOptions(select(/^Employment/), 'Employed full-time');
    await user.click(within(form()).getByRole('checkbox', { name: /may contact me/ }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByRole('heading', { name: 'Your answers' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send it' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Send your documents' })).toBeVisible();
  });

  it('says so when the institution takes no applications here', async () => {
    const { user } = renderApply({
      answer: {
        status: 403,
        body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotOffered' }] },
      },
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Review your application' }));
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Loan applications are not taken here at the moment. Please contact us to apply.',
    );
  });

  it('is opened by the dashboard’s Apply for a Loan when the institution has no application site of its own', async () => {
    const { user } = renderApply({ path: '/myaccount/dashboard' });
    const apply = await within(await screen.findByRole('main', {}, LOAD)).findByRole(
      'link',
      { name: 'Apply for a Loan' },
      LOAD,
    );
    expect(apply).toHaveAttribute('href', '#/myaccount/apply');
    await user.click(apply);
    expect(await openForm()).toBeVisible();
    expect(document.title).toBe('Payments - Apply for a Loan');
  });

  it('is not there when the institution sends borrowers to its own site: the route goes to the dashboard', async () => {
    renderApply({
      settings: { 'globalOptions.applyForLoanURLOption': 'https://apply.example.com/start' },
    });
    expect(
      await within(await screen.findByRole('main', {}, LOAD)).findByRole(
        'button',
        { name: 'Apply for a Loan' },
        LOAD,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Apply for a Loan' })).toBeNull();
  });

  it(
    'has no axe violations in the dark scheme, on the form with its errors and on the review',
    async () => {
      const { user } = renderApply({ settings: { 'themeOptions.colorScheme': 'dark' } });
      await openForm();
      await user.click(screen.getByRole('button', { name: 'Review your application' }));
      await screen.findByText('Choose the kind of loan.');
      await expectNoAxeViolations();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Review your application' }));
      await screen.findByRole('region', { name: 'Check your application' });
      await expectNoAxeViolations();
    },
    AXE_TEST_MS,
  );
});
