import DOMPurify from 'dompurify';

const purifier = DOMPurify();

// A link that opens a new tab must not hand the portal's window to the page it opens.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Settings rich text made safe, the same rules the portal renders with: no scripts, styles, forms,
 * frames or event handlers. The editor's output passes through this before it is saved.
 */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
  });
}
