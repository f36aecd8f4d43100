/**
 * release-notes: writes the Moodle LMS and Moodle App release-notes pages from the release data
 * into the general docs folder, where the general docs instance builds them like any page, and
 * writes the release feed into a generated static folder.
 *
 * The pages are written when the plugin is created: Docusaurus creates every plugin before any
 * plugin loads content, so the docs plugin always finds the pages of the current data. Files
 * are only rewritten when they change, and pages whose release left the data are removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { defaultDataDir, readDataFile } from '../../utils/dataFiles';
import { releaseFeedPath } from '../../utils/releaseRoutes';
import { appPages } from './appPages';
import { releaseFeed } from './feed';
import { lmsPages, type GeneratedPage, type PageContext } from './lmsPages';

export interface ReleaseNotesOptions {
  /** Base of "Edit this page" links; the data file's path is appended. */
  editUrl: string;
  /** The general docs folder the pages are written into. */
  contentDir?: string;
  /** Folder served as static files, which receives the feed. */
  staticDir?: string;
  dataDir?: string;
}

/** Folders under the general docs folder that hold only generated pages. */
export const generatedFolders = { lms: 'releases', app: 'app_releases' };

/** When and by whom a file last changed in git, for the pages generated from it. */
function gitLastUpdate(file: string): PageContext['lastUpdate'] {
  try {
    const output = execFileSync('git', ['log', '-1', '--format=%cs%n%an', '--', path.basename(file)], { cwd: path.dirname(file), encoding: 'utf8' }).trim();
    const [date, author] = output.split('\n');
    return date && author ? { date, author } : undefined;
  } catch {
    return undefined;
  }
}

function writeIfChanged(file: string, content: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) {
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** Removes files under `dir` (recursively) that are not in `keep`, then empty folders. */
function removeStale(dir: string, keep: Set<string>, isGenerated: (file: string) => boolean): void {
  if (!fs.existsSync(dir)) {
    return;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removeStale(full, keep, () => true);
      if (fs.readdirSync(full).length === 0) {
        fs.rmdirSync(full);
      }
    } else if (isGenerated(full) && !keep.has(full)) {
      fs.rmSync(full);
    }
  }
}

/** Writes the pages; returns their absolute paths. */
export function writeGeneratedPages(contentDir: string, pages: GeneratedPage[]): string[] {
  const written = pages.map((page) => {
    const file = path.join(contentDir, page.path);
    writeIfChanged(file, page.content);
    return file;
  });
  const keep = new Set(written);
  // Under releases/ only the series folders are generated; releases/index.md is written by hand.
  removeStale(path.join(contentDir, generatedFolders.lms), keep, (file) => path.dirname(file) !== path.join(contentDir, generatedFolders.lms));
  removeStale(path.join(contentDir, generatedFolders.app), keep, () => true);
  return written;
}

/**
 * The developer update pages that exist, by series: docs/devupdate/{series}.md in the current
 * docs, and devupdate.md of a frozen version (versioned_docs/version-4.1/devupdate.md).
 */
export function developerUpdateRoutes(siteDir: string): Record<string, string> {
  const routes: Record<string, string> = {};
  const versionedDir = path.join(siteDir, 'versioned_docs');
  for (const entry of fs.existsSync(versionedDir) ? fs.readdirSync(versionedDir) : []) {
    const version = /^version-(\d+\.\d+)$/.exec(entry)?.[1];
    if (version && fs.existsSync(path.join(versionedDir, entry, 'devupdate.md'))) {
      routes[version] = `/docs/${version}/devupdate`;
    }
  }
  const currentDir = path.join(siteDir, 'docs', 'devupdate');
  for (const file of fs.existsSync(currentDir) ? fs.readdirSync(currentDir) : []) {
    const series = /^(\d+\.\d+)\.mdx?$/.exec(file)?.[1];
    if (series) {
      routes[series] = `/docs/devupdate/${series}`;
    }
  }
  return routes;
}

export default function releaseNotesPlugin(context: LoadContext, options: unknown): Plugin {
  const { editUrl, contentDir = path.join(context.siteDir, 'general'), staticDir = path.join(context.siteDir, '.generated', 'static'), dataDir = defaultDataDir } = options as ReleaseNotesOptions;
  const lms = readDataFile('moodle-releases', dataDir);
  const app = readDataFile('app-releases', dataDir);
  const dataEditUrl = (name: string) => `${editUrl.replace(/\/$/, '')}/data/${name}.json`;
  writeGeneratedPages(contentDir, [
    ...lmsPages(lms, {
      editUrl: dataEditUrl('moodle-releases'),
      lastUpdate: gitLastUpdate(path.join(dataDir, 'moodle-releases.json')),
      developerUpdates: developerUpdateRoutes(context.siteDir),
    }),
    ...appPages(app, { editUrl: dataEditUrl('app-releases'), lastUpdate: gitLastUpdate(path.join(dataDir, 'app-releases.json')) }),
  ]);
  writeIfChanged(path.join(staticDir, releaseFeedPath), releaseFeed({ lms, app, siteUrl: context.siteConfig.url, baseUrl: context.siteConfig.baseUrl }));
  return {
    name: 'release-notes',
    getPathsToWatch() {
      return [path.join(dataDir, 'moodle-releases.json'), path.join(dataDir, 'app-releases.json')];
    },
  };
}
