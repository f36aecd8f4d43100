/**
 * Before the browser tests: a second production build of the same site with one change (the
 * "Edit this page" address), standing in for the next deployment in the offline update test.
 * It is rebuilt only when the main build changed since the last run.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildDir, siteDir, updateBuildDir, updateEditUrl } from './offlineBuilds';

export default function globalSetup(): void {
  const sw = path.join(buildDir, 'sw.js');
  if (!fs.existsSync(sw)) {
    throw new Error(`${sw} is missing: run "npm run build" before the browser tests`);
  }
  const stampFile = path.join(updateBuildDir, '.made-for');
  const stamp = crypto.createHash('sha256').update(fs.readFileSync(sw)).update(updateEditUrl).digest('hex');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    return;
  }
  console.log(`Building the "next deployment" for the offline update test into ${path.relative(siteDir, updateBuildDir)}`);
  execFileSync('npx', ['docusaurus', 'build', '--out-dir', updateBuildDir], {
    cwd: siteDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, EDIT_URL: updateEditUrl },
  });
  fs.writeFileSync(stampFile, stamp);
}
