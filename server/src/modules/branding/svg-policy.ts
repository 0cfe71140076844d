import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

/**
 * Uploaded SVGs are parsed as XML and every element and attribute is checked against an
 * allow-list of static drawing: no scripts, event handlers, foreign content, external or
 * script addresses, entity tricks or namespaced look-alikes (`<s:script xmlns:s=svg>`). The
 * check reads what a browser would read (entities decoded, namespaces resolved), not the text.
 */

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/** Static drawing, text, paint servers, clipping, masking and filters: nothing that runs. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'marker',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

/** Raster images may be embedded, nothing else may be loaded. */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/=\s]+$/;
/**
 * What a style may not contain once read as a browser reads it (comments dropped, escapes
 * decoded, lower case): an import, a function that loads a resource (any but `url(#local)`),
 * or the old script hooks. The test runs on cssAsBrowserReadsIt's output, never on the raw
 * text, so `@\69mport` and `u\72l(` are caught like `@import` and `url(`.
 */
const ACTIVE_STYLE =
  /@import|\burl\((?!\s*['"]?\s*#)|(?:^|[^\w-])(?:-webkit-)?(?:image-set|image|src|cross-fade|element)\s*\(|expression\s*\(|javascript:|vbscript:|behaviou?r\s*:|-moz-binding/;

const HEX_DIGIT = /^[0-9a-f]$/i;
const CSS_WHITESPACE = /^[ \t\n\r\f]$/;

/**
 * CSS text as the browser's tokenizer reads it (CSS Syntax 3, 4.3.7 "consume an escaped code
 * point"): comments removed, `\` + one to six hex digits (and one following space) becomes
 * that code point, `\` + newline disappears, `\` + any other character is that character.
 * Removing comments may join two tokens (`@im/ * * /port`) that a browser keeps apart: the
 * check is then stricter than the browser, never looser.
 */
export function cssAsBrowserReadsIt(css: string): string {
  let out = '';
  let index = 0;
  while (index < css.length) {
    const char = css.charAt(index);
    if (char === '/' && css.charAt(index + 1) === '*') {
      const end = css.indexOf('*/', index + 2);
      index = end === -1 ? css.length : end + 2;
      continue;
    }
    if (char !== '\\') {
      out += char;
      index += 1;
      continue;
    }
    index += 1;
    if (index >= css.length) {
      out += '\uFFFD';
      break;
    }
    const next = css.charAt(index);
    if (next === '\n' || next === '\f' || next === '\r') {
      index += next === '\r' && css.charAt(index + 1) === '\n' ? 2 : 1;
      continue;
    }
    if (!HEX_DIGIT.test(next)) {
      out += next;
      index += 1;
      continue;
    }
    let hex = '';
    while (hex.length < 6 && index < css.length && HEX_DIGIT.test(css.charAt(index))) {
      hex += css.charAt(index);
      index += 1;
    }
    if (index < css.length && CSS_WHITESPACE.test(css.charAt(index))) {
      index += css.charAt(index) === '\r' && css.charAt(index + 1) === '\n' ? 2 : 1;
    }
    const code = Number.parseInt(hex, 16);
    const valid = code !== 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    out += valid ? String.fromCodePoint(code) : '\uFFFD';
  }
  return out;
}

/** A style (a `<style>` element, a `style` attribute, a presentation attribute) that loads or runs. */
function activeStyle(css: string): boolean {
  return ACTIVE_STYLE.test(cssAsBrowserReadsIt(css).toLowerCase());
}
const ATTRIBUTE_NAME = /^[A-Za-z_][\w.-]*$/;

function elementReason(element: Element): string | undefined {
  const name = element.localName ?? '';
  if (element.namespaceURI !== SVG_NAMESPACE)
    return `it contains a non-SVG element <${element.nodeName}>`;
  if (!ALLOWED_ELEMENTS.has(name)) return `it contains a <${name}> element`;
  if (name === 'style' && activeStyle(element.textContent ?? '')) {
    return 'its styles load external content or scripts';
  }
  for (let index = 0; index < element.attributes.length; index += 1) {
    const attribute = element.attributes.item(index);
    if (!attribute) continue;
    const local = attribute.localName ?? attribute.name;
    const namespace = attribute.namespaceURI;
    const value = attribute.value.trim();
    if (attribute.name === 'xmlns' || attribute.prefix === 'xmlns') continue;
    if (
      namespace !== null &&
      namespace !== XLINK_NAMESPACE &&
      namespace !== 'http://www.w3.org/XML/1998/namespace'
    ) {
      return `it has an attribute in another namespace (${attribute.name})`;
    }
    if (!ATTRIBUTE_NAME.test(local)) return `it has an unexpected attribute (${attribute.name})`;
    if (/^on/i.test(local)) return 'it contains an event handler attribute';
    if (local === 'href' || local === 'src') {
      const embedded = name === 'image' && EMBEDDED_RASTER.test(value);
      if (!value.startsWith('#') && !embedded)
        return 'it links to a script, data or external address';
    } else if (/(?:javascript|vbscript|data):/i.test(value.replace(/\s+/g, ''))) {
      return 'it contains a script address';
    }
    // Every other attribute too: presentation attributes (fill, filter, mask, cursor...) are
    // CSS values, escapes included, and may name a url().
    if (local !== 'href' && local !== 'src' && activeStyle(value))
      return 'its styles load external content or scripts';
  }
  return undefined;
}

function isElement(node: Node): node is Element {
  return node.nodeType === node.ELEMENT_NODE;
}

/** Why an SVG may not be served from the institution's folder, or undefined when it is safe. */
export function unsafeSvgReason(text: string): string | undefined {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    return 'it declares a document type or entities';
  let problem: string | undefined;
  let document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning')
          problem ??= `it is not well-formed XML (${message.split('\n')[0]})`;
      },
    }).parseFromString(text, 'image/svg+xml');
  } catch {
    return 'it is not well-formed XML';
  }
  if (problem) return problem;
  const root = document.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) {
    return 'it is not an SVG image';
  }
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node) break;
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE)
      return 'it contains a processing instruction';
    if (isElement(node)) {
      const reason = elementReason(node);
      if (reason) return reason;
    }
    for (let child = node.firstChild; child; child = child.nextSibling) pending.push(child);
  }
  return undefined;
}
