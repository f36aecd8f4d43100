/** The release summary published by the site-data plugin, for components. */
import { usePluginData } from '@docusaurus/useGlobalData';
import type { SiteDataSummary } from '../plugins/site-data/utils';

export function useSiteData(): SiteDataSummary {
  return usePluginData('site-data') as SiteDataSummary;
}
