/**
 * ssr-boundaries: the server renders every Suspense boundary in place.
 *
 * Docusaurus renders each page with React's renderToPipeableStream and waits for everything to
 * be ready, but React still moves a completed boundary out of place once the page written so far
 * passes its `progressiveChunkSize` (12,800 bytes by default, which a page's frame alone passes):
 * the boundary's content goes to a hidden <div> at the end of the page and an inline script moves
 * it back. A page must read right without JavaScript and carry no inline script the
 * Content-Security-Policy has not seen, and the article's blocks are Suspense boundaries
 * (src/rehype/lazyHydration.ts). So, for the server build only, `react-dom/server` is this
 * plugin's reactDomServer.ts, which passes an infinite chunk size: every boundary is written
 * where it belongs, as a static site wants. Docusaurus has no option for it. After the build,
 * a page that still holds a boundary written out of place fails the build, named.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { htmlFiles } from '../search-index/indexer';

/** How React marks a boundary whose content it wrote elsewhere in the page. */
export const outOfPlaceMark = '<!--$?-->';

/** The built pages (paths relative to the build) that hold a boundary written out of place. */
export function pagesWithOutOfPlaceBoundaries(outDir: string): string[] {
  return htmlFiles(outDir).filter((file) => fs.readFileSync(path.join(outDir, file), 'utf8').includes(outOfPlaceMark));
}

export default function ssrBoundariesPlugin(): Plugin {
  return {
    name: 'ssr-boundaries',
    configureWebpack(config, isServer) {
      if (!isServer) {
        return {};
      }
      const aliases = config.resolve?.alias;
      if (Array.isArray(aliases)) {
        throw new Error('ssr-boundaries: expected the bundler\'s resolve.alias to be an object, as Docusaurus writes it');
      }
      // First, ahead of Docusaurus's own alias of react-dom (the bundler uses the first that fits).
      return {
        mergeStrategy: { 'resolve.alias': 'replace' },
        resolve: { alias: { 'react-dom/server$': path.join(__dirname, 'reactDomServer.ts'), ...aliases } },
      };
    },
    postBuild({ outDir }) {
      const pages = pagesWithOutOfPlaceBoundaries(outDir);
      if (pages.length > 0) {
        throw new Error(
          `ssr-boundaries: ${pages.length} built pages hold a Suspense boundary written out of place (${outOfPlaceMark}), first ${pages.slice(0, 3).join(', ')}: the server build did not use src/plugins/ssr-boundaries/reactDomServer.ts. Has @docusaurus/core stopped importing react-dom/server?`,
        );
      }
    },
  };
}
