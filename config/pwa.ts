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
import { offlineSearchIndexFiles } from '../src/plugins/search-index/offline';
import { searchIndexFolder } from '../src/utils/search/indexFolder';

const siteDir = path.resolve(__dirname, '..');

/**
 * When offline mode turns on. The plugin also offers "mobile" (width 996 px or less),
 * "saveData" and "always"; add one here to turn it on.
 */
export const offlineModeActivationStrategies: PluginOptions['offlineModeActivationStrategies'] = ['appInstalled', 'standalone', 'queryString'];

/** How long the worker's precache list waits for the search index before the build fails. */
const searchIndexWaitMs = 10 * 60 * 1000;

interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * Replaces whatever part of the search index the plugin's file patterns caught (they run while
 * the index may still be written) with the index's own list.
 */
export async function withSearchIndex(entries: ManifestEntry[], indexFiles: Promise<ManifestEntry[]>): Promise<{ manifest: ManifestEntry[]; warnings: string[] }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error('config/pwa.ts: the search index files were never announced; is the search-index plugin configured?'));
    }, searchIndexWaitMs);
    timer.unref();
  });
  try {
    const files = await Promise.race([indexFiles, timeout]);
    const inIndex = (url: string) => url.startsWith(`${searchIndexFolder}/`);
    return { manifest: [...entries.filter((entry) => !inIndex(entry.url)), ...files], warnings: [] };
  } finally {
    clearTimeout(timer);
  }
}

export function pwaOptions({ baseUrl }: { baseUrl: string }): Options {
  const injectManifestConfig = {
    // Pages and everything they load are precached by the plugin's own patterns (HTML, JS,
    // CSS, JSON, images, fonts). Left out: the source of this worker. The search index comes
    // from its own list (withSearchIndex).
    globIgnores: ['sw.js'],
    // The largest bundles (the diagram renderer) are above Workbox's 2 MiB default; a skipped
    // file would be a page that breaks offline.
    maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
    manifestTransforms: [async (entries: ManifestEntry[]) => withSearchIndex(entries, offlineSearchIndexFiles())],
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
