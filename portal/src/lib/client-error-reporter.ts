import { Envelope, escapeClientErrorText, type ClientErrorRequest } from '@portal/domain';
import type { ApiClient } from '@portal/web-kit';
import { api } from './api-client';

const MAX_MESSAGE = 4000;
const MAX_STACK = 20000;
const MAX_USER_AGENT = 1000;

export interface ClientErrorReporter {
  /** Sends the error to `POST api/ClientError`, once per distinct report and page load. */
  report(error: unknown): Promise<void>;
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) {
    return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  }
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

export function createClientErrorReporter(client: ApiClient): ClientErrorReporter {
  const sent = new Set<string>();
  return {
    async report(error) {
      const { message, stack } = describe(error);
      const body: ClientErrorRequest = {
        Message: escapeClientErrorText(message).slice(0, MAX_MESSAGE),
        Stack: escapeClientErrorText(stack).slice(0, MAX_STACK),
        UserAgent: escapeClientErrorText(navigator.userAgent).slice(0, MAX_USER_AGENT),
      };
      const fingerprint = JSON.stringify(body);
      if (sent.has(fingerprint)) return;
      sent.add(fingerprint);
      try {
        await client.post('api/ClientError', body, Envelope, { ignoreUnauthorized: true });
      } catch {
        console.error("couldn't report error");
      }
    },
  };
}

const reporter = createClientErrorReporter(api);

/** Reports an error of the portal to the server (spec 000 section 7). Never throws. */
export function reportClientError(error: unknown): void {
  void reporter.report(error);
}

/** Reports uncaught errors and unhandled promise rejections of the page. Returns the uninstaller. */
export function installGlobalErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    reportClientError(event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportClientError(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
