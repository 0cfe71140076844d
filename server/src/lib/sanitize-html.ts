import { isRichTextAttributeAllowed, RICH_TEXT_POLICY } from '@portal/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * Keeps the attributes the policy allows on the element and, when a link opens a new window,
 * gives it the policy's `rel` (replacing any the author wrote). Runs before sanitize-html's own
 * attribute filtering, which then applies the same policy again.
 */
function applyAttributePolicy(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    // DOMPurify trims attribute values before judging and keeping them; do the same.
    const trimmed = value.trim();
    if (isRichTextAttributeAllowed(tagName, name, trimmed)) kept[name] = trimmed;
  }
  if (tagName === 'a' && kept.target !== undefined) kept.rel = RICH_TEXT_POLICY.newWindowRel;
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_POLICY.tags],
  allowedAttributes: {
    '*': [...RICH_TEXT_POLICY.globalAttributes],
    ...Object.fromEntries(
      Object.entries(RICH_TEXT_POLICY.attributes).map(([tag, names]) => [
        tag,
        tag === 'a' ? [...names, 'rel'] : [...names],
      ]),
    ),
  },
  allowedSchemes: [...RICH_TEXT_POLICY.urlSchemes],
  allowedSchemesByTag: Object.fromEntries(
    Object.entries(RICH_TEXT_POLICY.urlSchemesByTag).map(([tag, schemes]) => [tag, [...schemes]]),
  ),
  allowedSchemesAppliedToAttributes: [...RICH_TEXT_POLICY.urlAttributes],
  allowProtocolRelative: false,
  nonTextTags: [...RICH_TEXT_POLICY.droppedWithContent],
  disallowedTagsMode: 'discard',
  // The policy allows no style attribute; this keeps sanitize-html from even parsing one.
  parseStyleAttributes: false,
  transformTags: { '*': applyAttributePolicy },
};

/**
 * Sanitises HTML from a rich-text setting with sanitize-html, configured from the shared
 * `RICH_TEXT_POLICY` (the portal and admin apply the same policy with DOMPurify).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
