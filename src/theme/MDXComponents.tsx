/**
 * Components every Markdown page can use without importing them. Register a component here
 * once, not in each page.
 */
import MDXComponents from '@theme-original/MDXComponents';
import CodeExample from '@site/src/components/CodeExample';
import ComponentPath from '@site/src/components/ComponentPath';
import Deprecated from '@site/src/components/Deprecated';
import DeveloperMeetings from '@site/src/components/DeveloperMeetings';
import { ExamplePair, InvalidExample, ValidExample } from '@site/src/components/Example';
import LatestReleases from '@site/src/components/LatestReleases';
import { StaticBlock } from '@site/src/components/LazyHydration';
import PlannedDate from '@site/src/components/PlannedDate';
import PluginTypesTable from '@site/src/components/PluginTypesTable';
import ProjectsTable from '@site/src/components/ProjectsTable';
import ReleaseFeedLink from '@site/src/components/ReleaseFeedLink';
import RequirementsTable from '@site/src/components/RequirementsTable';
import ScrollableTable from '@site/src/components/ScrollableTable';
import SeriesKind from '@site/src/components/SeriesKind';
import Since from '@site/src/components/Since';
import SupportCalendar from '@site/src/components/SupportCalendar';
import SupportStatus from '@site/src/components/SupportStatus';
import ThirdPartyLibraries from '@site/src/components/ThirdPartyLibraries';
import TrackerLink from '@site/src/components/TrackerLink';

export default {
  ...MDXComponents,
  CodeExample,
  ComponentPath,
  Deprecated,
  DeveloperMeetings,
  ExamplePair,
  InvalidExample,
  LatestReleases,
  PlannedDate,
  PluginTypesTable,
  ProjectsTable,
  ReleaseFeedLink,
  RequirementsTable,
  SeriesKind,
  Since,
  StaticBlock,
  SupportCalendar,
  SupportStatus,
  table: ScrollableTable,
  ThirdPartyLibraries,
  TrackerLink,
  ValidExample,
};
