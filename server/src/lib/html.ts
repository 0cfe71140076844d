const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** Escapes text and turns its http(s) addresses into links (the demo mailbox's message bodies). */
export function linkifyText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    last = start + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}
