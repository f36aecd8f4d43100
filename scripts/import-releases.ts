/**
 * Imports the Moodle LMS release data from a checkout of the public devdocs repository.
 *
 * Usage: npm run data:releases -- --from <devdocs checkout> [--out data/moodle-releases.json]
 *        [--commit <sha> --date <yyyy-mm-dd>]   (needed only when the checkout has no git metadata)
 *
 * The new file is written next to the old one, validated against its schema, and only then moved
 * into place: when anything fails, the old file is left exactly as it was.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataFileError, siteDir, validateDataFile } from '../src/utils/dataFiles';
import { ImportError, importReleases } from '../src/utils/releaseImport';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function git(from: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', from, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function main(): number {
  const from = argument('from');
  if (!from) {
    console.error('Usage: npm run data:releases -- --from <devdocs checkout> [--out <file>] [--commit <sha> --date <yyyy-mm-dd>]');
    return 2;
  }
  const out = path.resolve(argument('out') ?? path.join(siteDir, 'data/moodle-releases.json'));
  // Only the checkout's own git metadata counts, not that of a repository it happens to sit in.
  const ownRepository = git(from, ['rev-parse', '--show-toplevel']) === fs.realpathSync(from);
  const commit = argument('commit') ?? (ownRepository ? git(from, ['rev-parse', 'HEAD']) : undefined);
  const date = argument('date') ?? (ownRepository ? git(from, ['log', '-1', '--format=%cs']) : undefined);
  if (!commit || !/^[0-9a-f]{40}$/.test(commit) || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    console.error(`${from}: cannot tell the source commit and date (found commit ${JSON.stringify(commit)}, date ${JSON.stringify(date)}); pass --commit <40-hex sha> and --date <yyyy-mm-dd>.`);
    return 1;
  }
  // Written beside the schema it names, so that it validates wherever --out points.
  const temporary = path.join(siteDir, 'data', `.moodle-releases.${process.pid}.tmp.json`);
  try {
    const { data, unreadRequirements } = importReleases({ from, commit, date });
    fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`);
    validateDataFile(temporary, path.relative(siteDir, out), 'moodle-releases');
    fs.copyFileSync(temporary, out);
    fs.rmSync(temporary);
    const newest = data.series.find((series) => series.releases.length);
    console.log(`Imported ${data.seriesCount} series and ${data.releaseCount} releases from ${commit.slice(0, 12)} (${date}) into ${path.relative(process.cwd(), out)}; newest series ${newest?.name ?? 'none'}.`);
    for (const { page, lines } of unreadRequirements) {
      console.log(`  ${page}: ${lines.length} requirement line(s) not turned into data, left for the page text:\n${lines.map((line) => `    - ${line}`).join('\n')}`);
    }
    return 0;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    if (error instanceof ImportError || error instanceof DataFileError) {
      console.error(error.message);
      console.error(`${path.relative(process.cwd(), out)} was not changed.`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = main();
