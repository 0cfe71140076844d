/**
 * Opens a download or document in a new tab once its address is known. The tab is opened at the
 * click (a tab opened after an await is a pop-up browsers block), then sent to the address, which
 * is resolved against the page (the API paths are relative). On failure the tab is closed.
 */
export async function openInNewTab(address: Promise<string>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = new URL(await address, document.baseURI).toString();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
