import { createRequire } from 'node:module';

type ElementImpl = { _ownerDocument: { _styleCache: object } };
type ResolveOptions = {
  inherit?: boolean;
  initial?: string;
  isColor?: boolean;
  longhands?: unknown;
};
type Resolve = (
  property: string,
  value: string,
  element: ElementImpl,
  options: ResolveOptions,
) => string;

/** Marks the wrapper, so that the set-up file, run again before each test file, wraps jsdom's function once. */
const MEMOIZED = Symbol.for('medcalc.test.inheritedStyleMemo');

/**
 * Makes jsdom's `getComputedStyle` answer an inherited property (`visibility`, `pointer-events`, `color`) once per
 * element, not once per element and per ancestor above it. jsdom 29 resolves such a value by asking the parent's
 * computed style, which asks its own parent, … up to `<html>`, and does it again for every read: Testing Library's
 * role queries (is the element hidden?) and user-event's pointer-events check read it for an element and each of
 * its ancestors, so on antd's deep DOM most of a test's CPU went there (≈ 65 % of the order wizard's).
 *
 * jsdom's module-level `replaceEmptyValueAndKeywords` (which does that walk) is wrapped so that each answer is kept
 * while jsdom's own style cache is: jsdom replaces that cache on every DOM, attribute, text or style-sheet change,
 * so an answer lives exactly as long as the cached computed styles it was derived from, and the values are jsdom's
 * own. When the function is not where jsdom 29 keeps it, nothing is changed (the tests only run slower).
 */
export function memoizeInheritedComputedStyle(): void {
  const require = createRequire(import.meta.url);
  let helpers: { replaceEmptyValueAndKeywords?: Resolve };
  try {
    helpers = require('jsdom/lib/jsdom/living/css/helpers/computed-style.js') as typeof helpers;
  } catch {
    return;
  }
  const resolve = helpers.replaceEmptyValueAndKeywords;
  // Not a second time over the first: the set-up file runs before every test file of a worker, and jsdom's module
  // (like the window) is shared by them.
  if (typeof resolve !== 'function' || MEMOIZED in resolve) return;

  // One memo per style-cache object: a new cache (jsdom's invalidation) starts an empty memo.
  const memos = new WeakMap<object, WeakMap<ElementImpl, Map<string, string>>>();
  const memoized: Resolve = (property, value, element, options) => {
    const cache = element._ownerDocument._styleCache;
    let byElement = memos.get(cache);
    if (byElement === undefined) {
      byElement = new WeakMap();
      memos.set(cache, byElement);
    }
    let answers = byElement.get(element);
    if (answers === undefined) {
      answers = new Map();
      byElement.set(element, answers);
    }
    const key = `${property}\u0000${value}\u0000${options.inherit}\u0000${options.initial}\u0000${options.isColor}\u0000${Boolean(options.longhands)}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = resolve(property, value, element, options);
      // The cache may have been replaced while resolving (it is not, today); keep only an answer of one cache.
      if (element._ownerDocument._styleCache === cache) answers.set(key, answer);
    }
    return answer;
  };
  helpers.replaceEmptyValueAndKeywords = Object.assign(memoized, { [MEMOIZED]: true });
}
