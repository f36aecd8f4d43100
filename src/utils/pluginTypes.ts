/**
 * The rows of the plugin-type tables: the types and folders of a branch's components file, each
 * with its purpose and page from data/plugin-types.json, and the sub-plugin types the site
 * documents that the branch has.
 */
import type { ComponentsData, PluginTypesData, SubpluginType } from './siteDataTypes';
import { compareVersions } from './moodleReleases';
import { compareCodeUnits } from './textOrder';

export interface PluginTypeRow {
  type: string;
  /** Folder of the type's plugins, relative to the Moodle root. */
  directory: string;
  purpose: string;
  /** Doc id of the type's page, when the site has one. */
  page?: string;
  /** True for a type the branch still loads but has deprecated. */
  deprecated: boolean;
}

export interface SubpluginTypeRow extends SubpluginType {
  type: string;
}

/**
 * Orders rows by type name. Plugin type names are lowercase letters and digits (frankenstyle), which
 * sort by code unit as `localeCompare` sorts them, without the locale data it loads on first use.
 */
function byType(a: { type: string }, b: { type: string }): number {
  return compareCodeUnits(a.type, b.type);
}

/** Every plugin type of a branch, sorted by name; throws, naming the file, for a type with no purpose. */
export function pluginTypeRows(components: ComponentsData, described: PluginTypesData): PluginTypeRow[] {
  const types: [string, string, boolean][] = [
    ...Object.entries(components.plugintypes).map(([type, directory]): [string, string, boolean] => [type, directory, false]),
    ...Object.entries(components.deprecatedplugintypes ?? {}).map(([type, directory]): [string, string, boolean] => [type, directory, true]),
  ];
  return types
    .map(([type, directory, deprecated]) => {
      const entry = described.plugintypes[type] as PluginTypesData['plugintypes'][string] | undefined;
      if (!entry) {
        throw new Error(`data/plugin-types.json: plugintypes.${type} is missing; say what the plugin type "${type}" is for`);
      }
      return { type, directory, purpose: entry.purpose, page: entry.page, deprecated };
    })
    .sort(byType);
}

/**
 * The documented sub-plugin types that a docs version has: for a numbered version, those added by
 * then and not yet removed; for the current docs ('current'), all of them (removed ones carry `removed`).
 */
export function subpluginTypeRows(described: PluginTypesData, version: string): SubpluginTypeRow[] {
  return Object.entries(described.subplugintypes)
    .map(([type, entry]) => ({ type, ...entry }))
    .filter(
      (row) =>
        version === 'current' ||
        ((row.since === undefined || compareVersions(row.since, version) <= 0) && (row.removed === undefined || compareVersions(row.removed, version) > 0)),
    )
    .sort(byType);
}
