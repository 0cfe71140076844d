import { expectNoAxeViolations, type StubRoutes, stubXhr } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render-portal';

const APPROVED = {
  ApplicationNumber: 'A-240275',
  Status: 'Approved',
  AmountRequested: 10000,
  AmountApproved: 8500,
  LastModified: '2025-03-03T00:00:00',
  Office: 'South Portland',
  FundsExpected: '2025-03-18T00:00:00',
};

function definition(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('application details', () => {
  it('fetches the application by its number and shows every field', async () => {
    const { server } = renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      routes: {
        'GET /api/Application': {
          body: { HasNoErrors: true, Errors: [], Application: APPROVED },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application Information' }),
    ).toBeVisible();
    await screen.findByText('A-240275');
    expect(definition('Status')).toBe('Approved');
    expect(definition('Amount Requested')).toBe('$10,000.00');
    expect(definition('Amount Approved')).toBe('$8,500.00');
    expect(definition('Last Modified On')).toBe('03/03/2025');
    expect(definition('Funds Expected to arrive on')).toBe('03/18/2025');
    expect(screen.getByRole('main')).toHaveTextContent('Jordan Rivers');
    expect(server.requestsTo('GET /api/Application')[0]?.search).toContain(
      'applicationNumber=A-240275',
    );
    await expectNoAxeViolations();
  });

  it('lists the documents an application made in the portal asks for', async () => {
    renderPortal({
      path: '/myaccount/applicationdetails/A-250001',
      signedIn: true,
      routes: {
        'GET /api/Application': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Application: {
              ...APPROVED,
              ApplicationNumber: 'A-250001',
              Status: 'Documents Needed',
              Product: 'Personal Loan',
              TermMonths: 36,
              RequiredDocuments: ['Pay stub', 'Government-issued photo ID'],
            },
          },
        },
      },
    });
    const documents = await screen.findByRole('region', {
      name: 'Documents this application asks for',
    });
    expect(
      within(documents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pay stub', 'Government-issued photo ID']);
    expect(definition('Status')).toBe('Documents Needed');
  });

  it('hides the fields the settings hide and shows no date for the host’s none', async () => {
    renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      settings: { 'applicationDetailsOptions.hideAmountApprovedOption': 'true' },
      routes: {
        'GET /api/Application': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Application: { ...APPROVED, FundsExpected: '0001-01-01T00:00:00' },
          },
        },
      },
    });
    await screen.findByText('A-240275');
    expect(screen.queryByText('Amount Approved')).toBeNull();
    expect(definition('Funds Expected to arrive on')).toBe('—');
  });

  it('shows no approved amount for a declined application', async () => {
    renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      routes: {
        'GET /api/Application': {
          body: {
            HasNoErrors: true,
            Errors: [],
            Application: { ...APPROVED, Status: 'Declined', AmountApproved: 0 },
          },
        },
      },
    });
    await screen.findByText('Declined');
    expect(definition('Amount Approved')).toBe('—');
    expect(definition('Amount Requested')).toBe('$10,000.00');
  });

  it('says so when the application cannot be loaded', async () => {
    renderPortal({ path: '/myaccount/applicationdetails/A-000000', signedIn: true });
    expect(
      await screen.findByText('An error occurred trying to retrieve this application.'),
    ).toBeVisible();
  });

  it('says it cannot connect when the call gets no answer', async () => {
    renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      routes: {
        'GET /api/Application': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    expect(await screen.findByText('Cannot connect to the service')).toBeVisible();
    expect(screen.queryByText('An error occurred trying to retrieve this application.')).toBeNull();
  });

  /** The approved application's one document, its approval letter. */
  const APPROVAL_LETTER_ROUTE: StubRoutes = {
    'GET /api/Documents/GetApplicationDocuments': {
      body: {
        HasNoErrors: true,
        Errors: [],
        Value: [
          {
            FileId: '77',
            DisplayName: 'Loan Approval Letter A-240275',
            DisplayFormat: 'pdf',
            ImageUrl: '',
            DateUploaded: '2025-03-03T15:00:00.000Z',
            Name: 'Loan Approval Letter A-240275.pdf',
          },
        ],
      },
    },
  };

  it('lists the application’s documents with file services on, with no axe violations', async () => {
    const { server } = renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/Application': {
          body: { HasNoErrors: true, Errors: [], Application: APPROVED },
        },
        ...APPROVAL_LETTER_ROUTE,
      },
    });
    expect(
      await screen.findByRole('button', { name: 'Loan Approval Letter A-240275' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
    expect(server.requestsTo('GET /api/Documents/GetApplicationDocuments')[0]?.search).toContain(
      'applicationNumber=A-240275',
    );
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark scheme, with the documents and the uploader', async () => {
    renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      settings: {
        'themeOptions.colorScheme': 'dark',
        'globalOptions.useFileServicesOption': 'true',
      },
      routes: {
        'GET /api/Application': {
          body: { HasNoErrors: true, Errors: [], Application: APPROVED },
        },
        ...APPROVAL_LETTER_ROUTE,
        'GET /api/file/GetFileTypes': {
          body: { HasNoErrors: true, Errors: [], FileTypes: [{ ID: 5, Description: 'Other' }] },
        },
      },
    });
    expect(
      await screen.findByRole('button', { name: 'Loan Approval Letter A-240275' }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Add Files')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    await expectNoAxeViolations();
  });

  it('has no documents block while file services are off', async () => {
    const { server } = renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      settings: { 'globalOptions.useFileServicesOption': 'false' },
      routes: {
        'GET /api/Application': {
          body: { HasNoErrors: true, Errors: [], Application: APPROVED },
        },
      },
    });
    await screen.findByText('A-240275');
    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
    expect(server.requestsTo('GET /api/Documents/GetApplicationDocuments')).toHaveLength(0);
  });

  it('uploads a document to the application and says so when the list cannot be refreshed', async () => {
    const xhr = stubXhr(
      {
        'POST /api/file/UploadFileWithApplicationNumber': {
          body: { HasNoErrors: true, Errors: [], Value: {} },
        },
      },
      { status: 404 },
    );
    let listCalls = 0;
    const { user } = renderPortal({
      path: '/myaccount/applicationdetails/A-240275',
      signedIn: true,
      settings: { 'globalOptions.useFileServicesOption': 'true' },
      routes: {
        'GET /api/Application': {
          body: { HasNoErrors: true, Errors: [], Application: APPROVED },
        },
        'GET /api/Documents/GetApplicationDocuments': () => {
          listCalls += 1;
          return listCalls === 1
            ? { body: { HasNoErrors: true, Errors: [], Value: [] } }
            : { status: 500 };
        },
        'GET /api/file/GetFileTypes': {
          body: { HasNoErrors: true, Errors: [], FileTypes: [{ ID: 5, Description: 'Other' }] },
        },
      },
    });
    expect(await screen.findByText('No Uploaded Documents')).toBeVisible();
    await user.upload(
      await screen.findByLabelText('Add Files'),
      new File(['%PDF-1.7'], 'id.pdf', { type: 'application/pdf' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /File type/ }), 'Other');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    expect(
      await screen.findByText('Something went wrong when attempting to refresh the document list'),
    ).toBeVisible();
    const form = xhr.requests[0]?.body as FormData;
    expect(form.get('ApplicationNumber')).toBe('A-240275');
    expect(form.get('FileTypeID')).toBe('5');
    await expectNoAxeViolations();
  });
});
