import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as React from 'react';
import { afterEach, beforeAll, vi } from 'vitest';

// Lazy-loaded screens can take over a second to appear on a loaded 2-core CI machine; the
// default 1 s of findBy*/waitFor makes such tests flaky without making them any stricter.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

/*
 * The web project shares one module graph and one jsdom window per worker (vitest.config.ts,
 * isolate: false): what a file leaves in the window is reset here before the next file starts,
 * as a fresh window would have it.
 */
beforeAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.title = '';
  for (const attribute of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(attribute.name);
  }
  // What a file appended outside React's roots (a print frame, a download link); emotion's
  // style elements in the head stay, as its cache (shared by the files) expects them there.
  document.body.replaceChildren();
  for (const attribute of [...document.body.attributes]) {
    document.body.removeAttribute(attribute.name);
  }
});

/*
 * jsdom computes a style by matching the element against every rule of its built-in style sheet
 * and of the page's (MUI's emotion adds hundreds), and against them again for each ancestor when
 * a property is inherited (visibility). On a loan page one getComputedStyle took 3.5 ms, and the
 * role queries (each checks every element's visibility) and axe spent 80% of the test time in it
 * (42 s of 55 in loan-details-page.test.tsx). Most rules end in a compound that needs a class or
 * a tag the element does not have: this answers those without running the selector engine. It is
 * a necessary condition only (a rule it cannot read goes to the engine), so no answer changes.
 */
interface SelectorEngine {
  check(selector: string, element: Element): { match: boolean; pseudoElement: string | null };
}
interface Need {
  classes: string[];
  tag: string | null;
}
/**
 * For each selector of a list, the class names and tag its last compound needs; null when one of
 * them needs neither (or the text has escapes): then the engine decides. What stands inside
 * brackets or parentheses (`[type="x"]`, `:not(.a)`, `:is(.a, .b)`) is left out, which only ever
 * needs less.
 */
const needs = new Map<string, Need[] | null>();
function needsOf(selector: string): Need[] | null {
  let need = needs.get(selector);
  if (need === undefined) {
    need = null;
    if (!/\\/.test(selector)) {
      let text = selector;
      for (let before = ''; before !== text;) {
        before = text;
        text = text.replace(/\([^()]*\)|\[[^[\]]*\]/g, '');
      }
      const members = text.split(',').map((member) => {
        const last =
          member
            .trim()
            .split(/[\s>+~]+/)
            .pop() ?? '';
        const classes = [...last.matchAll(/\.([^\s.#:>+~,[\]()*]+)/g)].map(
          (match) => match[1] ?? '',
        );
        const tag = /^([a-zA-Z][\w-]*)(?=$|[.#:])/.exec(last)?.[1]?.toLowerCase() ?? null;
        return classes.length > 0 || tag ? { classes, tag } : null;
      });
      if (!/[()[\]|]/.test(text) && members.every((member) => member !== null)) {
        need = members as Need[];
      }
    }
    needs.set(selector, need);
  }
  return need;
}
const meets = (element: Element, { classes, tag }: Need) =>
  (tag === null || tag === element.localName.toLowerCase()) &&
  classes.every((name) => element.classList.contains(name));
// jsdom's wrapper-to-implementation map (its generated utils; no types ship for them).
const utils = createRequire(import.meta.url)('jsdom/lib/jsdom/living/generated/utils.js') as {
  implForWrapper(wrapper: unknown): { _domSelector?: SelectorEngine } | null;
};
const documentImpl = utils.implForWrapper(document);
const engine = documentImpl?._domSelector;
if (engine && typeof engine.check === 'function') {
  const check = engine.check.bind(engine);
  engine.check = (selector, element) => {
    const need = needsOf(selector);
    if (need && !need.some((member) => meets(element, member))) {
      return { match: false, pseudoElement: null };
    }
    return check(selector, element);
  };
}

/*
 * jsdom's getComputedStyle (browser/Window.js, helpers/style-rules.js) finds an element's cascade by
 * trying every rule of every style sheet against it, and builds a new declaration on every call by
 * parsing each cascaded value again. MUI's pages hold over a thousand rules, and the role queries,
 * the accessible-name computation and axe ask for the style of every element and its ancestors, and
 * again after each change: on the loan page that loop was a fifth of the test time. The same
 * algorithm follows, with two shortcuts that change no answer:
 * - the rules are indexed by what their selectors need (a class or a tag of the last compound,
 *   `needsOf` above), so an element is tried only against rules it could match, in the sheets'
 *   order (the cascade jsdom implements is that order); a rule the index cannot read is tried
 *   against every element, as before;
 * - a repeat call for the same element under the same style cache answers the declaration it built
 *   (jsdom's cache is replaced whenever the DOM changes; computed declarations are read-only).
 * jsdom's own function stays for pseudo-elements. Written here because jsdom exposes no hook.
 */
interface CssRule {
  selectorText?: string;
  media?: ArrayLike<string> & { length: number };
  cssRules?: ArrayLike<CssRule>;
  styleSheet?: { cssRules: ArrayLike<CssRule> } | null;
  constructor: { name: string };
  style: CssDeclaration;
}
interface CssDeclaration extends ArrayLike<string> {
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
}
interface ElementImpl {
  _ownerDocument: DocumentImpl;
  style: CssDeclaration;
  localName: string;
  classList: DOMTokenList;
  getAttributeNS(namespace: null, name: string): string | null;
}
interface DocumentImpl {
  _styleCache?: WeakMap<object, CssDeclaration> | null;
  _domSelector: SelectorEngine;
  styleSheets: { _list: { cssRules: ArrayLike<CssRule> }[] };
}
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement(element: ElementImpl): CssDeclaration;
  getResolvedValue(element: ElementImpl, property: string): string;
  propertiesWithResolvedValueImplemented: Record<string, unknown>;
};
const { CSSStyleDeclaration: Declaration } = jsdomRequire('cssstyle') as {
  CSSStyleDeclaration: new () => CssDeclaration;
};
const cssom = jsdomRequire('@acemir/cssom') as { parse(text: string): { cssRules: CssRule[] } };
const defaultSheet = cssom.parse(
  readFileSync(jsdomRequire.resolve('./jsdom/browser/default-stylesheet.css'), 'utf8'),
);

interface IndexedRule {
  rule: CssRule;
  order: number;
  selector: string;
}
interface RuleIndex {
  sheets: { cssRules: ArrayLike<CssRule> }[];
  lengths: number[];
  anyElement: IndexedRule[];
  byKey: Map<string, IndexedRule[]>;
}
let ruleIndex: RuleIndex | null = null;
/**
 * Whether the index still describes the document's sheets: the same sheet objects (jsdom makes a
 * new one when a style element's text changes, as emotion's global styles do) with as many rules
 * (emotion's fast mode appends with insertRule, which jsdom does not report).
 */
const indexHolds = (index: RuleIndex, sheets: RuleIndex['sheets']) =>
  index.sheets.length === sheets.length &&
  sheets.every(
    (sheet, at) => index.sheets[at] === sheet && index.lengths[at] === sheet.cssRules.length,
  );
function rulesOf(documentImpl: DocumentImpl): RuleIndex {
  const sheets = [...documentImpl.styleSheets._list];
  if (ruleIndex && indexHolds(ruleIndex, sheets)) return ruleIndex;
  const index: RuleIndex = {
    sheets,
    lengths: sheets.map((sheet) => sheet.cssRules.length),
    anyElement: [],
    byKey: new Map(),
  };
  let order = 0;
  const add = (rule: CssRule) => {
    if (!rule.selectorText) return;
    // As jsdom's `matches`: the text after a stray semicolon (cssstyle issue 193).
    const selector = rule.selectorText.split(';').pop()?.trim() ?? '';
    const entry = { rule, order: order++, selector };
    const need = needsOf(selector);
    if (!need) {
      index.anyElement.push(entry);
      return;
    }
    for (const key of new Set(
      need.map(({ classes, tag }) => (classes[0] ? `.${classes[0]}` : `${tag}`)),
    )) {
      const list = index.byKey.get(key) ?? [];
      list.push(entry);
      index.byKey.set(key, list);
    }
  };
  const addSheet = (sheet: { cssRules: ArrayLike<CssRule> }) => {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule.media) {
        if (rule.constructor.name === 'CSSImportRule') {
          const media = Array.from(rule.media);
          if (rule.styleSheet && (media.length === 0 || media.includes('screen'))) {
            Array.from(rule.styleSheet.cssRules).forEach(add);
          }
        } else if (Array.from(rule.media).includes('screen')) {
          Array.from(rule.cssRules ?? []).forEach(add);
        }
      } else add(rule);
    }
  };
  addSheet(defaultSheet);
  sheets.forEach(addSheet);
  ruleIndex = index;
  return index;
}
function matchingRules(element: ElementImpl): IndexedRule[] {
  const documentImpl = element._ownerDocument;
  const { anyElement, byKey } = rulesOf(documentImpl);
  const found = new Set(anyElement);
  for (const entry of byKey.get(element.localName.toLowerCase()) ?? []) found.add(entry);
  for (const name of (element.getAttributeNS(null, 'class') ?? '').split(/\s+/)) {
    for (const entry of byKey.get(`.${name}`) ?? []) found.add(entry);
  }
  return [...found]
    .sort((a, b) => a.order - b.order)
    .filter(({ selector }) => {
      try {
        const { match, pseudoElement } = documentImpl._domSelector.check(
          selector,
          element as unknown as Element,
        );
        return match && !pseudoElement;
      } catch {
        return false;
      }
    });
}
function declarationForElement(element: ElementImpl): CssDeclaration {
  const documentImpl = element._ownerDocument;
  const cache = (documentImpl._styleCache ??= new WeakMap());
  const cached = cache.get(element);
  if (cached) return cached;
  const declaration = new Declaration();
  const handle = (style: CssDeclaration, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  for (const { rule } of matchingRules(element)) {
    for (const property of Array.from(rule.style)) handle(rule.style, property);
  }
  for (const property of Array.from(element.style)) handle(element.style, property);
  cache.set(element, declaration);
  return declaration;
}
// getResolvedValue (inherited properties: each ancestor's cascade) calls it through the module.
styleRules.getDeclarationForElement = declarationForElement;

const styleDocument = utils.implForWrapper(document) as unknown as DocumentImpl | null;
const jsdomComputedStyle = window.getComputedStyle.bind(window);
let styleGeneration: object | null = null;
let computedByElement = new WeakMap<Element, CSSStyleDeclaration>();
window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
  if (pseudoElement || !styleDocument) return jsdomComputedStyle(element, pseudoElement);
  const generation = styleDocument._styleCache ?? null;
  if (generation !== null && generation === styleGeneration) {
    const known = computedByElement.get(element);
    if (known) return known;
  }
  const impl = utils.implForWrapper(element) as unknown as ElementImpl;
  const declaration = new Declaration();
  const cascaded = declarationForElement(impl);
  for (const property of Array.from(cascaded)) {
    declaration.setProperty(
      property,
      cascaded.getPropertyValue(property),
      cascaded.getPropertyPriority(property),
    );
  }
  for (const property of Object.keys(styleRules.propertiesWithResolvedValueImplemented)) {
    declaration.setProperty(property, styleRules.getResolvedValue(impl, property));
  }
  const after = styleDocument._styleCache ?? null;
  if (after !== styleGeneration) {
    styleGeneration = after;
    computedByElement = new WeakMap();
  }
  computedByElement.set(element, declaration as unknown as CSSStyleDeclaration);
  return declaration as unknown as CSSStyleDeclaration;
};

/*
 * React's development build records where each element was created (an Error and its stack for
 * each of the first 10,000 elements a second) for its owner-stack warnings; in these tests that was
 * 10% of the time. Its own limit is the counter below: held at the limit, React records no stacks
 * (warnings still print, without the owner stack). Set DEBUG_OWNER_STACKS=1 to have them back.
 */
if (!process.env.DEBUG_OWNER_STACKS) {
  const internals = (
    React as unknown as {
      __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: object;
    }
  ).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      get: () => 10_000,
      set: () => undefined,
      configurable: true,
    });
  }
}
