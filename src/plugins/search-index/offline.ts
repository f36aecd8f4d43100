/**
 * The search index files a reader needs offline: the one list the offline mode precaches
 * (config/pwa.ts), so that search keeps working without a network. The search-index plugin
 * announces the list once it has written the index; the service worker's precache manifest
 * waits for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { offlineChannel, offlineFile, type OfflineFile } from '../../utils/offlineFiles';
import { searchIndexFolder } from '../../utils/search/indexFolder';

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
        files.push(offlineFile(outDir, path.relative(outDir, full)));
      }
    }
  };
  visit(root);
  return files.sort((a, b) => a.url.localeCompare(b.url));
}

const channel = () => offlineChannel('search-index');

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
