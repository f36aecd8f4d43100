/**
 * Before the browser tests: the extra production builds of the same site (tests/e2e/builds.ts).
 * - the "next deployment", with one change (the "Edit this page" address), for the offline
 *   update test;
 * - the site in Algolia search mode, for the tests of that mode;
 * - the site with newer release data (newerDataDir: the same data, read on a later day), for the
 *   tests that see planned releases become confirmed.
 * Each is rebuilt only when the main build changed since the last run.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { algoliaBuildDir, algoliaCredentials, buildDir, newerDataBuildDir, newerDataDir, newerDataSourceDate, siteDir, updateBuildDir, updateEditUrl } from './builds';

function buildOnce(outDir: string, description: string, env: Record<string, string>, mainBuildHash: string): void {
  const stampFile = path.join(outDir, '.made-for');
  const stamp = crypto.createHash('sha256').update(mainBuildHash).update(JSON.stringify(env)).digest('hex');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    return;
  }
  console.log(`Building ${description} into ${path.relative(siteDir, outDir)}`);
  execFileSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    cwd: siteDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  fs.writeFileSync(stampFile, stamp);
}

export default function globalSetup(): void {
  const sw = path.join(buildDir, 'sw.js');
  if (!fs.existsSync(sw)) {
    throw new Error(`${sw} is missing: run "npm run build" before the browser tests`);
  }
  // The worker lists every file of the build with its hash: it changes whenever the build does,
  // except for _headers, which no page loads (it changes with the policy the build writes).
  const headers = path.join(buildDir, '_headers');
  const mainBuildHash = crypto
    .createHash('sha256')
    .update(fs.readFileSync(sw))
    .update(fs.existsSync(headers) ? fs.readFileSync(headers) : '')
    .digest('hex');
  buildOnce(updateBuildDir, 'the "next deployment" for the offline update test', { EDIT_URL: updateEditUrl }, mainBuildHash);
  buildOnce(algoliaBuildDir, 'the site in Algolia search mode', algoliaCredentials, mainBuildHash);
  // The release data as a later import brings it: the same releases, read after 5 October 2026.
  // Each copy points at the site's schemas from its own folder.
  fs.mkdirSync(newerDataDir, { recursive: true });
  for (const name of ['moodle-releases', 'app-releases']) {
    const data = JSON.parse(fs.readFileSync(path.join(siteDir, 'data', `${name}.json`), 'utf8')) as { $schema: string; source: { date: string } };
    data.$schema = path.relative(newerDataDir, path.join(siteDir, 'data', data.$schema));
    if (name === 'moodle-releases') {
      data.source.date = newerDataSourceDate;
    }
    fs.writeFileSync(path.join(newerDataDir, `${name}.json`), JSON.stringify(data, null, 2));
  }
  buildOnce(newerDataBuildDir, 'the site with newer release data', { RELEASE_DATA_DIR: newerDataDir }, mainBuildHash);
}
