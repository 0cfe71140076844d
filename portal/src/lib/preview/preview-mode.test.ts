import { ApplicationOptionsResponse, type PreviewFrameMessage } from '@portal/domain';
import { createQueryClient } from '@portal/web-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applicationOptionsQuery, setupKeys } from '../settings/get-application-options';
import { stubFetch } from '../../testing/fetch-stub';
import { applicationOptionsBody } from '../../testing/fixtures';
import { startPreviewMode, type PreviewFrame } from './preview-mode';

const ADMIN = 'http://localhost:3000';

/**
 * A portal window in the admin's frame (`framed`), in a pop-out window the admin opened
 * (`popout`), or opened by itself (`alone`).
 */
function fakeFrame(search: string, how: 'framed' | 'popout' | 'alone' = 'framed') {
  const admin = { name: 'admin window' };
  const messageListeners = new Set<(event: MessageEvent) => void>();
  const posted: { message: PreviewFrameMessage; origin: string }[] = [];
  const frame: PreviewFrame & { parent: unknown } = {
    location: { search, hash: '#/home/login' },
    parent: admin,
    opener: how === 'popout' ? admin : null,
    addEventListener(type: 'message' | 'hashchange', listener: (event: MessageEvent) => void) {
      if (type === 'message') messageListeners.add(listener);
    },
    removeEventListener(type: 'message' | 'hashchange', listener: (event: MessageEvent) => void) {
      if (type === 'message') messageListeners.delete(listener);
    },
  };
  // A top-level window is its own parent.
  if (how !== 'framed') frame.parent = frame;
  return {
    frame,
    posted,
    postToParent: (message: PreviewFrameMessage, origin: string) =>
      posted.push({ message, origin }),
    receive(data: unknown, origin = ADMIN, source: unknown = admin) {
      const event = new MessageEvent('message', { data, origin });
      Object.defineProperty(event, 'source', { value: source });
      for (const listener of messageListeners) listener(event);
    },
  };
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('preview mode', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/?previewToken=tok-123');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('stays off without a preview token, and never asks the server', async () => {
    window.history.replaceState(null, '', '/');
    const server = stubFetch({});
    const fake = fakeFrame('');
    const stop = await startPreviewMode({ queryClient: createQueryClient(), ...fake });
    expect(stop).toBeUndefined();
    expect(server.requests).toHaveLength(0);
    expect(fake.posted).toEqual([]);
  });

  it('sends the token, and shows the drafts the admin posts as the staff member types', async () => {
    const server = stubFetch({
      'GET /api/setup/ApplicationOptions': { body: applicationOptionsBody() },
      'GET /api/setup/PreviewSession': {
        body: {
          HasNoErrors: true,
          Errors: [],
          AdminOrigin: ADMIN,
          ExpiresAt: '2030-01-01T00:00:00Z',
        },
      },
    });
    const queryClient = createQueryClient({ retry: false });
    await queryClient.fetchQuery(applicationOptionsQuery());
    const fake = fakeFrame('?previewToken=tok-123');
    const stop = await startPreviewMode({ queryClient, ...fake });
    expect(stop).toBeTypeOf('function');
    expect(
      server.requestsTo('GET /api/setup/ApplicationOptions')[0]?.headers.get('X-Preview-Token'),
    ).toBe('tok-123');
    expect(fake.posted).toEqual([{ message: { type: 'portal-preview:ready' }, origin: ADMIN }]);

    const current = () =>
      ApplicationOptionsResponse.parse(queryClient.getQueryData(setupKeys.applicationOptions()));
    const draft = {
      type: 'portal-preview:settings',
      document: {
        english: { loginTexts: { topHeadingText: 'Typed just now' } },
        shared: {
          globalOptions: { useFAQOption: 'false' },
          securityPolicyOptions: { sessionIdleTimeoutMinutes: '5' },
        },
      },
    };
    // Another origin, or another window of the admin origin, is ignored.
    fake.receive(draft, 'https://evil.example');
    fake.receive(draft, ADMIN, { name: 'some other window' });
    await settle();
    expect(current().gassySettings.english.loginTexts?.topHeadingText).not.toBe('Typed just now');

    fake.receive(draft);
    await settle();
    expect(current().gassySettings.english.loginTexts?.topHeadingText).toBe('Typed just now');
    expect(current().gassySettings.shared.globalOptions?.useFAQOption).toBe('false');
    // Admin-only keys never reach the portal's settings.
    expect(current().gassySettings.shared.securityPolicyOptions).toBeUndefined();

    fake.receive({ type: 'portal-preview:color-scheme', scheme: 'dark' });
    await settle();
    expect(current().gassySettings.shared.themeOptions?.colorScheme).toBe('dark');
    expect(current().gassySettings.english.loginTexts?.topHeadingText).toBe('Typed just now');

    fake.receive({ type: 'portal-preview:navigate', route: '/home/faq' });
    expect(fake.frame.location.hash).toBe('/home/faq');
    fake.receive({ type: 'portal-preview:navigate', route: 'x'.repeat(400) });
    expect(fake.frame.location.hash).toBe('/home/faq');
    stop?.();
  });

  it('talks to the admin window that opened it as a pop-out, and stays off in a window of its own', async () => {
    const session = {
      'GET /api/setup/ApplicationOptions': { body: applicationOptionsBody() },
      'GET /api/setup/PreviewSession': {
        body: {
          HasNoErrors: true,
          Errors: [],
          AdminOrigin: ADMIN,
          ExpiresAt: '2030-01-01T00:00:00Z',
        },
      },
    };
    stubFetch(session);
    const queryClient = createQueryClient({ retry: false });
    await queryClient.fetchQuery(applicationOptionsQuery());
    const popout = fakeFrame('?previewToken=tok-123', 'popout');
    const stop = await startPreviewMode({ queryClient, ...popout });
    expect(popout.posted).toEqual([{ message: { type: 'portal-preview:ready' }, origin: ADMIN }]);
    popout.receive({
      type: 'portal-preview:settings',
      document: { english: { loginTexts: { topHeadingText: 'In the pop-out' } }, shared: {} },
    });
    await settle();
    const current = ApplicationOptionsResponse.parse(
      queryClient.getQueryData(setupKeys.applicationOptions()),
    );
    expect(current.gassySettings.english.loginTexts?.topHeadingText).toBe('In the pop-out');
    stop?.();

    const alone = fakeFrame('?previewToken=tok-123', 'alone');
    expect(await startPreviewMode({ queryClient, ...alone })).toBeUndefined();
    expect(alone.posted).toEqual([]);
  });

  it('stays off when the server does not know the token', async () => {
    stubFetch({});
    const fake = fakeFrame('?previewToken=tok-123');
    expect(await startPreviewMode({ queryClient: createQueryClient(), ...fake })).toBeUndefined();
    expect(fake.posted).toEqual([]);
  });
});
