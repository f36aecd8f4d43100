/**
 * The version markers of the pages (`<Since>` and `<Deprecated>`), read with their lines, and
 * checked against the release notes in data/moodle-releases.json: a marker that names a tracker
 * key must not date the change later than the first release whose notes list that key, unless
 * it records the stable releases that also have it (`backports`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { compareVersions, type MoodleReleasesData } from '../../src/utils/moodleReleases';
import { parseBackports } from '../../src/utils/tracker';
import { contentFiles, siteRoot } from './content';

export interface VersionMarker {
  file: string;
  line: number;
  /** The marker as written, for messages. */
  source: string;
  kind: 'Since' | 'Deprecated';
  /** The version the marker states: `version` of Since, `since` of Deprecated. */
  version: string;
  issue?: string;
  /** The `backports` attribute as written: stable releases that also have the change. */
  backports?: string;
}

const markerPattern = /<(Since|Deprecated)\b((?:[^>"]|"[^"]*")*?)\/?>/g;

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
}

/** The markers of one Markdown text, outside fenced code blocks. */
export function markersIn(file: string, text: string): VersionMarker[] {
  const markers: VersionMarker[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((lineText, index) => {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(lineText)?.[1];
    if (fenceMark && (!fence || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      fence = fence ? undefined : fenceMark;
      return;
    }
    if (fence) {
      return;
    }
    for (const match of lineText.matchAll(markerPattern)) {
      const kind = match[1] as VersionMarker['kind'];
      const attributes = match[2];
      const version = attribute(attributes, kind === 'Since' ? 'version' : 'since');
      if (version === undefined) {
        continue;
      }
      const issue = attribute(attributes, 'issue');
      const backports = attribute(attributes, 'backports');
      markers.push({
        file,
        line: index + 1,
        source: match[0],
        kind,
        version,
        ...(issue ? { issue } : {}),
        ...(backports === undefined ? {} : { backports }),
      });
    }
  });
  return markers;
}

/** Every marker of every page. */
export function allMarkers(): VersionMarker[] {
  return contentFiles().flatMap((file) => markersIn(file, fs.readFileSync(path.join(siteRoot, file), 'utf8')));
}

/** For each tracker key, the releases whose notes list it, oldest first. */
export function releasesByKey(data: MoodleReleasesData): Map<string, string[]> {
  const byKey = new Map<string, string[]>();
  for (const series of data.series) {
    for (const release of series.releases) {
      for (const section of release.sections ?? []) {
        for (const item of section.items) {
          if (!item.key) {
            continue;
          }
          const releases = byKey.get(item.key) ?? [];
          if (!releases.includes(release.version)) {
            releases.push(release.version);
          }
          byKey.set(item.key, releases);
        }
      }
    }
  }
  byKey.forEach((releases) => releases.sort(compareVersions));
  return byKey;
}

const seriesOf = (version: string): string => version.split('.').slice(0, 2).join('.');

export interface MarkerProblem {
  marker: VersionMarker;
  message: string;
}

/**
 * What is wrong with a marker, given the releases that list its key: a release older than the
 * marker's version that the marker does not record (the first of each older series is enough),
 * or, for a key the release notes list, a recorded backport whose notes do not list it.
 */
export function checkMarker(marker: VersionMarker, byKey: Map<string, string[]>): MarkerProblem | null {
  const where = `${marker.file}:${marker.line} ${marker.source}`;
  const releases = marker.issue ? (byKey.get(marker.issue) ?? []) : [];
  let backports: string[];
  try {
    backports = parseBackports(marker.backports, marker.version, `${marker.kind} (prop "backports")`);
  } catch (error) {
    return { marker, message: `${where}: ${(error as Error).message}` };
  }
  // A key the release notes never list cannot be checked: its backports stand on the upgrade notes.
  const unlisted = releases.length ? backports.filter((version) => !releases.includes(version)) : [];
  if (unlisted.length) {
    return { marker, message: `${where}: backports ${unlisted.join(', ')} do not list ${marker.issue ?? 'a tracker key'} in their release notes (releases listing it: ${releases.join(', ') || 'none'})` };
  }
  const older = releases.filter((version) => compareVersions(version, marker.version) < 0);
  const firstPerSeries = [...new Map(older.map((version) => [seriesOf(version), version] as const).reverse()).values()].sort(compareVersions);
  const missing = firstPerSeries.filter((version) => !backports.includes(version));
  if (missing.length) {
    return {
      marker,
      message: `${where}: ${marker.issue} is in the release notes of ${older.join(', ')}, older than ${marker.version}; correct the version or record the backports (backports="${firstPerSeries.join(', ')}")`,
    };
  }
  return null;
}
