import { escapeHtml } from '../../lib/html';

/**
 * The server's rich-text sanitiser (the server has no DOM, so no DOMPurify): an allow-list
 * rebuild. Every tag is parsed and written out again from its name and allowed attributes only,
 * text is re-escaped, and the content of script-like elements is dropped. What comes out can
 * only contain the tags and attributes below.
 */
const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
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
  'u',
  'ul',
]);
const VOID_TAGS = new Set(['br', 'hr']);
/** Elements whose content is dropped together with them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'frameset',
  'noembed',
  'xmp',
]);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href', 'target', 'rel', 'title']),
};
const GLOBAL_ATTRIBUTES = new Set(['class']);
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|[^:]*$)/i;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) {
      const code = Number.parseInt(entity.slice(2), 16);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    if (entity.startsWith('#')) {
      const code = Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = [...value]
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code > 0x20 && code !== 0x7f;
    })
    .join('');
  return SAFE_URL.test(compact);
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, source: string): string {
  const allowed = ALLOWED_ATTRIBUTES[tag];
  let output = '';
  const seen = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? '').toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (name === 'href' && !isSafeUrl(value)) continue;
    if (name === 'target' && value !== '_blank' && value !== '_self') continue;
    seen.add(name);
    output += ` ${name}="${escapeHtml(value)}"`;
  }
  // A link that opens a new window must not hand it a reference back to the portal.
  if (tag === 'a' && seen.has('target') && !seen.has('rel')) output += ' rel="noopener noreferrer"';
  return output;
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)(>|$)/g;

/** Text stays as written (entities included); only markup characters are escaped. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Sanitises HTML from a rich-text setting: allowed tags and attributes only, links http(s)/mailto/tel/relative. */
export function sanitizeRichText(html: string): string {
  let output = '';
  let last = 0;
  let dropping: string | undefined;
  const open: string[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const text = html.slice(last, match.index);
    last = match.index + match[0].length;
    if (!dropping) output += escapeText(text);
    const name = match[2]?.toLowerCase();
    if (name === undefined) continue; // comment, doctype, processing instruction, CDATA
    const closing = match[1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = undefined;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      const selfClosing = /\/\s*$/.test(match[3] ?? '');
      if (!closing && !selfClosing) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index === -1) continue;
      // Close what was left open inside it, so the output stays well nested.
      for (const inner of open.splice(index).reverse()) output += `</${inner}>`;
      continue;
    }
    output += `<${name}${cleanAttributes(name, match[3] ?? '')}>`;
    if (!VOID_TAGS.has(name)) open.push(name);
  }
  if (!dropping) output += escapeText(html.slice(last));
  for (const inner of open.reverse()) output += `</${inner}>`;
  return output;
}
