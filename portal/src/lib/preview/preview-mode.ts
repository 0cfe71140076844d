import {
  PreviewMessage,
  PreviewSessionResponse,
  type ApplicationOptionsResponse,
  type ConfigurationDocument,
  type PreviewFrameMessage,
} from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { applicationOptionsQuery, setupKeys } from '../settings/get-application-options';
import { previewApplicationOptions } from './preview-settings';
import { previewTokenFrom } from './preview-token';

/** What preview mode uses of the frame's window (the browser's `window`; tests pass a fake). */
export interface PreviewFrame {
  readonly location: { readonly search: string; hash: string };
  readonly parent: unknown;
  /** The window that opened this one (the admin's pop-out preview), or null. */
  readonly opener: unknown;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

/** Posts to the admin app: the parent frame, or the window that opened the pop-out. */
export type PostToParent = (message: PreviewFrameMessage, targetOrigin: string) => void;

export interface PreviewModeOptions {
  queryClient: QueryClient;
  frame?: PreviewFrame;
  postToParent?: PostToParent;
}

/**
 * The portal side of the admin's live preview. Only when the page was opened with a live
 * `?previewToken=` (the server then answers ApplicationOptions with the draft):
 *
 * 1. asks the server which admin origin the token belongs to (`GET api/setup/PreviewSession`);
 * 2. accepts `PreviewMessage`s from that origin and from the admin window only (the parent
 *    frame, or the opener of a pop-out window): `settings`
 *    swaps the settings the portal renders with (no save needed, so the preview follows typing),
 *    `navigate` goes to a hash route, `color-scheme` shows light or dark;
 * 3. tells the parent `portal-preview:ready` and every route change (`portal-preview:route`).
 *
 * Returns a function that stops listening; resolves to undefined when there is no live token.
 */
export async function startPreviewMode(
  options: PreviewModeOptions,
): Promise<(() => void) | undefined> {
  const frame: PreviewFrame = options.frame ?? window;
  const { queryClient } = options;
  // In the admin's frame, the admin is the parent; in its pop-out window, the opener.
  const admin = frame.parent !== frame ? frame.parent : frame.opener;
  if (!previewTokenFrom(frame.location.search) || !admin) return undefined;
  const postToParent: PostToParent =
    options.postToParent ?? ((message, origin) => (admin as Window).postMessage(message, origin));
  let adminOrigin: string;
  try {
    adminOrigin = (await api.get('api/setup/PreviewSession', PreviewSessionResponse)).AdminOrigin;
  } catch {
    return undefined;
  }

  let document: ConfigurationDocument | undefined;
  let colorScheme: 'light' | 'dark' | undefined;

  async function show(): Promise<void> {
    if (!document && !colorScheme) return;
    const base: ApplicationOptionsResponse =
      await queryClient.ensureQueryData(applicationOptionsQuery());
    const next = document
      ? previewApplicationOptions(document, base, colorScheme)
      : previewApplicationOptions(
          { shared: base.gassySettings.shared, english: base.gassySettings.english },
          base,
          colorScheme,
        );
    queryClient.setQueryData(setupKeys.applicationOptions(), next);
  }

  function tell(message: PreviewFrameMessage): void {
    postToParent(message, adminOrigin);
  }

  function onMessage(event: MessageEvent): void {
    if (event.origin !== adminOrigin || event.source !== admin) return;
    const parsed = PreviewMessage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'portal-preview:settings') {
      document = message.document;
      void show();
    } else if (message.type === 'portal-preview:color-scheme') {
      colorScheme = message.scheme;
      void show();
    } else {
      const route = message.route.startsWith('/') ? message.route : `/${message.route}`;
      frame.location.hash = route;
    }
  }

  function onHashChange(): void {
    tell({ type: 'portal-preview:route', route: frame.location.hash.replace(/^#/, '') });
  }

  frame.addEventListener('message', onMessage);
  frame.addEventListener('hashchange', onHashChange);
  tell({ type: 'portal-preview:ready' });
  return () => {
    frame.removeEventListener('message', onMessage);
    frame.removeEventListener('hashchange', onHashChange);
  };
}
