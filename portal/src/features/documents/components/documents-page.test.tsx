import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SettingValues } from '../../../testing/fixtures';
import { renderPortal } from '../../../testing/render-portal';

const DRAFTS_ROUTE = 'GET /api/AchDraftAgreement/GetACHDrafts';
const DRAFTS = [
  {
    Id: '0b6f1f9e-6a55-4a8f-9a34-5b0f0f6f2a11',
    LoanAccountNumber: '001-100234-1',
    CreationDate: '2026-03-07T19:05:09Z',
  },
  {
    Id: '5d1c7b0a-2f43-4e0e-8d7e-3c2b1a0f9e22',
    LoanAccountNumber: '001-100777-5',
    CreationDate: '2026-11-20T09:30:00',
  },
];

/** An open and a closed loan and a checking account. */
const ACCOUNTS = [
  // Padded, as cores pad their fixed-width description fields.
  { Number: '001-100234-1', Type: 0, Comment: '', Description: 'Auto Loan    ' },
  { Number: '001-100101-4', Type: 0, Comment: 'CLOSED', Description: 'Boat Loan' },
  { Number: '001-500321-2', Type: 1, Comment: '', Description: 'Everyday Checking' },
].map((account) => ({
  Balance: 0,
  AvailableBalance: 0,
  Rate: 0,
  Status: '',
  StatementPreference: 'ElectronicOnly',
  LoanDueDate: null,
  LoanAmountDue: 0,
  MonthlyInstallment: 0,
  FeesDue: 0,
  NameOnAcct: 'Jordan Rivers',
  ...account,
}));

/** The open loan's documents (GetAccountDocuments), with the account list. */
const LOAN_DOCUMENT_ROUTES: StubRoutes = {
  'GET /api/accountList': { body: { HasNoErrors: true, Errors: [], Accounts: ACCOUNTS } },
  'GET /api/Documents/GetAccountDocuments': {
    body: {
      HasNoErrors: true,
      Errors: [],
      Value: [
        {
          FileId: '1',
          DisplayName: 'Promissory Note',
          DisplayFormat: 'pdf',
          ImageUrl: '',
          DateUploaded: '2022-05-02T14:00:00Z',
          Name: 'note.pdf',
        },
        {
          FileId: '2',
          DisplayName: 'Truth in Lending Disclosure',
          DisplayFormat: 'pdf',
          ImageUrl: '',
          DateUploaded: '2022-05-02T14:00:00Z',
          Name: 'til.pdf',
        },
      ],
    },
  },
};

function renderDocuments(options: { routes?: StubRoutes; settings?: SettingValues } = {}) {
  return renderPortal({
    path: '/myaccount/documents',
    signedIn: true,
    settings: { 'achPaymentOptions.requireAchDraftAgreementOption': 'true', ...options.settings },
    routes: {
      [DRAFTS_ROUTE]: { body: { HasNoErrors: true, Errors: [], Drafts: DRAFTS } },
      ...options.routes,
    },
  });
}

describe('the Documents screen', () => {
  it('lists each recurring ACH authorization by loan and creation date under the instructions', async () => {
    renderDocuments();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Authorizations' }),
    ).toBeVisible();
    expect(await screen.findByText('Please choose a document to view')).toBeVisible();
    const links = screen
      .getAllByRole('button')
      .filter((button) => button.textContent?.startsWith('Recurring ACH Authorization'));
    expect(links.map((link) => link.textContent)).toEqual([
      // 19:05:09 UTC is 2:05:09 PM in New York (the institution's zone) on 7 March 2026.
      'Recurring ACH Authorization 001-100234-1 03/07/2026 2:05 PM EST',
      'Recurring ACH Authorization 001-100777-5 11/20/2026 9:30 AM EST',
    ]);
    expect(document.title).toBe('Payments - Payment Authorizations');
    await expectNoAxeViolations();
  });

  it('opens the authorization in a new tab with a passable token and the draft id', async () => {
    const opened: string[] = [];
    const tab = { opener: {}, location: { href: '' }, close: () => undefined };
    const open = vi.spyOn(window, 'open').mockImplementation(() => {
      Object.defineProperty(tab.location, 'href', {
        set: (url: string) => opened.push(url),
        configurable: true,
      });
      return tab as unknown as Window;
    });
    const { user, server } = renderDocuments({
      routes: { 'GET /api/PassableToken/GetPassableToken': { body: 'one-use-token' } },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Recurring ACH Authorization 001-100777-5 11/20/2026 9:30 AM EST',
      }),
    );
    await waitFor(() => expect(opened).toHaveLength(1));
    const url = new URL(opened[0] ?? '');
    expect(url.pathname).toBe('/api/AchDraftAgreement/RenderACHDraftAgreement');
    expect(url.searchParams.get('token')).toBe('one-use-token');
    expect(url.searchParams.get('guid')).toBe(DRAFTS[1]?.Id);
    expect(server.requestsTo('GET /api/PassableToken/GetPassableToken')).toHaveLength(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    open.mockRestore();
  });

  it('says so when the document cannot be opened', async () => {
    const close = vi.fn();
    const open = vi
      .spyOn(window, 'open')
      .mockImplementation(
        () => ({ opener: {}, location: { href: '' }, close }) as unknown as Window,
      );
    const { user } = renderDocuments({
      routes: { 'GET /api/PassableToken/GetPassableToken': { status: 500, body: undefined } },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Recurring ACH Authorization 001-100234-1 03/07/2026 2:05 PM EST',
      }),
    );
    expect(await screen.findByText('There was an error retrieving the draft.')).toBeVisible();
    expect(close).toHaveBeenCalled();
    open.mockRestore();
  });

  it('uses the institution’s link wording', async () => {
    renderDocuments({
      settings: {
        'paymentDocumentsTexts.documentLinkText': 'Authorization for {accountNumber} of {date}',
      },
    });
    expect(
      await screen.findByRole('button', {
        name: 'Authorization for 001-100234-1 of 03/07/2026 2:05 PM EST',
      }),
    ).toBeVisible();
  });

  it('says in the institution’s words that there is no authorization when there are none', async () => {
    renderDocuments({
      settings: {
        'paymentDocumentsTexts.noDocumentsText':
          'There are no associated documents with this account.',
      },
      routes: { [DRAFTS_ROUTE]: { body: { HasNoErrors: true, Errors: [], Drafts: [] } } },
    });
    expect(
      await screen.findByText('There are no associated documents with this account.'),
    ).toBeVisible();
    expect(screen.queryByText('Please choose a document to view')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says There was an error retrieving the draft. when the list cannot be loaded', async () => {
    renderDocuments({
      routes: {
        [DRAFTS_ROUTE]: {
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Error' }], Drafts: [] },
        },
      },
    });
    expect(await screen.findByText('There was an error retrieving the draft.')).toBeVisible();
    expect(screen.queryByText('Please choose a document to view')).toBeNull();
  });

  it('is not reachable without the ACH draft agreement setting', async () => {
    renderDocuments({ settings: { 'achPaymentOptions.requireAchDraftAgreementOption': 'false' } });
    await waitFor(() => expect(window.location.hash).toBe('#/myaccount/dashboard'));
  });

  it('has no axe violations in the dark scheme with the list', async () => {
    renderDocuments({ settings: { 'themeOptions.colorScheme': 'dark' } });
    const main = await screen.findByRole('main');
    await within(main).findByText('Please choose a document to view');
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme with the error', async () => {
    renderDocuments({
      settings: { 'themeOptions.colorScheme': 'dark' },
      routes: { [DRAFTS_ROUTE]: { status: 500, body: undefined } },
    });
    await screen.findByText('There was an error retrieving the draft.');
    await expectNoAxeViolations();
  });

  it("has no axe violations in the dark scheme with the loans' documents", async () => {
    renderDocuments({
      settings: {
        'themeOptions.colorScheme': 'dark',
        'globalOptions.useFileServicesOption': 'true',
      },
      routes: LOAN_DOCUMENT_ROUTES,
    });
    const loanDocuments = await screen.findByRole('region', { name: 'Loan documents' });
    expect(
      await within(loanDocuments).findByRole('button', { name: 'Promissory Note' }),
    ).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it("lists each open loan's own documents beside the authorizations, and says plainly that no authorization exists", async () => {
    const { server } = renderDocuments({
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        [DRAFTS_ROUTE]: { body: { HasNoErrors: true, Errors: [], Drafts: [] } },
        ...LOAN_DOCUMENT_ROUTES,
      },
    });
    const authorizations = await screen.findByRole('region', {
      name: 'Recurring ACH authorizations',
    });
    expect(
      await within(authorizations).findByText('You have no recurring ACH authorizations.'),
    ).toBeVisible();
    // Titled for what it lists (issue 20): the authorizations and the loans' documents.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Payment Authorizations and Loan Documents',
      }),
    ).toBeVisible();
    expect(screen.queryByText('There are no associated documents with this account.')).toBeNull();
    const loanDocuments = await screen.findByRole('region', { name: 'Loan documents' });
    const auto = within(loanDocuments).getByRole('region', { name: 'Auto Loan ****2341' });
    // Named as every screen names a loan (domain loanName).
    expect(within(auto).getByRole('heading').textContent).toBe('Auto Loan ****2341');
    expect(await within(auto).findByRole('button', { name: 'Promissory Note' })).toBeVisible();
    expect(within(auto).getByRole('button', { name: 'Truth in Lending Disclosure' })).toBeVisible();
    // Only open loans: not the closed boat loan, not the checking account.
    expect(
      server.requestsTo('GET /api/Documents/GetAccountDocuments').map((r) => r.search),
    ).toEqual(['?accountNumber=001-100234-1']);
    // The menu item and the browser title name the page as its heading does (issue 20 item 13).
    expect(document.title).toBe('Payments - Loan Documents');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Loan Documents' })).toHaveAttribute(
      'href',
      '#/myaccount/documents',
    );
    expect(within(navigation).queryByRole('link', { name: 'Payment Authorizations' })).toBeNull();
    await expectNoAxeViolations();
  });

  it('says there are no loan documents when the borrower holds no open loan', async () => {
    renderDocuments({
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/accountList': {
          body: { HasNoErrors: true, Errors: [], Accounts: ACCOUNTS.slice(1) },
        },
      },
    });
    const loanDocuments = await screen.findByRole('region', { name: 'Loan documents' });
    expect(
      await within(loanDocuments).findByText(
        'You have no open loans, so no loan documents are listed.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Payment Authorizations and Loan Documents',
    );
  });
});
