import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { OK } from '../testing/fixtures';
import { createPortalApiClient } from './api-client';
import { createClientErrorReporter, installGlobalErrorReporting } from './client-error-reporter';

describe('client error reporter', () => {
  it('posts the message, stack and user agent with angle brackets and braces escaped', async () => {
    const server = stubFetch({ 'POST /api/ClientError': OK });
    const reporter = createClientErrorReporter(createPortalApiClient());
    const error = new Error('bad <script>{x}</script>');
    error.stack = 'at <anonymous> {1}';

    await reporter.report(error);

    const [request] = server.requestsTo('POST /api/ClientError');
    expect(request?.headers.get('X-Requested-With')).toBe('portal');
    expect(request?.body).toEqual({
      Message: 'Error: bad &#60;script&#62;&#123;x&#125;&#60;/script&#62;',
      Stack: 'at &#60;anonymous&#62; &#123;1&#125;',
      UserAgent: expect.any(String),
    });
  });

  it('sends an identical report only once per page load', async () => {
    const server = stubFetch({ 'POST /api/ClientError': OK });
    const reporter = createClientErrorReporter(createPortalApiClient());

    await reporter.report('The route /x has no page title');
    await reporter.report('The route /x has no page title');
    await reporter.report('The route /y has no page title');

    expect(server.requestsTo('POST /api/ClientError')).toHaveLength(2);
  });

  it('logs "couldn\'t report error" when the report cannot be sent', async () => {
    stubFetch({ 'POST /api/ClientError': { status: 500, body: {} } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await createClientErrorReporter(createPortalApiClient()).report(new Error('boom'));
    expect(log).toHaveBeenCalledWith("couldn't report error");
    log.mockRestore();
  });

  it('reports uncaught errors and unhandled rejections of the page', async () => {
    const server = stubFetch({ 'POST /api/ClientError': OK });
    const uninstall = installGlobalErrorReporting(window);

    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('window error'), message: 'window error' }),
    );
    const rejection = new Event('unhandledrejection');
    Object.defineProperty(rejection, 'reason', { value: new Error('lost promise') });
    window.dispatchEvent(rejection);
    uninstall();

    await vi.waitFor(() => expect(server.requestsTo('POST /api/ClientError')).toHaveLength(2));
    const messages = server.requestsTo('POST /api/ClientError').map((request) => request.body);
    expect(messages).toEqual([
      expect.objectContaining({ Message: 'Error: window error' }),
      expect.objectContaining({ Message: 'Error: lost promise' }),
    ]);
  });
});
