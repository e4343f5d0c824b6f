// A page the server sent drawn with its visitor's data (issue 39, apps/server/src/plugins/drawn-pages.ts): the
// browser shows it first, and only then do the app's code and its page's chunks begin to run and load. Given the
// chance, a browser with those files in its cache evaluates and compiles them before its first paint, which on a
// phone holds a page that is already here off the screen for half a second and more (docs/performance.md "Phone").
// The server names the app's entry and the page's chunks on this script's element; the entry is preloaded already.
const script = document.currentScript;
const start = () => {
  // Without the app's code the page would stay inert for good: its links at least work as links then.
  import(script.dataset.entry).catch(() =>
    document.getElementById('root')?.removeAttribute('inert'),
  );
  for (const href of script.dataset.preload.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};
// The frame after this one is painted with the page; the app starts in the task after it.
requestAnimationFrame(() => setTimeout(start, 0));
