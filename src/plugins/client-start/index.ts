/**
 * client-start: how main.js starts in the browser, so that no long task keeps a phone from
 * answering the reader while the page's code starts.
 *
 * - The client bundle's entry is start.ts, which evaluates the largest modules in tasks of their
 *   own before Docusaurus's client entry (whose behaviour is unchanged) runs.
 * - Every script file begins with V8's compile hint for a whole file, `//# allFunctionsCalledOnLoad`
 *   (Chromium 136 and later): most functions of main.js and of a page's chunks run while the page
 *   starts, so the browser compiles them while the file streams in, off the main thread, instead
 *   of one by one on the main thread as each is first called (the page chunks' evaluation on
 *   /general/releases/3.9/3.9.18 at 4x: 98 to 115 ms without, 61 to 83 ms with). A chunk is
 *   compiled when it runs, not when it is prefetched. Other browsers read a comment.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The client entry Docusaurus sets, which start.ts imports last. */
export const docusaurusClientEntry = require.resolve('@docusaurus/core/lib/client/clientEntry.js');

/** The compile hint, as the first line of each script file. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** The bundler (webpack or Rspack) compiler and compilation, as far as this plugin uses them. */
interface Source {
  source(): string | Buffer;
}
interface Compilation {
  chunks: Iterable<{ files: Iterable<string> }>;
  hooks: { processAssets: { tap: (options: { name: string; stage: number }, callback: () => void) => void } };
  updateAsset(file: string, update: (source: Source) => Source): void;
}
interface Compiler {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_DEV_TOOLING: number };
    sources: { ConcatSource: new (...sources: (string | Source)[]) => Source };
  };
  hooks: { thisCompilation: { tap: (name: string, callback: (compilation: Compilation) => void) => void } };
}

export default function clientStartPlugin(): Plugin {
  return {
    name: 'client-start',
    configureWebpack(config, isServer) {
      if (isServer) {
        return {};
      }
      if (config.entry !== docusaurusClientEntry) {
        throw new Error(
          `client-start: expected the client bundle's entry to be ${docusaurusClientEntry}, found ${JSON.stringify(config.entry)}. Has @docusaurus/core changed how it starts? Update src/plugins/client-start.`,
        );
      }
      const compileHintPlugin = {
        apply(bundler: unknown) {
          const compiler = bundler as Compiler;
          const { Compilation, sources } = compiler.webpack;
          compiler.hooks.thisCompilation.tap('client-start', (compilation) => {
            // After minifying (which drops comments), before the file names' content hashes.
            compilation.hooks.processAssets.tap({ name: 'client-start', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
              for (const chunk of compilation.chunks) {
                for (const file of chunk.files) {
                  if (file.endsWith('.js')) {
                    compilation.updateAsset(file, (source) => new sources.ConcatSource(compileHint, source));
                  }
                }
              }
            });
          });
        },
      };
      return {
        entry: path.join(__dirname, 'start.ts'),
        mergeStrategy: { entry: 'replace' },
        plugins: config.mode === 'production' ? [compileHintPlugin] : [],
      };
    },
  };
}
