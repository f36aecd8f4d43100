/**
 * Components every Markdown page can use without importing them. Register a component here
 * once, not in each page.
 */
import MDXComponents from '@theme-original/MDXComponents';
import LatestReleases from '@site/src/components/LatestReleases';
import PluginTypesTable from '@site/src/components/PluginTypesTable';
import ProjectsTable from '@site/src/components/ProjectsTable';
import ReleaseFeedLink from '@site/src/components/ReleaseFeedLink';
import SupportCalendar from '@site/src/components/SupportCalendar';

export default {
  ...MDXComponents,
  LatestReleases,
  PluginTypesTable,
  ProjectsTable,
  ReleaseFeedLink,
  SupportCalendar,
};
