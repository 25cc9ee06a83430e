/// <reference types="node" />
// Build-time code (client/vite.config.ts runs it in Node), kept beside the worker it builds.
import type { Plugin, Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHELLS, type ShellName } from './shells.ts';

/** Files of public/ the pages load themselves (the icons are the browser's, for installing). */
const PUBLIC_FILES: Record<ShellName, string[]> = {
  app: ['favicon.svg', 'manifest.webmanifest'],
  audience: ['favicon.svg'],
};

type ShellFiles = Record<ShellName, string[]>;

/**
 * Every file an HTML entry needs: its HTML, its entry chunk and every chunk that chunk imports,
 * statically or lazily (the On Stage screen is a lazy route: offline, it must be there too), with
 * their CSS and assets.
 */
export function filesOfEntry(bundle: Rolldown.OutputBundle, html: string): string[] {
  const entry = Object.values(bundle).find(
    (output) =>
      output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(`/${html}`),
  );
  if (!entry) throw new Error(`the build has no entry for ${html}`);
  const files = new Set<string>([html]);
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  visit(entry.fileName);
  return [...files].sort();
}

/**
 * The service worker (client/src/sw/sw.ts), built by vite-plugin-pwa (workbox's injectManifest)
 * after the pages. The precache manifest lists both shells' files with their revisions; the
 * worker keeps only its own shell's, from the per-shell lists this plugin reads off the bundle
 * and hands to the worker's build as `__SHELL_FILES__`.
 */
export function serviceWorker(): Plugin[] {
  const shellFiles: ShellFiles = { app: [], audience: [] };
  const wanted = () => new Set([...shellFiles.app, ...shellFiles.audience]);

  const readShells: Plugin = {
    name: 'song-requests:shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const name of Object.keys(SHELLS) as ShellName[]) {
        shellFiles[name] = [...filesOfEntry(bundle, SHELLS[name].html), ...PUBLIC_FILES[name]];
      }
    },
  };

  return [
    readShells,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by client/src/lib/service-worker.ts; the manifests are ours (public/ and the
      // server's per-musician route), so the plugin writes neither.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // Only the two shells' files: the stream overlay's page stays out of every cache.
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((entry) => wanted().has(entry.url)) }),
        ],
        buildPlugins: {
          vite: [
            {
              name: 'song-requests:shell-files-define',
              config: () => ({ define: { __SHELL_FILES__: JSON.stringify(shellFiles) } }),
            },
          ],
        },
      },
    }),
  ];
}
