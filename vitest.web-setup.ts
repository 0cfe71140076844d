import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterEach } from 'vitest';

// Lazy-loaded screens can take over a second to appear on a loaded 2-core CI machine; the
// default 1 s of findBy*/waitFor makes such tests flaky without making them any stricter.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
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
/** The class names and tag the last compound of a simple selector needs; null: ask the engine. */
const needs = new Map<string, { classes: string[]; tag: string | null } | null>();
function needsOf(selector: string) {
  let need = needs.get(selector);
  if (need === undefined) {
    need = null;
    if (!/[,()[\]\\"'|]/.test(selector)) {
      const last =
        selector
          .trim()
          .split(/[\s>+~]+/)
          .pop() ?? '';
      const classes = [...last.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '');
      const tag = /^[a-zA-Z][\w-]*/.exec(last)?.[0]?.toLowerCase() ?? null;
      if (classes.length > 0 || tag) need = { classes, tag };
    }
    needs.set(selector, need);
  }
  return need;
}
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
    if (
      need &&
      ((need.tag !== null && need.tag !== element.localName.toLowerCase()) ||
        need.classes.some((name) => !element.classList.contains(name)))
    ) {
      return { match: false, pseudoElement: null };
    }
    return check(selector, element);
  };
}
