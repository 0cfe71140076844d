import type { AccountDocument } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes, stubXhr } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loanAccountData } from '../../testing/account-data';
import type { SettingValues } from '../../testing/fixtures';
import { renderPortal } from '../../testing/render-portal';

function application(number: string) {
  return {
    ApplicationNumber: number,
    Status: 'Approved',
    AmountRequested: 10000,
    AmountApproved: 8500,
    LastModified: '2025-03-03T00:00:00',
    Office: 'South Portland',
    FundsExpected: '2025-03-18T00:00:00',
  };
}

function documentNamed(fileId: string, name: string): AccountDocument {
  return {
    FileId: fileId,
    DisplayName: name,
    DisplayFormat: 'pdf',
    ImageUrl: '',
    DateUploaded: '2025-03-14T15:00:00.000Z',
    Name: `${name}.pdf`,
  };
}

const LETTER = documentNamed('77', 'Approval Letter');
const PAY_STUB = documentNamed('78', 'pay-stub');
const W2 = documentNamed('79', 'w2');

const FILE_TYPES = {
  HasNoErrors: true,
  Errors: [],
  FileTypes: [{ ID: 1, Description: 'Identification' }],
};
const NOT_FOUND = {
  status: 404,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
};
const UPLOADED = { status: 200, body: { HasNoErrors: true, Errors: [], Value: PAY_STUB } };

/** The next of the answers on each call, then the last one again. */
function inTurn<T>(...answers: T[]): () => T {
  return () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined) throw new Error('no answers');
    return answer;
  };
}

/** The documents call answering the lists in turn (the first showing, then each refresh). */
function listsInTurn(...lists: AccountDocument[][]) {
  const next = inTurn(...lists);
  return () => ({ body: { HasNoErrors: true, Errors: [], Value: next() } });
}

/** Application details with file services on: its documents block and the uploader. */
function renderApplication(
  options: { documents?: StubRoutes[string]; settings?: SettingValues; routes?: StubRoutes } = {},
) {
  stubXhr(
    {
      'POST /api/file/UploadFileWithApplicationNumber': UPLOADED,
      'POST /api/file/UploadFileWithLoanNumber': UPLOADED,
    },
    NOT_FOUND,
  );
  return renderPortal({
    path: '/myaccount/applicationdetails/A-240275',
    signedIn: true,
    settings: { 'globalOptions.useFileServicesOption': 'true', ...options.settings },
    routes: {
      'GET /api/Application': (request) => ({
        body: {
          HasNoErrors: true,
          Errors: [],
          Application: application(
            new URLSearchParams(request.search).get('applicationNumber') ?? '',
          ),
        },
      }),
      'GET /api/Documents/GetApplicationDocuments':
        options.documents ?? listsInTurn([LETTER], [PAY_STUB, LETTER]),
      'GET /api/file/GetFileTypes': { body: FILE_TYPES },
      ...options.routes,
    },
  });
}

type User = ReturnType<typeof renderPortal>['user'];

/** Uploads one PDF through the uploader under the list, as the borrower does. */
async function upload(user: User, name: string) {
  await user.upload(await screen.findByLabelText('Add Files'), [
    new File(['%PDF-1.7 test'], `${name}.pdf`, { type: 'application/pdf' }),
  ]);
  const queue = screen.getByRole('list', { name: 'Files to upload' });
  await user.selectOptions(
    within(queue).getByRole('combobox', { name: /File type/ }),
    'Identification',
  );
  await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull());
}

function documentsList(): HTMLElement {
  const section = screen.getByRole('region', { name: 'Documents' });
  return within(section).getByRole('list', { name: 'Documents' });
}

/** The section's status message (the page has others). */
function documentsStatus(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Documents' })).getByRole('status');
}

function itemOf(name: string): HTMLElement {
  const item = within(documentsList())
    .getAllByRole('listitem')
    .find((candidate) => within(candidate).queryByRole('button', { name }) !== null);
  if (!item) throw new Error(`${name} is not listed`);
  return item;
}

/** The document names that carry the marker, in list order. */
function markedNames(marker = 'New'): string[] {
  return within(documentsList())
    .getAllByRole('listitem')
    .filter((item) => within(item).queryByText(marker, { exact: true }) !== null)
    .map((item) => within(item).getByRole('button').textContent ?? '');
}

// Uploads through the whole portal take seconds on a loaded machine.
describe('the new marker on the documents list', { timeout: 60_000 }, () => {
  it('marks the file an upload brings, not the files the list already held', async () => {
    const { user } = renderApplication();
    await screen.findByRole('button', { name: 'Approval Letter' });
    expect(markedNames()).toEqual([]);
    expect(documentsStatus()).toHaveTextContent(/^$/);

    await upload(user, 'pay-stub');
    const payStub = await screen.findByRole('button', { name: 'pay-stub' });
    expect(markedNames()).toEqual(['pay-stub']);
    // Text, not colour only: the button is described by it and a status message says it.
    expect(within(itemOf('pay-stub')).getByText('New')).toBeVisible();
    expect(payStub).toHaveAccessibleDescription('New');
    expect(
      screen.getByRole('button', { name: 'Approval Letter' }),
    ).not.toHaveAccessibleDescription();
    expect(documentsStatus()).toHaveTextContent('New: pay-stub');
  });

  it('keeps the marker on every file uploaded in this visit, not only the last', async () => {
    const { user } = renderApplication({
      documents: listsInTurn([LETTER], [PAY_STUB, LETTER], [W2, PAY_STUB, LETTER]),
    });
    await screen.findByRole('button', { name: 'Approval Letter' });
    await upload(user, 'pay-stub');
    await screen.findByRole('button', { name: 'pay-stub' });
    await upload(user, 'w2');
    await screen.findByRole('button', { name: 'w2' });
    expect(markedNames()).toEqual(['w2', 'pay-stub']);
    expect(documentsStatus()).toHaveTextContent('New: w2, pay-stub');
  });

  it('marks nothing on a first showing, even of a list with files', async () => {
    renderApplication({ documents: listsInTurn([PAY_STUB, LETTER]) });
    await screen.findByRole('button', { name: 'pay-stub' });
    expect(markedNames()).toEqual([]);
  });

  it('shows the institution’s marker text (commonTexts.newDocumentMarkerText)', async () => {
    const { user } = renderApplication({
      settings: { 'commonTexts.newDocumentMarkerText': 'Just added' },
    });
    await screen.findByRole('button', { name: 'Approval Letter' });
    await upload(user, 'pay-stub');
    await screen.findByRole('button', { name: 'pay-stub' });
    expect(markedNames('Just added')).toEqual(['pay-stub']);
    expect(screen.getByRole('button', { name: 'pay-stub' })).toHaveAccessibleDescription(
      'Just added',
    );
  });

  it('does not mark the files of another application shown in the same place', async () => {
    renderApplication({
      documents: (request) => ({
        body: {
          HasNoErrors: true,
          Errors: [],
          Value: request.search.includes('A-240275') ? [LETTER] : [W2],
        },
      }),
    });
    await screen.findByRole('button', { name: 'Approval Letter' });
    window.location.hash = '#/myaccount/applicationdetails/A-240276';
    await screen.findByRole('button', { name: 'w2' });
    expect(markedNames()).toEqual([]);
    // Back to the first, whose documents are cached: the same section shows them at once.
    window.location.hash = '#/myaccount/applicationdetails/A-240275';
    await screen.findByRole('button', { name: 'Approval Letter' });
    expect(markedNames()).toEqual([]);
  });

  it('marks the file an upload brings on the loan page too', async () => {
    const nextDocuments = inTurn([LETTER], [PAY_STUB, LETTER]);
    const { user } = renderPortal({
      path: `/myaccount/loanDetails/${LOAN_DATA.Information.AccountNumber}`,
      signedIn: true,
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/AccountData': () => ({ body: { ...LOAN_DATA, Documents: nextDocuments() } }),
        'GET /api/file/GetFileTypes': { body: FILE_TYPES },
      },
    });
    stubXhr({ 'POST /api/file/UploadFileWithLoanNumber': UPLOADED }, NOT_FOUND);
    await screen.findByRole('button', { name: 'Approval Letter' });
    expect(markedNames()).toEqual([]);
    await upload(user, 'pay-stub');
    await screen.findByRole('button', { name: 'pay-stub' });
    expect(markedNames()).toEqual(['pay-stub']);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with a marked file, in the %s scheme',
    async (scheme) => {
      const { user } = renderApplication({ settings: { 'themeOptions.colorScheme': scheme } });
      await screen.findByRole('button', { name: 'Approval Letter' });
      await upload(user, 'pay-stub');
      await screen.findByRole('button', { name: 'pay-stub' });
      expect(markedNames()).toEqual(['pay-stub']);
      expect(document.documentElement).toHaveClass(scheme);
      await expectNoAxeViolations();
    },
  );
});

const LOAN_DATA = loanAccountData();
