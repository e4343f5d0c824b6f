/** The blocks of CSS text at its top level: a selector (or an at-rule's prelude) and what is between its braces. */
function blocksOf(css: string): Array<{ prelude: string; body: string }> {
  const blocks: Array<{ prelude: string; body: string }> = [];
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    let depth = 1;
    let end = open + 1;
    while (depth > 0 && end < css.length) {
      if (css[end] === '{') depth += 1;
      else if (css[end] === '}') depth -= 1;
      end += 1;
    }
    blocks.push({ prelude: css.slice(at, open).trim(), body: css.slice(open + 1, end - 1) });
    at = end;
  }
  return blocks;
}

/** At-rules whose body is rules again, kept with whichever of their rules are kept. */
const GROUPING_RULE = /^@(media|supports|layer|container)\b/;
/** What inside a selector can match without the class it names: `:not(.x)`, `:has(.x)`, `:where(.x, .y)`… */
const FUNCTIONAL_PSEUDO = /:(not|has|is|where)\((?:[^()]|\([^()]*\))*\)/g;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Whether one of the selector list's selectors can match: every class it needs is in the page. */
function mayMatch(selectorList: string, classes: ReadonlySet<string>): boolean {
  return selectorList.split(',').some((selector) => {
    const needed = selector.replace(FUNCTIONAL_PSEUDO, '').matchAll(CLASS_NAME);
    for (const [, name] of needed) if (name !== undefined && !classes.has(name)) return false;
    return true;
  });
}

const KEYFRAMES = /^@(?:-webkit-)?keyframes\s+([\w-]+)/;

/** Whether `css` names the animation `name` (a whole identifier: `antSpinMove` is not in `antSpinMoveX`). */
const namesAnimation = (css: string, name: string) =>
  new RegExp(`(?:^|[^\\w-])${name}(?:[^\\w-]|$)`).test(css);

/**
 * The rules of `css` that may match. Given `keyframes`, its top-level keyframes go there (name and whole block), to be
 * kept or not once the rules are known; a keyframe inside a group stays in its place, kept whole (antd writes none).
 */
function keepRules(
  css: string,
  classes: ReadonlySet<string>,
  keyframes?: Array<{ name: string; block: string }>,
): string {
  let kept = '';
  for (const { prelude, body } of blocksOf(css)) {
    const animation = keyframes && KEYFRAMES.exec(prelude)?.[1];
    if (animation) {
      keyframes.push({ name: animation, block: `${prelude}{${body}}` });
    } else if (GROUPING_RULE.test(prelude)) {
      const inner = keepRules(body, classes);
      if (inner !== '') kept += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@') || mayMatch(prelude, classes)) {
      kept += `${prelude}{${body}}`;
    }
  }
  return kept;
}

/**
 * The rules of `css` that can apply to `markup` (issue 39): antd writes a component's whole style sheet when it is
 * used once (the grid's columns for every span and breakpoint alone are ≈ 110 KB), and a phone parses all of it
 * before it paints a page drawn on the server. A rule is dropped only when its selectors name a class that no
 * element of the markup has; a class inside `:not()`, `:has()`, `:is()` or `:where()` does not count. Keyframes are
 * kept (after the rules) where a kept rule names them, other at-rules than groups (font faces) whole: the server's
 * drawings share one style cache (server-render.tsx), which holds the motions of every component drawn before, and a
 * page keeps none it does not use. The app's own render brings antd's full styles when it takes the page over.
 */
export function usedStyles(css: string, markup: string): string {
  const classes = new Set<string>();
  for (const [, names] of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (names ?? '').split(/\s+/)) if (name !== '') classes.add(name);
  }
  const keyframes: Array<{ name: string; block: string }> = [];
  const kept = keepRules(css, classes, keyframes);
  return (
    kept +
    keyframes
      .filter(({ name }) => namesAnimation(kept, name))
      .map(({ block }) => block)
      .join('')
  );
}
