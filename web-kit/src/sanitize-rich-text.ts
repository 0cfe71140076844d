import {
  isRichTextAttributeAllowed,
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_POLICY,
  richTextUrlPattern,
} from '@portal/domain';
import DOMPurify, { type Config } from 'dompurify';

const purifier = DOMPurify();

/**
 * Where there is no DOM (the server's render of the first paint, issue 23), DOMPurify cannot run:
 * the server hands in its own sanitiser of the same policy (server/src/lib/sanitize-html.ts).
 */
let withoutDom: ((html: string) => string) | undefined;
export function setSanitizerWithoutDom(sanitize: (html: string) => string): void {
  withoutDom = sanitize;
}

if (purifier.isSupported) {
  // DOMPurify's lists are global; the policy's attributes, URL schemes (https-only images) and link
  // targets depend on the element.
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isRichTextAttributeAllowed(node.nodeName, data.attrName, data.attrValue)) {
      data.keepAttr = false;
    }
  });

  // A link that opens a new tab must not hand the portal's window to the page it opens.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('target')) {
      node.setAttribute('rel', RICH_TEXT_POLICY.newWindowRel);
    }
  });
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_POLICY.tags],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTE_NAMES],
  ALLOWED_URI_REGEXP: richTextUrlPattern(),
  FORBID_CONTENTS: [...RICH_TEXT_POLICY.droppedWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Institution rich text (settings of type `richText`) made safe by the shared `RICH_TEXT_POLICY`,
 * which the server applies too: the portal renders it, and the admin's editor passes its output
 * through it before saving.
 */
export function sanitizeRichText(html: string): string {
  if (!purifier.isSupported) {
    // Nothing unsanitised is ever shown: without a sanitiser, no text.
    return withoutDom ? withoutDom(html) : '';
  }
  return purifier.sanitize(html, CONFIG);
}
