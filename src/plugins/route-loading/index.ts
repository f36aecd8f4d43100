/**
 * route-loading: how the code of a page's route gets to the browser.
 *
 * - Each page's HTML names the page's own chunks (utils.ts), so that they download alongside
 *   main.js instead of a round trip after it has run.
 * - Docusaurus's generated route table calls `ComponentCreator` for every route (about 1,260 here)
 *   while main.js is evaluated, each call building a react-loadable component from the route's
 *   chunk names. This plugin points `@docusaurus/ComponentCreator` at ComponentCreator.tsx, which
 *   builds a route's component with Docusaurus's own ComponentCreator when the route is first
 *   preloaded or rendered.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { addModuleOrigins, type ClientManifest } from './utils';

/** The module Docusaurus's aliases name `@docusaurus/ComponentCreator`. */
export const originalComponentCreator = require.resolve('@docusaurus/core/lib/client/exports/ComponentCreator.js');

/** The bundler (webpack or Rspack) compiler, as far as this plugin uses it. */
interface Compiler {
  hooks: { afterEmit: { tap: (name: string, callback: () => void) => void } };
}

export default function routeLoadingPlugin(context: LoadContext): Plugin {
  const manifestFile = path.join(context.generatedFilesDir, 'client-manifest.json');
  const registryFile = path.join(context.generatedFilesDir, 'registry.js');
  return {
    name: 'route-loading',
    configureWebpack(config, isServer) {
      const aliases = config.resolve?.alias;
      const current = aliases && !Array.isArray(aliases) ? (aliases as Record<string, unknown>)['@docusaurus/ComponentCreator'] : undefined;
      if (current !== originalComponentCreator) {
        throw new Error(
          `route-loading: expected the bundler alias @docusaurus/ComponentCreator to be ${originalComponentCreator}, found ${String(current)}. Has @docusaurus/core moved the file? Update src/plugins/route-loading.`,
        );
      }
      // The production client build writes the manifest (react-loadable-ssr-addon, at emit); the
      // pages are rendered from it afterwards. The development server renders no pages.
      const manifestPlugin = {
        apply(compiler: Compiler) {
          compiler.hooks.afterEmit.tap('route-loading', () => {
            if (!fs.existsSync(manifestFile)) {
              return;
            }
            const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ClientManifest;
            fs.writeFileSync(manifestFile, JSON.stringify(addModuleOrigins(manifest, fs.readFileSync(registryFile, 'utf8'))));
          });
        },
      };
      return {
        resolve: {
          alias: {
            '@docusaurus/ComponentCreator': path.join(__dirname, 'ComponentCreator.tsx'),
            '@docusaurus/ComponentCreator-original': originalComponentCreator,
          },
        },
        plugins: isServer || config.mode !== 'production' ? [] : [manifestPlugin],
      };
    },
  };
}
