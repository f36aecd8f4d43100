/**
 * site-data: validates every data file when the site loads (a malformed file fails `start` and
 * `build` with the file, record and field named) and publishes a small summary of the release
 * data as global data for components (read it with useSiteData()). When planned release dates in
 * the data have passed, it warns once per site load, naming the releases and the command that
 * refreshes the data.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { dataDirFor, defaultDataDir, readDataFile, validateAllDataFiles } from '../../utils/dataFiles';
import { localIsoDate } from '../../utils/dates';
import { staleDataWarning } from '../../utils/plannedReleases';
import { summariseReleases, type SiteDataSummary } from './utils';

export interface SiteDataOptions {
  /** Folder holding the data files; the site's data/ unless a test points elsewhere. */
  dataDir?: string;
  /** Where to read the files `dataDir` lacks: a test site brings only the file it breaks. */
  fallbackDataDir?: string;
}

export default function siteDataPlugin(context: LoadContext, options: unknown): Plugin<SiteDataSummary> {
  const { dataDir = defaultDataDir, fallbackDataDir } = (options ?? {}) as SiteDataOptions;
  return {
    name: 'site-data',
    getPathsToWatch() {
      return [path.join(dataDir, '*.json'), path.join(dataDir, 'schemas', '*.json')];
    },
    async loadContent() {
      validateAllDataFiles(dataDir, fallbackDataDir);
      const releasesDir = dataDirFor('moodle-releases', dataDir, fallbackDataDir);
      const releases = readDataFile('moodle-releases', releasesDir);
      const buildDate = localIsoDate();
      // Stale data is worth a warning, not a failed build: the pages word the overdue releases as
      // plans the data cannot confirm, which stays true however old the data gets.
      const warning = staleDataWarning(releases, buildDate, path.relative(context.siteDir, path.join(releasesDir, 'moodle-releases.json')));
      if (warning) {
        // Worded like Docusaurus's own warnings; @docusaurus/logger is not a dependency of the site.
        console.warn(`[WARNING] ${warning}`);
      }
      return summariseReleases(releases, buildDate);
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
