import path from 'node:path';

import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

import { paths } from './src/config/paths.ts';

/** Where the table is written, beside index.html; the server reads it (apps/server/src/plugins/web-app.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The first screens and the route modules each one loads lazily (app/router.tsx, app/page-modules.ts): the antd
 * shell (every page but the landing one), the session's calls (lib/session-calls.ts: who is signed in, which a
 * signed-in page waits for; the landing page does not), the page itself, and the loader of a page whose loader is a
 * module of its own (its requests leave as soon as it is there).
 */
const FIRST_SCREENS: Array<{
  path: string;
  modules: string[];
  /** Drawn once, at build time: a public page, the same for everyone (src/app/prerender.tsx). */
  prerender?: true;
  /** Drawn by the server for each signed-in visit, with its data (src/app/server-render.tsx). */
  drawnOnRequest?: true;
}> = [
  { path: paths.home, modules: ['src/app/routes/landing.tsx'], prerender: true },
  {
    path: paths.login,
    modules: ['src/app/antd-shell.tsx', 'src/lib/session-calls.ts', 'src/app/routes/login.tsx'],
  },
  {
    path: paths.orders,
    modules: [
      'src/app/antd-shell.tsx',
      'src/lib/session-calls.ts',
      'src/app/routes/app/orders.tsx',
      'src/app/routes/app/orders.loader.ts',
    ],
    drawnOnRequest: true,
  },
  {
    path: paths.createOrder,
    modules: [
      'src/app/antd-shell.tsx',
      'src/lib/session-calls.ts',
      'src/app/routes/app/create-order.tsx',
    ],
  },
  {
    path: paths.orderWizard,
    modules: [
      'src/app/antd-shell.tsx',
      'src/lib/session-calls.ts',
      'src/app/routes/app/order-wizard.tsx',
      'src/app/routes/app/order-wizard.loader.ts',
    ],
    drawnOnRequest: true,
  },
];

type OutputBundle = Rolldown.OutputBundle;

const isChunk = (item: OutputBundle[string]): item is Rolldown.OutputChunk => item.type === 'chunk';

/** A chunk and every chunk it imports statically, transitively. */
function closure(bundle: OutputBundle, start: string, into: Set<string>) {
  if (into.has(start)) return into;
  into.add(start);
  const chunk = bundle[start];
  if (chunk && isChunk(chunk)) for (const file of chunk.imports) closure(bundle, file, into);
  return into;
}

/**
 * The markup of each page whose first screen is drawn at build time (`prerender`), as the app's first render draws
 * it (src/app/prerender.tsx), through Vite's own module loader with the app's config, so the React Compiler and
 * the `@/` paths apply as in the browser's code.
 */
async function prerenderedMarkup(config: ResolvedConfig): Promise<Map<string, string>> {
  const markup = new Map<string, string>();
  const pages = FIRST_SCREENS.filter((screen) => screen.prerender);
  if (pages.length === 0) return markup;
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { prerender } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      prerender: (path: string) => Promise<string>;
    };
    for (const screen of pages) {
      const drawn = await prerender(screen.path);
      // The page's own content, not only the header and footer around a page that drew nothing.
      if (!drawn.includes('<h1'))
        throw new Error(`route-preloads: ${screen.path} was drawn without its heading`);
      markup.set(screen.path, drawn);
    }
  } finally {
    await server.close();
  }
  return markup;
}

/**
 * Writes `route-preloads.json`: for each first screen, its React Router path and the chunks its lazy route modules
 * need, beyond what index.html already loads. The server puts them into the page as `<link rel="modulepreload">`
 * (issue 39), so the browser fetches a page's code with the entry instead of after running it: on a phone the entry
 * takes a second or more of CPU, during which the network would otherwise stand idle. A page drawn at build time
 * (the landing page) also carries its `markup`, which the server puts into the page's `#root`: a phone shows it
 * before any of the app's code has arrived, and the app takes it over once it can draw the same page.
 */
export function routePreloads(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'medcalc-route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      if (!config) throw new Error('route-preloads: the build has no resolved config');
      const { root } = config;
      const chunks = Object.values(bundle).filter(isChunk);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preloads: the build has no entry chunk');
      const inHtml = closure(bundle, entry.fileName, new Set());
      const chunkOf = (module: string) => {
        const id = path.join(root, module);
        const found = chunks.find((chunk) => chunk.facadeModuleId === id);
        if (!found) throw new Error(`route-preloads: no chunk for ${module}`);
        return found.fileName;
      };
      const markup = await prerenderedMarkup(config);
      const table = FIRST_SCREENS.map((screen) => {
        const files = new Set<string>();
        for (const module of screen.modules) closure(bundle, chunkOf(module), files);
        return {
          path: screen.path,
          files: [...files].filter((file) => !inHtml.has(file)).map((file) => `/${file}`),
          // Absent (and left out of the JSON) where the page is not drawn at build time.
          markup: markup.get(screen.path),
          drawnOnRequest: screen.drawnOnRequest,
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(table, null, 2)}\n`,
      });
    },
  };
}
