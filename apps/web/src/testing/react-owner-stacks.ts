import * as React from 'react';

/**
 * Stops React's development build from recording an owner stack for every element it creates. React 19 gives each
 * `createElement` / `jsx` call an `Error` (its call stack, 10 frames) and a `console.createTask`, up to 10,000 per
 * second of rendering, so that a warning can say which component created the element. A profile of the wizard's
 * tests put ≈ 9 % of their samples there, and more into the garbage collector; without it the heavy files used
 * 2–8 % less CPU (docs/performance.md "Test suite time"). React's own limit does the rest: past it, an element
 * gets React's shared "unknown owner" stack and task, as it does in a long render. Rendering, effects, `act` and
 * every warning are unchanged; a warning only lacks the owner stack it would print.
 *
 * The count lives on React's shared internals, which react-dom sets back to 0 once a second; made a property that
 * always reads as past the limit and ignores writes, it keeps every element past it. If React moves the count,
 * nothing is changed.
 */
export function skipReactOwnerStacks(): void {
  const internals = (React as unknown as Record<string, unknown>)[
    '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'
  ];
  if (typeof internals !== 'object' || internals === null) return;
  if (!('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });
}
