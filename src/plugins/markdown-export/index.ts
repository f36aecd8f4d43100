/**
 * Markdown versions of every page and llms.txt. After each production build, the export
 * (scripts/build-markdown.ts, in its own process: see there) writes docs/x.md beside docs/x.html
 * for every docs and general page, from the built HTML, then llms.txt and llms-full.txt. The
 * files are announced to offline mode, which precaches them with the pages.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { offlineChannel, offlineFile, type OfflineFile } from '../../utils/offlineFiles';

const channel = () => offlineChannel('markdown-export');

/** Resolves with the Markdown files of the current build once they are written. */
export function offlineMarkdownFiles(): Promise<OfflineFile[]> {
  return channel().files;
}

export default function markdownExportPlugin(context: LoadContext): Plugin {
  return {
    name: 'markdown-export',
    // Runs beside the other post-build work (the search index, the service worker) rather than
    // before it: on two cores that takes the export off the build's critical path.
    async postBuild({ outDir }) {
      try {
        const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', path.join(context.siteDir, 'scripts/build-markdown.ts'), outDir, context.siteConfig.url, context.baseUrl], {
          cwd: context.siteDir,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        process.stderr.write(stderr);
        const lines = stdout.trim().split('\n');
        const files = JSON.parse(lines.pop() ?? '[]') as string[];
        lines.forEach((line) => { console.log(line); });
        channel().announce(files.map((file) => offlineFile(outDir, file)));
      } catch (error) {
        channel().fail(error);
        throw error;
      }
    },
  };
}
