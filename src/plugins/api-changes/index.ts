/**
 * api-changes: publishes data/api-changes.json, validated, as /api-changes.json in the build, for
 * editors and CI scripts that look names up without the page. The schema reference is replaced
 * by a note saying where the file comes from; the entries are as in the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { defaultDataDir, readDataFile } from '../../utils/dataFiles';
import type { ApiChangesData } from '../../utils/apiChanges/types';

export const apiChangesFile = 'api-changes.json';

/** The published form of the data: where it is documented, then the entries. */
export function publishedApiChanges(data: ApiChangesData, pageUrl: string): { $comment: string; page: string; changes: ApiChangesData['changes'] } {
  return {
    $comment: 'Changes to names a Moodle plugin can use, from the upgrade notes of Moodle 4.2 and later. Each entry: name, kind, change, version, backportedTo, issue, replacement, component, note, source.',
    page: pageUrl,
    changes: data.changes,
  };
}

export default function apiChangesPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-changes',
    async postBuild({ outDir }) {
      const data = readDataFile('api-changes', defaultDataDir);
      const page = `${context.siteConfig.url}${context.baseUrl}docs/devupdate/changes`;
      fs.writeFileSync(path.join(outDir, apiChangesFile), `${JSON.stringify(publishedApiChanges(data, page))}\n`);
      return Promise.resolve();
    },
  };
}
