import type { AccountDocument, AccountListItem } from '@portal/domain';
import {
  expectNoAxeViolations,
  type StubHandler,
  type StubRoutes,
  stubXhr,
} from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountListItem, type SettingValues } from '../../../testing/fixtures';
import { renderShell } from '../../../testing/render-shell';
import { DocumentCenterPage } from './document-center-page';

const HOME_EQUITY = '001-100235-2';
const AUTO_LOAN = '001-100234-1';

function account(Number: string, Type: number, Description: string): AccountListItem {
  return accountListItem({ Number, Type, Description });
}

const HOME_EQUITY_LOAN = account(HOME_EQUITY, 0, 'Home Equity Loan');
const AUTO = account(AUTO_LOAN, 0, 'Auto Loan');
const CHECKING = account('001-500100-1', 1, 'Everyday Checking');

function application(ApplicationNumber: string) {
  return {
    ApplicationNumber,
    Status: 'Approved',
    AmountRequested: 10000,
    AmountApproved: 8500,
    LastModified: '2025-03-03T00:00:00',
    Office: 'South Portland',
    FundsExpected: '2025-03-18T00:00:00',
  };
}

function documentNamed(fileId: string, name: string, format = 'pdf'): AccountDocument {
  return {
    FileId: fileId,
    DisplayName: name,
    DisplayFormat: format,
    ImageUrl: '',
    DateUploaded: '2025-03-14T15:00:00.000Z',
    Name: `${name}.${format}`,
  };
}

const NOTE = documentNamed('11', `Promissory Note ${HOME_EQUITY}`);
const TITLE = documentNamed('12', `Vehicle Title ${AUTO_LOAN}`, 'png');
const LICENCE = documentNamed('21', 'drivers-license');
const PAY_STUB = documentNamed('22', 'pay-stub');
const LETTER = documentNamed('31', 'Loan Approval Letter A-240275');

const listed = (...documents: AccountDocument[]) => ({
  body: { HasNoErrors: true, Errors: [], Value: documents },
});

/** The next of the answers on each call, then the last one again. */
function inTurn(...answers: AccountDocument[][]): StubHandler {
  return () => listed(...(answers.length > 1 ? (answers.shift() ?? []) : (answers[0] ?? [])));
}

const FILE_TYPES = {
  HasNoErrors: true,
  Errors: [],
  FileTypes: [{ ID: 1, Description: 'Identification' }],
};
const NOT_FOUND = {
  status: 404,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
};

const ON: SettingValues = {
  'globalOptions.useFileServicesOption': 'true',
  'globalOptions.useEgtConsumerOption': 'true',
};

/** The Document Center in the real app shell, the server stubbed at the HTTP boundary. */
function renderDocumentCenter(
  options: {
    settings?: SettingValues;
    accounts?: AccountListItem[];
    routes?: StubRoutes;
    path?: string;
  } = {},
) {
  const uploads = stubXhr(
    {
      'POST /api/file/UploadByCustomerID': {
        body: { HasNoErrors: true, Errors: [], Value: PAY_STUB },
      },
      'POST /api/file/UploadFileWithLoanNumber': {
        body: { HasNoErrors: true, Errors: [], Value: PAY_STUB },
      },
    },
    NOT_FOUND,
  );
  const view = renderShell(
    [
      {
        path: 'myaccount/document-center',
        element: (
          <main>
            <DocumentCenterPage />
          </main>
        ),
      },
    ],
    {
      path: options.path ?? '/myaccount/document-center',
      signedIn: true,
      settings: { ...ON, ...options.settings },
      routes: {
        'GET /api/accountList': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Accounts: options.accounts ?? [HOME_EQUITY_LOAN, CHECKING, AUTO],
          },
        },
        'GET /api/Application/GetList': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Applications: [application('A-240275'), application('A-240298')],
          },
        },
        'GET /api/Documents/GetAccountDocuments': (request) =>
          request.search.includes(HOME_EQUITY) ? listed(NOTE) : listed(TITLE),
        'GET /api/Documents/GetCustomerDocuments': listed(LICENCE),
        'GET /api/Documents/GetApplicationDocuments': (request) =>
          request.search.includes('A-240275') ? listed(LETTER) : listed(),
        'GET /api/file/GetFileTypes': { body: FILE_TYPES },
        ...options.routes,
      },
    },
  );
  return { ...view, uploads };
}

type User = ReturnType<typeof renderDocumentCenter>['user'];

/** The shown tab panel (hidden ones are not in the accessibility tree). */
const panel = () => screen.getByRole('tabpanel');

/** The names of the documents the shown list holds, in order. */
function documentNames(): string[] {
  const list = within(panel()).getByRole('list', { name: 'Documents' });
  return within(list)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function openTab(user: User, name: string) {
  await user.click(await screen.findByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

// The whole shell with uploads takes seconds on a loaded machine.
describe('the Document Center', { timeout: 60_000 }, () => {
  it('lists the documents of the loan the borrower chooses, and of another when changed', async () => {
    const { user, server } = renderDocumentCenter();
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Center' })).toBeVisible();
    expect(screen.getByRole('tablist', { name: 'Document Center' })).toBeVisible();
    const picker = await within(panel()).findByRole('combobox', { name: 'Account Number' });
    // Loans only, none chosen until the borrower picks one.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Home Equity Loan ****2352', 'Auto Loan ****2341']);
    expect(picker).toHaveValue('');
    expect(server.requestsTo('GET /api/Documents/GetAccountDocuments')).toHaveLength(0);

    await user.selectOptions(picker, 'Home Equity Loan ****2352');
    await within(panel()).findByRole('button', { name: NOTE.DisplayName });
    expect(documentNames()).toEqual([NOTE.DisplayName]);
    expect(within(panel()).getByText('Uploaded 03/14/2025')).toBeVisible();
    // The empty choice is gone once one is made.
    expect(within(picker).getAllByRole('option')).toHaveLength(2);

    await user.selectOptions(picker, 'Auto Loan ****2341');
    await within(panel()).findByRole('button', { name: TITLE.DisplayName });
    expect(documentNames()).toEqual([TITLE.DisplayName]);
    expect(
      server
        .requestsTo('GET /api/Documents/GetAccountDocuments')
        .map((request) => new URLSearchParams(request.search).get('accountNumber')),
    ).toEqual([HOME_EQUITY, AUTO_LOAN]);
    // The upload area under the list sends to the chosen loan.
    expect(within(panel()).getByText('Add Files')).toBeVisible();
  });

  it('chooses the only loan at once and shows a spinner while its list loads', async () => {
    let answer: (value: ReturnType<typeof listed>) => void = () => undefined;
    renderDocumentCenter({
      accounts: [HOME_EQUITY_LOAN, CHECKING],
      routes: {
        'GET /api/Documents/GetAccountDocuments': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    const picker = await within(panel()).findByRole('combobox', { name: 'Account Number' });
    expect(picker).toHaveValue(HOME_EQUITY);
    expect(
      await within(panel()).findByRole('progressbar', { name: 'Loading the documents' }),
    ).toBeVisible();
    answer(listed(NOTE));
    await within(panel()).findByRole('button', { name: NOTE.DisplayName });
    expect(within(panel()).queryByRole('progressbar')).toBeNull();
  });

  it('lists the profile documents, and marks the files an upload brings', async () => {
    const { user, uploads } = renderDocumentCenter({
      routes: { 'GET /api/Documents/GetCustomerDocuments': inTurn([LICENCE], [PAY_STUB, LICENCE]) },
    });
    await openTab(user, 'Profile Documents');
    await within(panel()).findByRole('button', { name: 'drivers-license' });
    expect(documentNames()).toEqual(['drivers-license']);

    await user.upload(within(panel()).getByLabelText('Add Files'), [
      new File(['%PDF-1.7 test'], 'pay-stub.pdf', { type: 'application/pdf' }),
    ]);
    const queue = within(panel()).getByRole('list', { name: 'Files to upload' });
    await user.selectOptions(within(queue).getByRole('combobox', { name: /File type/ }), '1');
    await user.click(within(panel()).getByRole('button', { name: 'Upload File(s)' }));

    const payStub = await within(panel()).findByRole('button', { name: 'pay-stub' });
    expect(payStub).toHaveAccessibleDescription('New');
    expect(documentNames()).toEqual(['pay-stub', 'drivers-license']);
    expect(uploads.requestsTo('POST /api/file/UploadByCustomerID')).toHaveLength(1);
    // Back from another tab, the list and its marker are as they were.
    await openTab(user, 'Account Documents');
    await openTab(user, 'Profile Documents');
    expect(within(panel()).getByRole('button', { name: 'pay-stub' })).toHaveAccessibleDescription(
      'New',
    );
  });

  it('lists the documents of the application the borrower chooses', async () => {
    const { user, server } = renderDocumentCenter();
    await openTab(user, 'Applications Documents');
    const picker = await within(panel()).findByRole('combobox', { name: 'Application Number' });
    await user.selectOptions(picker, 'A-240275');
    await within(panel()).findByRole('button', { name: LETTER.DisplayName });
    expect(documentNames()).toEqual([LETTER.DisplayName]);

    await user.selectOptions(picker, 'A-240298');
    expect(await within(panel()).findByText('No Uploaded Documents')).toBeVisible();
    expect(
      server
        .requestsTo('GET /api/Documents/GetApplicationDocuments')
        .map((request) => new URLSearchParams(request.search).get('applicationNumber')),
    ).toEqual(['A-240275', 'A-240298']);
  });

  it('opens the tab and the application a link names (a loan application’s confirmation)', async () => {
    renderDocumentCenter({
      path: '/myaccount/document-center?tab=application&application=A-240275',
    });
    expect(await screen.findByRole('tab', { name: 'Applications Documents' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await within(panel()).findByRole('combobox', { name: 'Application Number' }),
    ).toHaveValue('A-240275');
    expect(await within(panel()).findByRole('button', { name: LETTER.DisplayName })).toBeVisible();
  });

  it('moves between tabs with the arrow keys, each tab naming its panel', async () => {
    const { user } = renderDocumentCenter();
    const accountTab = await screen.findByRole('tab', { name: 'Account Documents' });
    expect(panel()).toHaveAccessibleName('Account Documents');
    await user.click(accountTab);
    await user.keyboard('{ArrowRight}');
    const profileTab = screen.getByRole('tab', { name: 'Profile Documents' });
    expect(profileTab).toHaveFocus();
    expect(profileTab).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Profile Documents');
    expect(profileTab).toHaveAttribute('aria-controls', panel().id);
    await within(panel()).findByRole('button', { name: 'drivers-license' });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Applications Documents' })).toHaveFocus();
    expect(panel()).toHaveAccessibleName('Applications Documents');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(accountTab).toHaveAttribute('aria-selected', 'true');
  });

  it('shows no heading or disclaimer unless the settings give them', async () => {
    renderDocumentCenter();
    await within(panel()).findByRole('combobox', { name: 'Account Number' });
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.queryByText(/Please upload only documents/)).toBeNull();
  });

  it('shows the heading and the disclaimer the settings give', async () => {
    renderDocumentCenter({
      settings: {
        'documentCenterTexts.headingText': 'Your files with us',
        'documentCenterOptions.showDisclaimerOption': 'true',
        'documentCenterTexts.disclaimerRichText':
          '<p>Send <strong>only</strong> documents about your loans.</p>',
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your files with us' }),
    ).toBeVisible();
    const disclaimer = await screen.findByText(/documents about your loans/);
    expect(disclaimer).toHaveTextContent('Send only documents about your loans.');
    expect(within(disclaimer).getByText('only').tagName).toBe('STRONG');
  });

  it('hides the upload area when the institution says so, keeping the lists', async () => {
    const { user } = renderDocumentCenter({
      settings: { 'documentCenterOptions.hideUploadAreaOption': 'true' },
    });
    await openTab(user, 'Profile Documents');
    await within(panel()).findByRole('button', { name: 'drivers-license' });
    expect(within(panel()).queryByText('Add Files')).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Upload File(s)' })).toBeNull();
  });

  it('says when a list cannot load, and when its refresh after an upload fails', async () => {
    let calls = 0;
    const { user } = renderDocumentCenter({
      routes: {
        'GET /api/Documents/GetCustomerDocuments': () =>
          calls++ === 0 ? listed(LICENCE) : { status: 500, body: {} },
        'GET /api/Documents/GetApplicationDocuments': { status: 500, body: {} },
      },
    });
    await openTab(user, 'Profile Documents');
    await within(panel()).findByRole('button', { name: 'drivers-license' });
    await user.upload(within(panel()).getByLabelText('Add Files'), [
      new File(['%PDF-1.7 test'], 'pay-stub.pdf', { type: 'application/pdf' }),
    ]);
    await user.selectOptions(within(panel()).getByRole('combobox', { name: /File type/ }), '1');
    await user.click(within(panel()).getByRole('button', { name: 'Upload File(s)' }));
    expect(
      await within(panel()).findByText(
        'Something went wrong when attempting to refresh the document list',
      ),
    ).toBeVisible();
    // The list shown before stays.
    expect(documentNames()).toEqual(['drivers-license']);

    await openTab(user, 'Applications Documents');
    await user.selectOptions(
      await within(panel()).findByRole('combobox', { name: 'Application Number' }),
      'A-240275',
    );
    expect(
      await within(panel()).findByText('Cannot connect to the service to get documents'),
    ).toBeVisible();
  });

  it('asks for no documents without file services, and offers applications only with them on', async () => {
    const { server } = renderDocumentCenter({
      settings: { 'globalOptions.useFileServicesOption': 'false' },
    });
    expect(await screen.findByText('No Uploaded Documents')).toBeVisible();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(server.requests.filter((request) => request.path.includes('/Documents/'))).toEqual([]);
  });

  it('has no Applications Documents tab when the institution takes no applications', async () => {
    renderDocumentCenter({ settings: { 'globalOptions.useEgtConsumerOption': 'false' } });
    await screen.findByRole('tablist');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account Documents',
      'Profile Documents',
    ]);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with each tab shown, in the %s scheme',
    async (scheme) => {
      const { user } = renderDocumentCenter({
        settings: {
          'themeOptions.colorScheme': scheme,
          'documentCenterTexts.headingText': 'Your files with us',
          'documentCenterOptions.showDisclaimerOption': 'true',
        },
      });
      await waitFor(() => expect(document.documentElement).toHaveClass(scheme));
      await user.selectOptions(
        await within(panel()).findByRole('combobox', { name: 'Account Number' }),
        'Home Equity Loan ****2352',
      );
      await within(panel()).findByRole('button', { name: NOTE.DisplayName });
      await screen.findByText(/Please upload only documents/);
      await expectNoAxeViolations();

      await openTab(user, 'Profile Documents');
      await within(panel()).findByRole('button', { name: 'drivers-license' });
      await expectNoAxeViolations();

      await openTab(user, 'Applications Documents');
      await user.selectOptions(
        await within(panel()).findByRole('combobox', { name: 'Application Number' }),
        'A-240275',
      );
      await within(panel()).findByRole('button', { name: LETTER.DisplayName });
      await expectNoAxeViolations();
    },
  );
});
