import { onTestFinished, vi } from 'vitest';

/** An upload the app sent through XMLHttpRequest, as the stub saw it. */
export interface XhrStubRequest {
  method: string;
  /** The URL path, e.g. `/api/file/UploadFileWithLoanNumber`. */
  path: string;
  headers: Headers;
  /** The body as sent: a FormData for uploads. */
  body: unknown;
  /** Reports upload progress to the app, as the browser does while the body goes out. */
  progress(loaded: number, total: number): void;
}

/** An answer: a status and a JSON body, or a failed connection (the `error` event). */
export type XhrStubResponse = { status?: number; body?: unknown } | { networkError: true };

export type XhrStubHandler =
  XhrStubResponse | ((request: XhrStubRequest) => XhrStubResponse | Promise<XhrStubResponse>);

export interface XhrStub {
  readonly requests: readonly XhrStubRequest[];
  requestsTo(route: string): XhrStubRequest[];
  route(route: string, handler: XhrStubHandler): void;
}

/**
 * Replaces `XMLHttpRequest` (the HTTP boundary of uploads, which need upload progress that
 * `fetch` does not give) with a route table for the current test, as `stubFetch` does for
 * fetch: `'METHOD /path'` → answer; unknown routes get `notFound`. Only what an upload uses is
 * there: open, setRequestHeader, send, abort, `upload` progress events, and the load, error and
 * abort events with status and responseText.
 */
export function stubXhr(
  routes: Record<string, XhrStubHandler>,
  notFound: XhrStubResponse,
): XhrStub {
  const table = new Map(Object.entries(routes));
  const requests: XhrStubRequest[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    static readonly DONE = 4;
    readonly upload = new EventTarget();
    readyState = 0;
    status = 0;
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    getResponseHeader(name: string): string | null {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }

    abort() {
      this.aborted = true;
      this.readyState = FakeXMLHttpRequest.DONE;
      this.dispatchEvent(new ProgressEvent('abort'));
    }

    send(body?: unknown) {
      const url = new URL(this.url, document.baseURI);
      const request: XhrStubRequest = {
        method: this.method,
        path: url.pathname,
        headers: this.headers,
        body,
        progress: (loaded, total) => {
          if (this.aborted) return;
          this.upload.dispatchEvent(
            new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
          );
        },
      };
      requests.push(request);
      const handler = table.get(`${request.method} ${request.path}`) ?? notFound;
      // The answer comes later, as the network's would.
      void Promise.resolve()
        .then(() => (typeof handler === 'function' ? handler(request) : handler))
        .then((answer) => {
          if (this.aborted) return;
          this.readyState = FakeXMLHttpRequest.DONE;
          if ('networkError' in answer) {
            this.dispatchEvent(new ProgressEvent('error'));
            return;
          }
          this.status = answer.status ?? 200;
          this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          this.dispatchEvent(new ProgressEvent('load'));
        });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });

  return {
    requests,
    requestsTo: (route) => {
      const [method, path] = route.split(' ');
      return requests.filter((request) => request.method === method && request.path === path);
    },
    route: (route, handler) => {
      table.set(route, handler);
    },
  };
}
