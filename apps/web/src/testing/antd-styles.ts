import { StyleContext } from '@ant-design/cssinjs';
import { createElement, useContext, type ContextType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Keeps antd's CSS-in-JS from writing its ≈ 1,500 rules into the test DOM as `<style>` tags: it computes and caches
 * them as on a server (`@ant-design/cssinjs`'s `mock: 'server'`, a development-build option) and injects nothing.
 * jsdom matched every rule on every `getComputedStyle` (Testing Library's role queries and user-event read it for
 * an element and its ancestors), about a third of a form test's CPU. Components, class names and inline styles are
 * unchanged, and antd still writes its theme's CSS variables (one rule per theme and component). What antd hides
 * only by a class rule (a closed popup's `-hidden` class) is no longer hidden to `toBeVisible` or role queries, and
 * an element antd's CSS makes a block or flex box is inline, so an accessible name no longer puts a space after
 * it (a button's loading icon: «loadingПогоджено»).
 *
 * Set on the context's default value, so that every render (the test helpers', a test's own `render`, the app's
 * own `ConfigProvider`s, which inherit it) gets it; the value is shared by the files of a worker, like the modules.
 */
export function keepAntdStylesOutOfTheDom(): void {
  let defaults: ContextType<typeof StyleContext> | undefined;
  function Read() {
    defaults = useContext(StyleContext);
    return null;
  }
  renderToStaticMarkup(createElement(Read));
  if (defaults) defaults.mock = 'server';
}
