/** How long `untilLoaded` waits for the tab's page before giving up (the server decides then). */
const LOAD_WAIT_MS = 20_000;
const LOAD_POLL_MS = 100;

/**
 * Opens a download or document in a new tab once its address is known. The tab is opened at the
 * click (a tab opened after an await is a pop-up browsers block), then sent to the address, which
 * is resolved against the page (the API paths are relative). On failure the tab is closed.
 *
 * With `untilLoaded`, resolves once the tab has loaded the address (our own origin, so its
 * document can be read), or was closed, or after 20 s: a caller that must know the page was
 * served (the ACH draft agreement preview, which the server marks opened when it renders it)
 * waits for that, not only for the address to be given.
 */
export async function openInNewTab(
  address: Promise<string>,
  options: { untilLoaded?: boolean; keepThisTab?: boolean } = {},
): Promise<void> {
  const tab = window.open('', '_blank');
  let url: string;
  try {
    url = new URL(await address, document.baseURI).toString();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else if (options.keepThisTab) {
      throw new PopupBlockedError(url);
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (options.untilLoaded && tab) await tabLoaded(tab);
}

/**
 * The browser refused the new tab (a pop-up blocker), and the caller must not leave this tab
 * (`keepThisTab`: a dialog in the middle of a payment): it offers `url` as a link instead, which
 * the borrower's own click opens.
 */
export class PopupBlockedError extends Error {
  constructor(readonly url: string) {
    super('the browser did not open a new tab');
    this.name = 'PopupBlockedError';
  }
}

async function tabLoaded(tab: Window): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < LOAD_WAIT_MS) {
    try {
      if (tab.closed) return;
      // Until the navigation commits the tab still shows its first about:blank document.
      if (tab.location.href !== 'about:blank' && tab.document.readyState === 'complete') return;
    } catch {
      // Another origin (a redirect away): nothing more can be known from here.
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, LOAD_POLL_MS));
  }
}
