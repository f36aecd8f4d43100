/**
 * What the API changes page shows of the data: the versions a reader can pick, the name filter,
 * the grouping by release, component and kind, and the words for kinds and changes. Shared by
 * the page's components (src/components/ApiChanges, PluginCheck) and their tests.
 */
import { compareVersions } from '../moodleReleases';
import { changesBetween } from './scan';
import { apiChangeKindLabels, apiChangeKinds, type ApiChange, type ApiChangeType } from './types';

/** The series a version belongs to: 4.5 for 4.5.1. */
export function seriesOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** The oldest release a plugin is moved from: the 4.1 docs are the oldest this site keeps. */
export const oldestFromVersion = '4.1';

/** The "from" release before every release: moving from it meets every change of the list. */
export const beforeAll = '0';

/** How a release is offered in the lists: the release, or "Before <the first one>". */
export function versionLabel(version: string, versions: readonly string[]): string {
  return version === beforeAll ? `Before ${versions.find((other) => other !== beforeAll) ?? ''}` : version;
}

/**
 * The releases a reader can pick as "from" and "to": every series with a change, every point
 * release a change names, and 4.1; first, the release before all of them (see beforeAll), so
 * that the oldest changes can be shown too.
 */
export function versionOptions(changes: readonly ApiChange[]): string[] {
  const versions = new Set([oldestFromVersion]);
  for (const change of changes) {
    versions.add(seriesOf(change.version));
    versions.add(change.version);
    for (const backport of change.backportedTo ?? []) {
      versions.add(backport);
    }
  }
  return [beforeAll, ...[...versions].sort(compareVersions)];
}

/** A name as compared by the filter: no leading backslash, no trailing (), lower case. */
export function comparableName(name: string): string {
  return name.trim().replace(/^\\+/, '').replace(/\(\)$/, '').toLowerCase();
}

/** Whether a change is about the name typed (or part of it): its name, or the name that replaces it. */
export function matchesName(change: ApiChange, typed: string): boolean {
  const wanted = comparableName(typed);
  if (!wanted) {
    return true;
  }
  return comparableName(change.name).includes(wanted) || (change.replacement !== undefined && comparableName(change.replacement).includes(wanted));
}

export interface ChangeFilters {
  name: string;
  from: string;
  to: string;
}

/** The changes the filters let through: the name, and the releases after `from` up to `to` (see changesBetween). */
export function filterChanges(changes: readonly ApiChange[], { name, from, to }: ChangeFilters): ApiChange[] {
  return changesBetween(changes, from, to).filter((change) => matchesName(change, name));
}

export interface ChangeGroup {
  /** The series the changes came in ("5.0"). */
  series: string;
  components: { component: string; changes: ApiChange[] }[];
  count: number;
}


/** By series (oldest first), then component ("core" first), kind and name. */
export function groupChanges(changes: readonly ApiChange[]): ChangeGroup[] {
  const bySeries = new Map<string, Map<string, ApiChange[]>>();
  for (const change of changes) {
    const series = seriesOf(change.version);
    const components = bySeries.get(series) ?? new Map<string, ApiChange[]>();
    bySeries.set(series, components);
    components.set(change.component, [...(components.get(change.component) ?? []), change]);
  }
  return [...bySeries.keys()].sort(compareVersions).map((series) => {
    const components = bySeries.get(series) ?? new Map<string, ApiChange[]>();
    const names = [...components.keys()].sort((a, b) => (a === 'core' ? -1 : b === 'core' ? 1 : a.localeCompare(b)));
    return {
      series,
      count: [...components.values()].reduce((sum, list) => sum + list.length, 0),
      components: names.map((component) => ({
        component,
        changes: [...(components.get(component) ?? [])].sort(
          (a, b) => apiChangeKinds.indexOf(a.kind) - apiChangeKinds.indexOf(b.kind) || compareVersions(a.version, b.version) || comparableName(a.name).localeCompare(comparableName(b.name)),
        ),
      })),
    };
  });
}

/** The words for each kind (see apiChangeKindLabels). */
export const kindLabels = apiChangeKindLabels;

export const changeLabels: Record<ApiChangeType, string> = {
  added: 'Added',
  changed: 'Changed',
  deprecated: 'Deprecated',
  removed: 'Removed',
  moved: 'Moved',
  renamed: 'Renamed',
};

/** The series this site has a developer update page for. */
export const devupdateSeries = ['4.2', '4.3', '4.4', '4.5', '5.0', '5.1', '5.2', '5.3'];

/** The developer update page of a change's series, when the site has one. */
export function devupdateRoute(change: Pick<ApiChange, 'version'>): string | undefined {
  const series = seriesOf(change.version);
  return devupdateSeries.includes(series) ? `/docs/devupdate/${series}` : undefined;
}

/** The element id of a series' section on the page. */
export function seriesAnchor(series: string): string {
  return `moodle-${series.replace('.', '-')}`;
}
