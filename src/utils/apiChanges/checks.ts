/**
 * Checks of data/api-changes.json that its JSON Schema cannot express: versions that Moodle has
 * (or is about to have), backports that go to older branches, and one entry per change.
 * Pure: the caller passes the release data, so the importer and the build share the rules.
 */
import { compareVersions, type MoodleReleasesData } from '../moodleReleases';
import type { ApiChange, ApiChangeExclusion, ApiChangeExclusionsData, ApiChangesData } from './types';

/** The series of a version: "4.5" of "4.5.1" and of "4.5". */
export function seriesOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** The series that can follow `series`: the next minor (5.3 -> 5.4) and the next major (5.3 -> 6.0). */
function nextSeries(series: string): string[] {
  const [major, minor] = series.split('.').map(Number);
  return [`${major}.${minor + 1}`, `${major + 1}.0`];
}

/**
 * Whether a version is one a change can be dated to: a series or point release listed in the
 * release data, or the one right after the newest listed (notes are written before the release
 * data knows of it: a "5.0.6+" note lands in 5.0.7, a "5.4dev" one in 5.4).
 */
export function isKnownVersion(version: string, releases: MoodleReleasesData): boolean {
  const seriesNames = releases.series.map((series) => series.name);
  const newestSeries = [...seriesNames].sort(compareVersions).at(-1);
  const series = seriesOf(version);
  const listed = releases.series.find((entry) => entry.name === series);
  if (version === series) {
    return listed !== undefined || (newestSeries !== undefined && nextSeries(newestSeries).includes(series));
  }
  if (!listed) {
    return false;
  }
  const patches = listed.releases.map((release) => Number(release.version.split('.')[2]));
  const patch = Number(version.split('.')[2]);
  return patches.includes(patch) || patch === Math.max(-1, ...patches) + 1;
}

/** How an error names an entry: `change "get_context_instance()" (4.2)`. */
export function describeChange(change: Pick<ApiChange, 'name' | 'version'>): string {
  return `change "${change.name}" (${change.version})`;
}

/** The identity of a change: one entry per name, change and version. */
export function changeKey(change: Pick<ApiChange, 'name' | 'change' | 'version'>): string {
  return `${change.name}\u0000${change.change}\u0000${change.version}`;
}

export function apiChangesProblems(data: ApiChangesData, releases: MoodleReleasesData): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const change of data.changes) {
    const where = describeChange(change);
    if (!isKnownVersion(change.version, releases)) {
      problems.push(`${where}: field "version" is ${change.version}, which is not a Moodle release in data/moodle-releases.json nor the one after the newest`);
    }
    for (const backport of change.backportedTo ?? []) {
      if (compareVersions(seriesOf(backport), seriesOf(change.version)) >= 0) {
        problems.push(`${where}: field "backportedTo" lists ${backport}, which is not on a branch older than ${seriesOf(change.version)}`);
      } else if (!isKnownVersion(backport, releases)) {
        problems.push(`${where}: field "backportedTo" lists ${backport}, which is not a Moodle release in data/moodle-releases.json`);
      }
    }
    const key = changeKey(change);
    if (seen.has(key)) {
      problems.push(`${where}: repeats an entry listed earlier with the same name, change ("${change.change}") and version; merge the two`);
    }
    seen.add(key);
  }
  return problems;
}

/** How an error names an exclusion: `exclusion "x()" (5.0, MDL-1)`. */
function describeExclusion(exclusion: ApiChangeExclusion): string {
  return `exclusion "${exclusion.name}" (${exclusion.version}${exclusion.change ? `, ${exclusion.change}` : ''}, ${exclusion.issue})`;
}

/** Whether an imported entry is one an exclusion forbids: same name, version and key, and the same change where it gives one. */
export function isExcluded(change: Pick<ApiChange, 'name' | 'version' | 'change' | 'issue'>, exclusion: ApiChangeExclusion): boolean {
  return change.name === exclusion.name && change.version === exclusion.version && change.issue === exclusion.issue && (!exclusion.change || exclusion.change === change.change);
}

export function apiChangeExclusionsProblems(data: ApiChangeExclusionsData, releases: MoodleReleasesData): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const exclusion of data.exclusions) {
    const where = describeExclusion(exclusion);
    if (!isKnownVersion(exclusion.version, releases)) {
      problems.push(`${where}: field "version" is ${exclusion.version}, which is not a Moodle release in data/moodle-releases.json nor the one after the newest`);
    }
    const key = [exclusion.name, exclusion.version, exclusion.change ?? '', exclusion.issue].join('\u0000');
    if (seen.has(key)) {
      problems.push(`${where}: repeats an exclusion listed earlier`);
    }
    seen.add(key);
  }
  return problems;
}
