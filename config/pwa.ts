/**
 * Offline mode and the installable app (@docusaurus/plugin-pwa). The service worker registers
 * only when offline mode is on (src/plugins/offline/registerSw.ts); it then precaches every
 * page and everything pages load, including the local search index.
 */
import path from 'node:path';
import type { Options, PluginOptions } from '@docusaurus/plugin-pwa';
import { iconPath } from '../src/plugins/offline/icons';
import { themeColor } from '../src/plugins/offline/manifest';
import { swCustomOutput } from '../src/plugins/offline/index';
import { offlineMarkdownFiles } from '../src/plugins/markdown-export';
import { offlineSearchIndexFiles } from '../src/plugins/search-index/offline';
import { searchIndexFolder } from '../src/utils/search/indexFolder';

const siteDir = path.resolve(__dirname, '..');

/**
 * When offline mode turns on. The plugin also offers "mobile" (width 996 px or less),
 * "saveData" and "always"; add one here to turn it on.
 */
export const offlineModeActivationStrategies: PluginOptions['offlineModeActivationStrategies'] = ['appInstalled', 'standalone', 'queryString'];

/** How long the worker's precache list waits for the files plugins announce before the build fails. */
const announcedFilesWaitMs = 10 * 60 * 1000;

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** Files a plugin writes after the build, and which URLs of the globbed list are its own. */
export interface AnnouncedFiles {
  /** What the files are, for the error when they never come ("the search index files"). */
  what: string;
  /** The plugin that announces them, for the same error. */
  plugin: string;
  files: Promise<ManifestEntry[]>;
  owns: (url: string) => boolean;
}

/**
 * Adds the files plugins write after the build (the search index, the Markdown versions of
 * pages) to the precache list, each from its plugin's own list. Whatever of them the plugin's
 * file patterns caught while they were being written is replaced.
 */
export async function withAnnouncedFiles(entries: ManifestEntry[], lists: AnnouncedFiles[]): Promise<{ manifest: ManifestEntry[]; warnings: string[] }> {
  const timers: NodeJS.Timeout[] = [];
  const waitFor = ({ what, plugin, files }: AnnouncedFiles) =>
    Promise.race([
      files,
      new Promise<never>((_, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`config/pwa.ts: ${what} were never announced; is the ${plugin} plugin configured?`));
        }, announcedFilesWaitMs);
        timer.unref();
        timers.push(timer);
      }),
    ]);
  try {
    const added = await Promise.all(lists.map(waitFor));
    const owned = (url: string) => lists.some((list) => list.owns(url));
    return { manifest: [...entries.filter((entry) => !owned(entry.url)), ...added.flat()], warnings: [] };
  } finally {
    timers.forEach((timer) => { clearTimeout(timer); });
  }
}

export function pwaOptions({ baseUrl }: { baseUrl: string }): Options {
  const injectManifestConfig = {
    // Pages and everything they load are precached by the plugin's own patterns (HTML, JS,
    // CSS, JSON, images, fonts). Left out: the source of this worker. The search index and the
    // Markdown versions of pages come from their plugins' own lists (withAnnouncedFiles).
    globIgnores: ['sw.js'],
    // The largest bundles (the diagram renderer) are above Workbox's 2 MiB default; a skipped
    // file would be a page that breaks offline.
    maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
    manifestTransforms: [
      async (entries: ManifestEntry[]) =>
        withAnnouncedFiles(entries, [
          { what: 'the search index files', plugin: 'search-index', files: offlineSearchIndexFiles(), owns: (url) => url.startsWith(`${searchIndexFolder}/`) },
          { what: 'the Markdown versions of pages', plugin: 'markdown-export', files: offlineMarkdownFiles(), owns: (url) => /\.md$|^(.*\/)?llms(-full)?\.txt$/.test(url) },
        ]),
    ],
  };
  return {
    debug: process.env.PWA_DEBUG === 'true',
    offlineModeActivationStrategies,
    swRegister: path.join(siteDir, 'src/plugins/offline/registerSw.ts'),
    swCustom: path.join(siteDir, swCustomOutput),
    // The plugin sets swSrc and swDest itself; its type asks for them anyway.
    injectManifestConfig: injectManifestConfig as unknown as PluginOptions['injectManifestConfig'],
    pwaHead: [
      { tagName: 'link', rel: 'manifest', href: `${baseUrl}manifest.json` },
      { tagName: 'meta', name: 'theme-color', content: themeColor },
      { tagName: 'meta', name: 'mobile-web-app-capable', content: 'yes' },
      { tagName: 'meta', name: 'apple-mobile-web-app-status-bar-style', content: 'default' },
      { tagName: 'link', rel: 'apple-touch-icon', href: `${baseUrl}${iconPath(192)}` },
      { tagName: 'link', rel: 'mask-icon', href: `${baseUrl}img/mask-icon.svg`, color: themeColor },
    ],
  };
}
