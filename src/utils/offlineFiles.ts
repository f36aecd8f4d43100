/**
 * Files that plugins write after the build and that offline mode must precache (the search
 * index, the Markdown versions of pages). The service worker's precache list (config/pwa.ts)
 * is made by another plugin of the same build, so each list travels through a channel: the
 * plugin that writes the files announces them, the precache list waits for them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface OfflineFile {
  /** Path relative to the build folder, as the precache manifest writes URLs. */
  url: string;
  /** Content hash, so that a changed file is fetched again after a deployment. */
  revision: string;
  size: number;
}

/** The precache entry of a file, by its path relative to the build folder. */
export function offlineFile(outDir: string, relative: string): OfflineFile {
  const content = fs.readFileSync(path.join(outDir, relative));
  return {
    url: relative.split(path.sep).join('/'),
    revision: crypto.createHash('md5').update(content).digest('hex'),
    size: content.length,
  };
}

export interface OfflineChannel {
  /** Resolves with the files once they are written ([] when the build writes none). */
  files: Promise<OfflineFile[]>;
  announce: (files: OfflineFile[]) => void;
  fail: (error: unknown) => void;
}

/**
 * The channel of one kind of file. Docusaurus may load a module more than once (the
 * configuration and each plugin go through their own loaders), so channels live on the global
 * object under a registered symbol rather than in a module variable.
 */
export function offlineChannel(name: string): OfflineChannel {
  const key = Symbol.for(`moodle-devdocs.offline-files.${name}`);
  const global = globalThis as typeof globalThis & Record<symbol, OfflineChannel | undefined>;
  const existing = global[key];
  if (existing) {
    return existing;
  }
  let announce: OfflineChannel['announce'] = () => undefined;
  let fail: OfflineChannel['fail'] = () => undefined;
  const files = new Promise<OfflineFile[]>((resolve, reject) => {
    announce = resolve;
    fail = reject;
  });
  // A build that fails before the service worker is written has nobody waiting for the list.
  files.catch(() => undefined);
  const channel = { files, announce, fail };
  global[key] = channel;
  return channel;
}
