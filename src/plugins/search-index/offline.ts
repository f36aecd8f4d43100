/**
 * The search index files a reader needs offline: the one list the offline mode precaches
 * (config/pwa.ts), so that search keeps working without a network. The search-index plugin
 * announces the list once it has written the index; the service worker's precache manifest
 * waits for it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { searchIndexFolder } from '../../utils/search/indexFolder';

export interface OfflineFile {
  /** Path relative to the build folder, as the precache manifest writes URLs. */
  url: string;
  /** Content hash, so that a changed file is fetched again after a deployment. */
  revision: string;
  size: number;
}

export function listSearchIndexFiles(outDir: string): OfflineFile[] {
  const root = path.join(outDir, searchIndexFolder);
  if (!fs.existsSync(root)) {
    return [];
  }
  const files: OfflineFile[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
      } else {
        const content = fs.readFileSync(full);
        files.push({
          url: path.relative(outDir, full).split(path.sep).join('/'),
          revision: crypto.createHash('md5').update(content).digest('hex'),
          size: content.length,
        });
      }
    }
  };
  visit(root);
  return files.sort((a, b) => a.url.localeCompare(b.url));
}

interface Channel {
  files: Promise<OfflineFile[]>;
  announce: (files: OfflineFile[]) => void;
  fail: (error: unknown) => void;
}

/**
 * The list travels between two plugins of one build. Docusaurus may load this module more than
 * once (the configuration and each plugin go through their own loaders), so the channel lives
 * on the global object under a registered symbol rather than in a module variable.
 */
const channelKey = Symbol.for('moodle-devdocs.offline-search-index-files');

function channel(): Channel {
  const global = globalThis as typeof globalThis & { [channelKey]?: Channel };
  if (!global[channelKey]) {
    let announce: Channel['announce'] = () => undefined;
    let fail: Channel['fail'] = () => undefined;
    const files = new Promise<OfflineFile[]>((resolve, reject) => {
      announce = resolve;
      fail = reject;
    });
    // A build that fails before the service worker is written has nobody waiting for the list.
    files.catch(() => undefined);
    global[channelKey] = { files, announce, fail };
  }
  return global[channelKey];
}

/** Resolves with the index files of the current build once they are written ([] when none are). */
export function offlineSearchIndexFiles(): Promise<OfflineFile[]> {
  return channel().files;
}

export function announceSearchIndexFiles(files: OfflineFile[]): void {
  channel().announce(files);
}

export function failSearchIndexFiles(error: unknown): void {
  channel().fail(error);
}
