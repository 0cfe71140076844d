import type { ConfigurationDocument, PreviewMessage } from '@portal/domain';
import { createQueryClient } from '@portal/web-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { stubFetch } from '../../../testing/fetch-stub';
import { PreviewPane } from './preview-pane';

const PORTAL = 'http://summit.localhost:3000';
const DOCUMENT = { shared: {}, english: {} } as unknown as ConfigurationDocument;

/** A draft session that the test can change: the pane reads the document and listens. */
function fakeSession() {
  const listeners = new Set<() => void>();
  let document = DOCUMENT;
  const session = {
    getPreviewDocument: () => document,
    valueOf: (key: string) => {
      const [section = '', name = ''] = key.split('.');
      const shared = document.shared as Record<string, Record<string, string>> | undefined;
      return shared?.[section]?.[name] ?? (key === 'themeOptions.colorScheme' ? 'light' : '');
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as DraftSession;
  return {
    session,
    change(next: ConfigurationDocument) {
      document = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A real window (a same-origin frame's) standing in for the pop-out, its messages recorded. */
function fakePopout() {
  const holder = document.createElement('iframe');
  document.body.append(holder);
  const popout = holder.contentWindow as Window;
  const sent: { message: PreviewMessage; origin: string }[] = [];
  vi.spyOn(popout, 'postMessage').mockImplementation(((message: PreviewMessage, origin: string) =>
    sent.push({ message, origin })) as typeof popout.postMessage);
  return { popout, sent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the admin preview pane', () => {
  it('opens the pop-out at the portal and feeds it the draft and the colour scheme like the frame', async () => {
    stubFetch({
      'POST /admin-api/institutions/summit/preview-token': {
        body: {
          token: 't',
          expiresAt: '2099-01-01T00:00:00.000Z',
          portalUrl: `${PORTAL}/?previewToken=t`,
        },
      },
    });
    const { popout, sent } = fakePopout();
    const open = vi.spyOn(window, 'open').mockReturnValue(popout);
    const draft = fakeSession();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <PreviewPane slug="summit" session={draft.session} request={null} />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Open the preview in a window' }));
    expect(open).toHaveBeenCalledWith(
      `${PORTAL}/?previewToken=t#/home/login`,
      'portal-preview',
      expect.any(String),
    );

    // The pop-out says it listens: it gets the draft (with its own colour scheme: the toggle is
    // untouched, so no override), at the portal's origin only.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: PORTAL,
          source: popout,
          data: { type: 'portal-preview:ready' },
        }),
      );
    });
    expect(sent.map((entry) => entry.message.type)).toEqual(['portal-preview:settings']);
    expect(new Set(sent.map((entry) => entry.origin))).toEqual(new Set([PORTAL]));

    // The Dark toggle reaches the pop-out.
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    await waitFor(() =>
      expect(sent.at(-1)?.message).toEqual({ type: 'portal-preview:color-scheme', scheme: 'dark' }),
    );

    // A change of the draft reaches it too.
    const changed = { shared: { themeOptions: { primaryColor: '#123456' } }, english: {} };
    draft.change(changed as unknown as ConfigurationDocument);
    await waitFor(() =>
      expect(sent.at(-1)?.message).toEqual({ type: 'portal-preview:settings', document: changed }),
    );

    // A message from another origin is ignored.
    const before = sent.length;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'http://evil.example',
          source: popout,
          data: { type: 'portal-preview:ready' },
        }),
      );
    });
    expect(sent).toHaveLength(before);
  });

  it('shows the draft’s colour scheme until Light or Dark is chosen', async () => {
    stubFetch({
      'POST /admin-api/institutions/summit/preview-token': {
        body: {
          token: 't',
          expiresAt: '2099-01-01T00:00:00.000Z',
          portalUrl: `${PORTAL}/?previewToken=t`,
        },
      },
    });
    const draft = fakeSession();
    draft.change({
      shared: { themeOptions: { colorScheme: 'dark' } },
      english: {},
    } as unknown as ConfigurationDocument);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <PreviewPane slug="summit" session={draft.session} request={null} />
      </QueryClientProvider>,
    );
    // The toggle says what the preview shows: the draft's dark scheme.
    expect(await screen.findByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const frame = await screen.findByTitle('Portal preview with the draft settings');
    const sent: PreviewMessage[] = [];
    vi.spyOn(frame as HTMLIFrameElement, 'contentWindow', 'get').mockReturnValue({
      postMessage: (message: PreviewMessage) => sent.push(message),
    } as unknown as Window);
    await user.click(screen.getByRole('button', { name: 'Light' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ type: 'portal-preview:color-scheme', scheme: 'light' }),
    );
    expect(sent.filter((message) => message.type === 'portal-preview:color-scheme')).toHaveLength(
      1,
    );
  });
});
