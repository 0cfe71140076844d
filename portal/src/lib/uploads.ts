import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ENVELOPE_CODES,
  PREVIEW_TOKEN_HEADER,
  SERVICING_BRANCH_HEADER,
  USER_TOKEN_HEADER,
  FileTypesResponse,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type SessionHeaders } from './api-client';
import { currentPreviewToken } from './preview/preview-token';

/** Only asked for with the file-services setting on (spec 002 section 7); the caller checks it. */
export const fileTypesQuery = () =>
  queryOptions({
    queryKey: ['fileTypes'] as const,
    queryFn: ({ signal }) => api.get('api/file/GetFileTypes', FileTypesResponse, { signal }),
    // The institution's list changes only when staff publish settings.
    staleTime: 5 * 60_000,
  });

/** What an upload is about: one of the user's loans or applications, or the user (profile). */
export type UploadTarget =
  { kind: 'account' | 'application'; number: string } | { kind: 'customer'; number?: undefined };

const UPLOAD_PATHS: Readonly<Record<UploadTarget['kind'], string>> = {
  account: 'api/file/UploadFileWithLoanNumber',
  application: 'api/file/UploadFileWithApplicationNumber',
  customer: 'api/file/UploadByCustomerID',
};

/** Spec 002 section 8 and spec 001 section 9: 200 to 299, and 304, are successes. */
export function isUploadSuccess(status: number): boolean {
  return (status >= 200 && status <= 299) || status === 304;
}

/**
 * How one upload ended. `network`: no answer (the spec's 'The file transfer was unsuccessful');
 * `failed`: an answer with a failed status, with the server's Message when it sent one;
 * `unauthorized`: the session is gone (the caller logs out, as the API client does).
 */
export type UploadOutcome =
  | { kind: 'uploaded' }
  | { kind: 'network' }
  | { kind: 'failed'; status: number; message?: string }
  | { kind: 'unauthorized' };

function answerOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function outcomeOf(status: number, text: string): UploadOutcome {
  const answer = answerOf(text);
  const errors = Array.isArray(answer?.Errors) ? (answer.Errors as unknown[]) : [];
  const first = errors[0];
  const code =
    typeof first === 'object' && first !== null && 'ErrorMessage' in first
      ? first.ErrorMessage
      : undefined;
  if (code === ENVELOPE_CODES.unauthorized) return { kind: 'unauthorized' };
  if (isUploadSuccess(status)) return { kind: 'uploaded' };
  const message = typeof answer?.Message === 'string' ? answer.Message.trim() : '';
  return { kind: 'failed', status, ...(message ? { message } : {}) };
}

export interface UploadFileOptions {
  target: UploadTarget;
  file: File;
  fileTypeId: number;
  /** The session's headers (UserToken and ServicingBranch, spec 002 section 7). */
  session: SessionHeaders;
  /** Told the share of the file sent so far, 0 to 100. */
  onProgress(percent: number): void;
  signal?: AbortSignal;
}

/**
 * Sends one file as `multipart/form-data` (fields LoanNumber, ApplicationNumber, FileTypeID,
 * file) with the headers the API client sends (CSRF, session, preview). It uses XMLHttpRequest,
 * not the API client's fetch, because only XMLHttpRequest reports upload progress; this and
 * api-client.ts are the portal's only two ways to the server. Never rejects: every end is an
 * outcome.
 */
export function uploadFile(options: UploadFileOptions): Promise<UploadOutcome> {
  const { target, file, session } = options;
  const form = new FormData();
  form.append('LoanNumber', target.kind === 'account' ? target.number : '');
  form.append('ApplicationNumber', target.kind === 'application' ? target.number : '');
  form.append('FileTypeID', String(options.fileTypeId));
  form.append('file', file, file.name);

  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
    request.open('POST', new URL(UPLOAD_PATHS[target.kind], base).toString());
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    if (session.servicingBranch) {
      request.setRequestHeader(SERVICING_BRANCH_HEADER, session.servicingBranch);
    }
    if (session.userToken) request.setRequestHeader(USER_TOKEN_HEADER, session.userToken);
    const previewToken = currentPreviewToken();
    if (previewToken) request.setRequestHeader(PREVIEW_TOKEN_HEADER, previewToken);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener('load', () => {
      const outcome = outcomeOf(request.status, request.responseText);
      if (outcome.kind === 'uploaded') options.onProgress(100);
      resolve(outcome);
    });
    request.addEventListener('error', () => resolve({ kind: 'network' }));
    request.addEventListener('timeout', () => resolve({ kind: 'network' }));
    request.addEventListener('abort', () => resolve({ kind: 'network' }));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
