import {
  expectNoAxeViolations,
  type StubRoutes,
  stubXhr,
  type XhrStubHandler,
} from '@portal/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE_APP_USER_AGENT } from '../../testing/fake-mobile-bridge';
import type { SettingValues } from '../../testing/fixtures';
import { renderPortal } from '../../testing/render-portal';

const APPLICATION = {
  ApplicationNumber: 'A-240275',
  Status: 'Approved',
  AmountRequested: 10000,
  AmountApproved: 8500,
  LastModified: '2025-03-03T00:00:00',
  Office: 'South Portland',
  FundsExpected: '2025-03-18T00:00:00',
};

const LETTER = {
  FileId: '77',
  DisplayName: 'Loan Approval Letter A-240275',
  DisplayFormat: 'pdf',
  ImageUrl: '',
  DateUploaded: '2025-03-03T15:00:00.000Z',
  Name: 'Loan Approval Letter A-240275.pdf',
};
const PAY_STUB = {
  ...LETTER,
  FileId: '78',
  DisplayName: 'pay-stub',
  DateUploaded: '2025-03-14T15:00:00.000Z',
  Name: 'pay-stub.pdf',
};

const FILE_TYPES = {
  HasNoErrors: true,
  Errors: [],
  FileTypes: [
    { ID: 1, Description: 'Identification' },
    { ID: 2, Description: 'Income Verification' },
  ],
};

const UPLOAD = 'POST /api/file/UploadFileWithApplicationNumber';
const UPLOADED = { status: 200, body: { HasNoErrors: true, Errors: [], Value: PAY_STUB } };
const NOT_FOUND = {
  status: 404,
  body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] },
};

/** The limit unless documentCenterOptions.maxUploadMegabytes says otherwise. */
const TEN_MB = 10 * 1024 * 1024;

function pdf(name: string) {
  return new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });
}

/** Application details with file services on: the documents block with the uploader. */
function renderApplication(
  options: {
    settings?: SettingValues;
    routes?: StubRoutes;
    uploads?: Record<string, XhrStubHandler>;
  } = {},
) {
  const lists = [[LETTER], [PAY_STUB, LETTER]];
  const xhr = stubXhr(options.uploads ?? { [UPLOAD]: UPLOADED }, NOT_FOUND);
  const view = renderPortal({
    path: '/myaccount/applicationdetails/A-240275',
    signedIn: true,
    settings: { 'globalOptions.useFileServicesOption': 'true', ...options.settings },
    routes: {
      'GET /api/Application': { body: { HasNoErrors: true, Errors: [], Application: APPLICATION } },
      'GET /api/Documents/GetApplicationDocuments': () => ({
        body: { HasNoErrors: true, Errors: [], Value: lists.shift() ?? [PAY_STUB, LETTER] },
      }),
      'GET /api/file/GetFileTypes': { body: FILE_TYPES },
      ...options.routes,
    },
  });
  return { ...view, xhr };
}

async function addFiles(user: ReturnType<typeof renderApplication>['user'], ...files: File[]) {
  await user.upload(await screen.findByLabelText('Add Files'), files);
}

async function chooseType(
  user: ReturnType<typeof renderApplication>['user'],
  fileName: string,
  type: string,
) {
  const item = queueItem(fileName);
  await user.selectOptions(within(item).getByRole('combobox', { name: /File type/ }), type);
}

function queueItem(fileName: string): HTMLElement {
  const queue = screen.getByRole('list', { name: 'Files to upload' });
  const item = within(queue)
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent?.includes(fileName));
  if (!item) throw new Error(`${fileName} is not queued`);
  return item;
}

describe('the file uploader in application details', () => {
  it('queues picked files with their icon, name, file type, progress and remove button', async () => {
    const { user, server } = renderApplication();
    await screen.findByRole('button', { name: 'Loan Approval Letter A-240275' });
    expect(screen.getByText('Drag and drop files here')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload File(s)' })).toBeDisabled();
    const input = screen.getByLabelText('Add Files');
    expect(input).toHaveAttribute('type', 'file');
    // A real input in the tab order: the keyboard reaches it.
    expect(input).not.toHaveAttribute('tabindex', '-1');

    await addFiles(
      user,
      pdf('pay-stub.pdf'),
      new File(['png'], 'licence.png', { type: 'image/png' }),
    );
    const item = queueItem('pay-stub.pdf');
    expect(within(item).getByRole('combobox', { name: /File type/ })).toBeVisible();
    expect(
      within(item).getByRole('progressbar', { name: 'Upload progress of pay-stub.pdf' }),
    ).toHaveAttribute('aria-valuenow', '0');
    expect(within(item).getByTestId('PictureAsPdfOutlinedIcon')).toBeInTheDocument();
    expect(within(queueItem('licence.png')).getByTestId('ImageOutlinedIcon')).toBeInTheDocument();

    await chooseType(user, 'pay-stub.pdf', 'Income Verification');
    await user.click(
      within(queueItem('licence.png')).getByRole('button', { name: 'Remove licence.png' }),
    );
    expect(
      screen.getAllByRole('listitem').some((li) => li.textContent?.includes('licence.png')),
    ).toBe(false);
    expect(server.requestsTo('GET /api/file/GetFileTypes')).toHaveLength(1);
  });

  it("names the queue, file type, progress and remove button in the institution's words", async () => {
    const { user } = renderApplication({
      settings: {
        'fileUploadTexts.queueLabel': 'Ready to send',
        'fileUploadTexts.fileTypeLabel': 'Kind of document',
        'fileUploadTexts.progressLabel': 'Sending {name}',
        'fileUploadTexts.removeLabel': 'Take {name} off the list',
        'documentCenterTexts.uploadedOnText': 'Added {date}',
      },
    });
    await screen.findByRole('button', { name: 'Loan Approval Letter A-240275' });
    expect(screen.getByText('Added 03/03/2025')).toBeVisible();
    await addFiles(user, pdf('pay-stub.pdf'));
    const queue = screen.getByRole('list', { name: 'Ready to send' });
    expect(within(queue).getByRole('combobox', { name: /Kind of document/ })).toBeVisible();
    expect(within(queue).getByRole('progressbar', { name: 'Sending pay-stub.pdf' })).toBeVisible();
    await user.click(within(queue).getByRole('button', { name: 'Take pay-stub.pdf off the list' }));
    expect(screen.queryByRole('list', { name: 'Ready to send' })).toBeNull();
  });

  it('sends nothing until every file has a type, saying Choose a file type', async () => {
    const { user, xhr } = renderApplication();
    await addFiles(user, pdf('pay-stub.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    expect(within(queueItem('pay-stub.pdf')).getByText('Choose a file type')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);
  });

  it('uploads each file with progress, then it leaves the queue and the list refreshes', async () => {
    let release: () => void = () => {};
    const { user, xhr, server } = renderApplication({
      uploads: {
        [UPLOAD]: async (request) => {
          request.progress(40, 100);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return UPLOADED;
        },
      },
    });
    await addFiles(user, pdf('pay-stub.pdf'));
    await chooseType(user, 'pay-stub.pdf', 'Income Verification');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));

    const progress = await screen.findByRole('progressbar', {
      name: 'Upload progress of pay-stub.pdf',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByRole('button', { name: 'Upload File(s)' })).toBeDisabled();
    release();

    expect(await screen.findByRole('button', { name: 'pay-stub' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
    expect(server.requestsTo('GET /api/Documents/GetApplicationDocuments')).toHaveLength(2);

    const [sent] = xhr.requestsTo(UPLOAD);
    expect(sent?.headers.get('X-Requested-With')).toBe('portal');
    expect(sent?.headers.get('ServicingBranch')).toBe('7');
    const form = sent?.body as FormData;
    expect(form.get('ApplicationNumber')).toBe('A-240275');
    expect(form.get('LoanNumber')).toBe('');
    expect(form.get('FileTypeID')).toBe('2');
    expect((form.get('file') as File).name).toBe('pay-stub.pdf');
  });

  it('keeps failed files with their error: the server’s Message, else Internal Server Error, or the transfer error', async () => {
    const answers: XhrStubHandler[] = [
      {
        status: 415,
        body: {
          HasNoErrors: false,
          Errors: [{ ErrorMessage: 'InvalidRequest' }],
          Message: 'Only PDF, JPEG, PNG and TIFF files can be uploaded.',
        },
      },
      { status: 500 },
      { networkError: true },
      // 304 counts as a success (spec 002 section 8).
      { status: 304 },
    ];
    const { user, xhr } = renderApplication({
      uploads: {
        [UPLOAD]: (request) => {
          // Once the four are answered, every later try succeeds.
          const next = answers.shift() ?? UPLOADED;
          return typeof next === 'function' ? next(request) : next;
        },
      },
    });
    const names = ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'];
    await addFiles(user, ...names.map(pdf));
    for (const name of names) await chooseType(user, name, 'Identification');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));

    await waitFor(() => expect(xhr.requests).toHaveLength(4));
    expect(
      await within(queueItem('a.pdf')).findByText(
        'Only PDF, JPEG, PNG and TIFF files can be uploaded.',
      ),
    ).toBeVisible();
    expect(within(queueItem('b.pdf')).getByText('Internal Server Error')).toBeVisible();
    expect(
      within(queueItem('c.pdf')).getByText('The file transfer was unsuccessful, please try again.'),
    ).toBeVisible();
    expect(within(queueItem('a.pdf')).getByTestId('ErrorOutlineOutlinedIcon')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    // The failed ones keep their type, so trying again sends them again.
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(7));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull());
  });

  it('keeps a file too large, empty or not a document with its error as it is added, and sends only the others', async () => {
    const { user, xhr } = renderApplication();
    await addFiles(
      user,
      pdf('pay-stub.pdf'),
      new File([new Uint8Array(TEN_MB + 1)], 'scan.pdf', { type: 'application/pdf' }),
      new File([], 'blank.pdf', { type: 'application/pdf' }),
    );
    // The picker offers documents only; a dropped file may be anything.
    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [new File(['MZ'], 'setup.exe')], types: ['Files'] },
    });
    expect(
      within(queueItem('scan.pdf')).getByText(
        'The file is larger than 10 MB. Upload a smaller file.',
      ),
    ).toBeVisible();
    expect(within(queueItem('blank.pdf')).getByText('The file is empty.')).toBeVisible();
    expect(
      within(queueItem('setup.exe')).getByText(
        'Only PDF, JPEG, PNG and TIFF files can be uploaded.',
      ),
    ).toBeVisible();
    expect(
      within(queueItem('scan.pdf')).getByTestId('ErrorOutlineOutlinedIcon'),
    ).toBeInTheDocument();

    // Only the file that can be sent needs its type; it alone goes.
    await chooseType(user, 'pay-stub.pdf', 'Income Verification');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    const sentFiles = xhr.requests.map((request) =>
      request.body instanceof FormData ? request.body.get('file') : null,
    );
    expect(sentFiles).toEqual([expect.objectContaining({ name: 'pay-stub.pdf' })]);
    expect(
      within(queueItem('scan.pdf')).getByText(
        'The file is larger than 10 MB. Upload a smaller file.',
      ),
    ).toBeVisible();
    // Removed, it is gone; nothing else is sent.
    await user.click(
      within(queueItem('setup.exe')).getByRole('button', { name: 'Remove setup.exe' }),
    );
    expect(xhr.requests).toHaveLength(1);
  });

  it('keeps Upload File(s) off while no queued file can be sent, and asks a type only of those that can', async () => {
    const { user, xhr } = renderApplication();
    await addFiles(
      user,
      new File([new Uint8Array(TEN_MB + 1)], 'scan.pdf', { type: 'application/pdf' }),
      new File([], 'blank.pdf', { type: 'application/pdf' }),
    );
    const send = screen.getByRole('button', { name: 'Upload File(s)' });
    expect(send).toBeDisabled();
    // Leaving a refused file's type empty asks nothing of it: its own error is all it shows.
    const scan = queueItem('scan.pdf');
    await user.click(within(scan).getByRole('combobox', { name: /File type/ }));
    await user.tab();
    expect(within(scan).queryByText('Choose a file type')).toBeNull();
    expect(
      within(scan).getByText('The file is larger than 10 MB. Upload a smaller file.'),
    ).toBeVisible();

    await addFiles(user, pdf('pay-stub.pdf'));
    expect(send).toBeEnabled();
    await user.click(send);
    expect(within(queueItem('pay-stub.pdf')).getByText('Choose a file type')).toBeVisible();
    expect(within(queueItem('scan.pdf')).queryByText('Choose a file type')).toBeNull();
    expect(within(queueItem('blank.pdf')).queryByText('Choose a file type')).toBeNull();
    expect(within(queueItem('blank.pdf')).getByText('The file is empty.')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);

    // The one that could be sent removed, nothing is left to send.
    await user.click(
      within(queueItem('pay-stub.pdf')).getByRole('button', { name: 'Remove pay-stub.pdf' }),
    );
    expect(send).toBeDisabled();
  });

  it("refuses before sending a file over the institution's own limit, naming it", async () => {
    const { user, xhr } = renderApplication({
      settings: { 'documentCenterOptions.maxUploadMegabytes': '2' },
    });
    await addFiles(
      user,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'scan.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(2 * 1024 * 1024)], 'statement.pdf', { type: 'application/pdf' }),
    );
    expect(
      within(queueItem('scan.pdf')).getByText(
        'The file is larger than 2 MB. Upload a smaller file.',
      ),
    ).toBeVisible();
    expect(within(queueItem('statement.pdf')).queryByText(/larger than/)).toBeNull();
    await chooseType(user, 'statement.pdf', 'Identification');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const sent = xhr.requests[0]?.body;
    expect(sent instanceof FormData ? sent.get('file') : null).toEqual(
      expect.objectContaining({ name: 'statement.pdf' }),
    );
  });

  it('shows the icon of the format the upload policy reads from the name', async () => {
    renderApplication();
    // Dropped: the picker would not offer the last two.
    fireEvent.drop(await screen.findByTestId('file-drop-zone'), {
      dataTransfer: {
        files: [
          new File(['tiff'], 'deed.TIFF', { type: 'image/tiff' }),
          new File(['heic'], 'photo.heic', { type: 'image/heic' }),
          new File(['gif'], 'chart.gif', { type: 'image/gif' }),
        ],
        types: ['Files'],
      },
    });
    expect(within(queueItem('deed.TIFF')).getByTestId('ImageOutlinedIcon')).toBeInTheDocument();
    // Not accepted as uploads, so not shown as images either.
    for (const name of ['photo.heic', 'chart.gif']) {
      expect(within(queueItem(name)).getByTestId('DescriptionOutlinedIcon')).toBeInTheDocument();
      expect(
        within(queueItem(name)).getByText('Only PDF, JPEG, PNG and TIFF files can be uploaded.'),
      ).toBeVisible();
    }
  });

  it('takes dropped files in the drop zone', async () => {
    const { user } = renderApplication();
    const zone = await screen.findByTestId('file-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf('dropped.pdf')], types: ['Files'] } });
    expect(queueItem('dropped.pdf')).toBeVisible();
    await chooseType(user, 'dropped.pdf', 'Identification');
  });

  it('has no drop zone in the mobile app or a touch browser, only Add Files', async () => {
    const agent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MOBILE_APP_USER_AGENT);
    const first = renderApplication();
    expect(await screen.findByLabelText('Add Files')).toBeInTheDocument();
    expect(screen.queryByText('Drag and drop files here')).toBeNull();
    agent.mockRestore();
    first.unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('pointer: coarse'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    renderApplication();
    expect(await screen.findByLabelText('Add Files')).toBeInTheDocument();
    expect(screen.queryByText('Drag and drop files here')).toBeNull();
  });

  it('says it cannot get the file types when that call fails', async () => {
    renderApplication({ routes: { 'GET /api/file/GetFileTypes': { status: 500 } } });
    expect(
      await screen.findByText('Cannot connect to the service to get file types'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Add Files')).toBeNull();
  });

  it('has no upload area when the setting hides it, and asks for no file types', async () => {
    const { server } = renderApplication({
      settings: { 'documentCenterOptions.hideUploadAreaOption': 'true' },
    });
    await screen.findByRole('button', { name: 'Loan Approval Letter A-240275' });
    expect(screen.queryByLabelText('Add Files')).toBeNull();
    expect(server.requestsTo('GET /api/file/GetFileTypes')).toHaveLength(0);
  });

  it('logs out when the upload finds the session gone', async () => {
    const { user } = renderApplication({
      uploads: {
        [UPLOAD]: {
          status: 401,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'Unauthorized' }] },
        },
      },
    });
    await addFiles(user, pdf('pay-stub.pdf'));
    await chooseType(user, 'pay-stub.pdf', 'Identification');
    await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
    await waitFor(() => expect(window.location.hash).toContain('/home/login'));
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with a failed file, in the %s scheme',
    async (scheme) => {
      const { user } = renderApplication({
        settings: { 'themeOptions.colorScheme': scheme },
        uploads: { [UPLOAD]: { networkError: true } },
      });
      await addFiles(user, pdf('a.pdf'), pdf('b.pdf'));
      await chooseType(user, 'a.pdf', 'Identification');
      await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
      expect(await within(queueItem('b.pdf')).findByText('Choose a file type')).toBeVisible();
      await chooseType(user, 'b.pdf', 'Identification');
      await user.click(screen.getByRole('button', { name: 'Upload File(s)' }));
      await within(queueItem('b.pdf')).findByText(
        'The file transfer was unsuccessful, please try again.',
      );
      expect(document.documentElement).toHaveClass(scheme);
      await expectNoAxeViolations();
    },
  );
});
