import {
  isRichTextAttributeAllowed,
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_POLICY,
  richTextUrlPattern,
} from '@portal/domain';
import DOMPurify, { type Config } from 'dompurify';

const purifier = DOMPurify();

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
  return purifier.sanitize(html, CONFIG);
}
