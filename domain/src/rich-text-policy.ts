/**
 * What institution rich text (settings of type `richText`: FAQ, disclosures, announcements, login
 * and footer texts) may contain. The server sanitises with sanitize-html before saving, the
 * portal and admin with DOMPurify before rendering; both are configured from this one policy, and
 * `RICH_TEXT_CASES` checks that they agree.
 */
export interface RichTextPolicy {
  /** Elements kept; any other element is removed and its text kept (see `droppedWithContent`). */
  readonly tags: readonly string[];
  /** Attributes kept on every allowed element. */
  readonly globalAttributes: readonly string[];
  /** Attributes kept on one element, by lower-case tag name. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** Attributes holding a URL, checked against the schemes below. */
  readonly urlAttributes: readonly string[];
  /** Schemes a URL may use; a relative URL (no scheme, not `//host`) is always allowed. */
  readonly urlSchemes: readonly string[];
  /** Narrower schemes for one element's URLs, by lower-case tag name. */
  readonly urlSchemesByTag: Readonly<Record<string, readonly string[]>>;
  /** Values a link's `target` may have; any other target is removed. */
  readonly linkTargets: readonly string[];
  /** The `rel` every link with a `target` gets (and the only `rel` a link can have). */
  readonly newWindowRel: string;
  /** Disallowed elements removed together with everything inside them. */
  readonly droppedWithContent: readonly string[];
}

/**
 * The rich-text policy.
 *
 * Tables are allowed: FAQ answers, fee schedules and rate disclosures are tabular, and a table
 * carries no script or URL. Only the structural elements and `colspan`, `rowspan` and `scope`
 * are kept; no presentational attributes, and no `style` anywhere.
 *
 * Images are allowed from https or relative URLs only: an institution shows its own logos and
 * seals, but an http image is mixed content that a network attacker can swap, and `data:` URLs
 * are refused so that nothing inline slips past the scheme check (DOMPurify would otherwise let
 * `data:` through on `img`).
 *
 * Links may be http, https, mailto, tel or relative. Protocol-relative URLs (`//host`) are refused
 * on both: they take the page's scheme, so an image could fall back to http. A link may open a new
 * window only with `target="_blank"`, and then always gets `rel="noopener noreferrer"` so the
 * opened page gets no handle on the portal's window; an author's own `rel` is not kept.
 */
export const RICH_TEXT_POLICY: RichTextPolicy = {
  tags: [
    'a',
    'b',
    'blockquote',
    'br',
    'caption',
    'code',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  globalAttributes: ['class', 'title'],
  attributes: {
    a: ['href', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  urlAttributes: ['href', 'src'],
  urlSchemes: ['http', 'https', 'mailto', 'tel'],
  urlSchemesByTag: { img: ['https'] },
  linkTargets: ['_blank'],
  newWindowRel: 'noopener noreferrer',
  droppedWithContent: [
    'script',
    'style',
    'template',
    'iframe',
    'frameset',
    'object',
    'embed',
    'noscript',
    'noembed',
    'noframes',
    'textarea',
    'select',
    'option',
    'title',
    'xmp',
    'plaintext',
    'svg',
    'math',
    'audio',
    'video',
  ],
};

/** Every attribute name the policy allows on some element. */
export const RICH_TEXT_ATTRIBUTE_NAMES: readonly string[] = [
  ...new Set([
    ...RICH_TEXT_POLICY.globalAttributes,
    ...Object.values(RICH_TEXT_POLICY.attributes).flat(),
  ]),
];

// Characters browsers skip inside a URL ("java\tscript:"); DOMPurify strips the same before its check.
// eslint-disable-next-line no-control-regex
const URL_IGNORED_CHARACTERS = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/**
 * A pattern that accepts a URL with one of `schemes` or a relative URL, and refuses any other
 * scheme and protocol-relative URLs (`//host`, `/\host`). Written to match the scheme rule of
 * sanitize-html, so it can be DOMPurify's `ALLOWED_URI_REGEXP` (DOMPurify removes whitespace and
 * control characters before testing, as `isRichTextUrlAllowed` does).
 */
export function richTextUrlPattern(
  schemes: readonly string[] = RICH_TEXT_POLICY.urlSchemes,
): RegExp {
  const escaped = schemes.map((scheme) => scheme.replace(/[.+-]/g, '\\$&'));
  return new RegExp(`^(?:(?:${escaped.join('|')}):|(?![a-z][a-z0-9+.\\-]*:|[\\\\/]{2}))`, 'i');
}

/** Whether a URL may stand in an `href`/`src` of `tag` (any case). */
export function isRichTextUrlAllowed(tag: string, url: string): boolean {
  const schemes =
    RICH_TEXT_POLICY.urlSchemesByTag[tag.toLowerCase()] ?? RICH_TEXT_POLICY.urlSchemes;
  return richTextUrlPattern(schemes).test(url.replace(URL_IGNORED_CHARACTERS, ''));
}

/**
 * Whether an attribute may stay on an allowed element: its name is allowed there, a URL has an
 * allowed scheme, a link target is an allowed one. Tag and attribute names in any case.
 * (The `rel` of new-window links is not an input: the sanitisers set it, see `newWindowRel`.)
 */
export function isRichTextAttributeAllowed(tag: string, name: string, value: string): boolean {
  const element = tag.toLowerCase();
  const attribute = name.toLowerCase();
  const allowed =
    RICH_TEXT_POLICY.globalAttributes.includes(attribute) ||
    (RICH_TEXT_POLICY.attributes[element]?.includes(attribute) ?? false);
  if (!allowed) return false;
  if (RICH_TEXT_POLICY.urlAttributes.includes(attribute)) {
    return isRichTextUrlAllowed(element, value);
  }
  if (element === 'a' && attribute === 'target')
    return RICH_TEXT_POLICY.linkTargets.includes(value);
  return true;
}
