/**
 * site-data: validates every data file when the site loads (a malformed file fails `start` and
 * `build` with the file, record and field named) and publishes a small summary of the release
 * data as global data for components (read it with useSiteData()).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { dataDirFor, defaultDataDir, readDataFile, validateAllDataFiles } from '../../utils/dataFiles';
import { summariseReleases, type SiteDataSummary } from './utils';

export interface SiteDataOptions {
  /** Folder holding the data files; the site's data/ unless a test points elsewhere. */
  dataDir?: string;
  /** Where to read the files `dataDir` lacks: a test site brings only the file it breaks. */
  fallbackDataDir?: string;
}

export default function siteDataPlugin(_context: LoadContext, options: unknown): Plugin<SiteDataSummary> {
  const { dataDir = defaultDataDir, fallbackDataDir } = (options ?? {}) as SiteDataOptions;
  return {
    name: 'site-data',
    getPathsToWatch() {
      return [path.join(dataDir, '*.json'), path.join(dataDir, 'schemas', '*.json')];
    },
    async loadContent() {
      validateAllDataFiles(dataDir, fallbackDataDir);
      return summariseReleases(readDataFile('moodle-releases', dataDirFor('moodle-releases', dataDir, fallbackDataDir)));
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}
