import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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
 * jsdom's getComputedStyle builds a new declaration on every call by parsing each cascaded value
 * again (cssstyle), though it keeps the cascade itself per element in the document's style cache
 * until the DOM or a style sheet changes (then the cache is a new object). The role queries, the
 * accessible-name computation and axe ask for the same element's style many times between two
 * changes (20% of the registration tests' time). This answers a repeat from the declaration built
 * for the same element under the same cache, which is what a new call would compute: no answer
 * changes, and computed declarations are read-only in browsers, so no caller writes to it.
 */
const styleDocument = utils.implForWrapper(document) as { _styleCache?: object | null } | null;
const computedStyle = window.getComputedStyle.bind(window);
let styleGeneration: object | null = null;
let computedByElement = new WeakMap<Element, CSSStyleDeclaration>();
window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
  if (pseudoElement) return computedStyle(element, pseudoElement);
  const generation = styleDocument?._styleCache ?? null;
  if (generation !== null && generation === styleGeneration) {
    const known = computedByElement.get(element);
    if (known) return known;
  }
  const declaration = computedStyle(element);
  const after = styleDocument?._styleCache ?? null;
  if (after !== styleGeneration) {
    styleGeneration = after;
    computedByElement = new WeakMap();
  }
  computedByElement.set(element, declaration);
  return declaration;
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
