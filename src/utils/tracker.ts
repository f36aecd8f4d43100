/**
 * Moodle tracker keys (MDL-12345) and their addresses. Pages write a bare key; the remark
 * plugin and the TrackerLink component turn it into a link with these helpers.
 */

/**
 * Moodle's issue tracker. It was tracker.moodle.org; Moodle's own developer docs and release
 * notes have linked it at moodle.atlassian.net since June 2025.
 */
export const trackerBaseUrl = 'https://moodle.atlassian.net/';

/** Projects of Moodle's tracker that pages refer to. */
export const trackerProjects = ['MDL', 'MDLSITE', 'MDLQA', 'MOBILE', 'CONTRIB'] as const;

export type TrackerProject = (typeof trackerProjects)[number];

const keyPattern = `(?:${trackerProjects.join('|')})-[1-9][0-9]*`;

/** A whole string that is one tracker key. */
export const trackerKeyExact = new RegExp(`^${keyPattern}$`);

/** Tracker keys inside running text (global: use with matchAll or a fresh lastIndex). */
export function trackerKeysInText(): RegExp {
  return new RegExp(`(?<![\\w-])${keyPattern}(?![\\w-])`, 'g');
}

export function isTrackerKey(value: string): boolean {
  return trackerKeyExact.test(value);
}

/** The tracker page of a key; throws on anything that is not a key, so a typo fails the build. */
export function trackerUrl(key: string): string {
  if (!isTrackerKey(key)) {
    throw new Error(`"${key}" is not a Moodle tracker key (expected ${trackerProjects.join(', ')} followed by "-" and a number, such as MDL-12345)`);
  }
  return `${trackerBaseUrl}browse/${key}`;
}

/** Moodle versions written as in "4.1" or "3.11.2". */
export const moodleVersionPattern = /^[1-9][0-9]*\.[0-9]+(?:\.[0-9]+)?$/;

/** Checks a Moodle version given to a component; throws with the component and prop named. */
export function assertMoodleVersion(value: unknown, where: string): string {
  if (typeof value !== 'string' || !moodleVersionPattern.test(value)) {
    throw new Error(`${where}: "${String(value)}" is not a Moodle version (write it as 4.1 or 3.11.2)`);
  }
  return value;
}

/**
 * The stable releases a marker says also have a change (`backports="4.4.5, 4.5.1"`): each a full
 * release version older than the marker's own, so "Since 5.0, also in 4.4.5 and 4.5.1" is never
 * self-contradictory. Throws with the component and prop named.
 */
export function parseBackports(value: unknown, markerVersion: string, where: string): string[] {
  if (value === undefined) {
    return [];
  }
  if (typeof value !== 'string') {
    throw new Error(`${where}: write the releases as a string, such as backports="4.4.5, 4.5.1"`);
  }
  const versions = value
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!versions.length) {
    throw new Error(`${where}: list at least one release, such as backports="4.4.5, 4.5.1", or leave the prop out`);
  }
  const major = (version: string): number[] => version.split('.').map(Number);
  for (const version of versions) {
    if (!/^[1-9][0-9]*\.[0-9]+\.[0-9]+$/.test(version)) {
      throw new Error(`${where}: "${version}" is not a release version (write a stable release such as 4.5.1)`);
    }
    const [a, b] = [major(version), major(markerVersion)];
    if (a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1])) {
      throw new Error(`${where}: ${version} is not older than Moodle ${markerVersion}; list only the earlier stable releases that also have the change`);
    }
  }
  return versions;
}

/** "4.4.5", "4.4.5 and 4.5.1", "4.3.8, 4.4.4 and 4.5.1". */
export function joinVersions(versions: string[]): string {
  return versions.length > 1 ? `${versions.slice(0, -1).join(', ')} and ${versions[versions.length - 1]}` : (versions[0] ?? '');
}
