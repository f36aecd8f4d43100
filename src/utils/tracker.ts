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
