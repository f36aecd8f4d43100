/**
 * Stands in for the docs plugin's client utilities (see index.ts): the same module, except that
 * getActivePlugin orders the docs instances' paths without locale data.
 */
import { matchPath } from '@docusaurus/router';
import type { ActivePlugin, GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import type { UseDataOptions } from '@docusaurus/types';
import { compareCodeUnits } from '../../utils/textOrder';

export * from '@locale-data/original/docsClientUtils';

/**
 * The docs instance whose path a pathname is under, as Docusaurus's getActivePlugin finds it.
 * The paths are tried in descending order, so a path comes before any path it extends
 * ('/docs/4.1' before '/docs'); Docusaurus orders them with localeCompare, this by code unit,
 * which finds the same instance: the paths a pathname is under are each other's prefixes.
 */
export function getActivePlugin(allPluginData: Record<string, GlobalPluginData>, pathname: string, options: UseDataOptions = {}): ActivePlugin | undefined {
  const activeEntry = Object.entries(allPluginData)
    .sort(([, a], [, b]) => compareCodeUnits(b.path, a.path))
    .find(([, pluginData]) => !!matchPath(pathname, { path: pluginData.path, exact: false, strict: false }));
  const activePlugin = activeEntry ? { pluginId: activeEntry[0], pluginData: activeEntry[1] } : undefined;
  if (!activePlugin && options.failfast) {
    throw new Error(
      `Can't find active docs plugin for "${pathname}" pathname, while it was expected to be found. Maybe you tried to use a docs feature that can only be used on a docs-related page? Existing docs plugin paths are: ${Object.values(
        allPluginData,
      )
        .map((plugin) => plugin.path)
        .join(', ')}`,
    );
  }
  return activePlugin;
}
