import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';

/** Where the server-side drawing of the signed-in first screens is built, inside the web build (issue 39). */
export const SERVER_RENDER_DIR = 'server-render';
/** Its module, which the server imports (apps/server/src/plugins/web-app.ts): `createPageRenderer`. */
export const SERVER_RENDER_FILE = 'server-render.js';

/**
 * After the browser's build, builds `src/app/server-render.tsx` for Node into `dist/server-render/` (issue 39): the
 * server draws `/orders` and the wizard with their data, so a phone shows them before their code has arrived. One
 * file with everything it uses bundled in (React's production build, antd, the router, the domain), so the server
 * needs nothing from the web app's dependencies at run time. The server does not send this folder to browsers.
 */
export function serverRenderBuild(plugins: () => PluginOption[]): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'medcalc-server-render-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) throw new Error('server-render-build: the build has no resolved config');
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: plugins(),
        resolve: { alias: config.resolve.alias },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/app/server-render.tsx',
          outDir: `${config.build.outDir}/${SERVER_RENDER_DIR}`,
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: SERVER_RENDER_FILE, codeSplitting: false } },
        },
      });
    },
  };
}
