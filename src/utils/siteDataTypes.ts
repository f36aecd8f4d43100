/**
 * Types of the smaller data files (data/components.json, data/plugin-types.json, data/projects.json). The release data
 * has its own module, src/utils/moodleReleases.ts.
 */

export interface ComponentsData {
  $schema: string;
  /** Plugin type to the directory holding plugins of that type, relative to the Moodle root. */
  plugintypes: Record<string, string>;
  /** Subsystem to its directory, or null when it has none. */
  subsystems: Record<string, string | null>;
  /** Plugin types Moodle still loads but has deprecated, to their directory. */
  deprecatedplugintypes?: Record<string, string>;
}

/** data/plugin-types.json: what each plugin type is for, and the sub-plugin types the site documents. */
export interface PluginTypesData {
  $schema: string;
  plugintypes: Record<string, { purpose: string; page?: string }>;
  subplugintypes: Record<string, SubpluginType>;
}

export interface SubpluginType {
  /** The component whose db/subplugins.json declares the type, such as mod_assign. */
  parent: string;
  /** Where the sub-plugins live, relative to the Moodle root. */
  directory: string;
  purpose: string;
  /** Doc id of the type's page, such as apis/plugintypes/assign/submission. */
  page?: string;
  /** The release that added the type, where newer than 4.1. */
  since?: string;
  /** The release that removed the type from core. */
  removed?: string;
}

export interface ProjectLink {
  link: string;
  title: string;
}

export interface Project {
  title: string;
  status: 'Pending' | 'In Progress' | 'Complete' | 'Abandoned';
  owners: { name: string; githubUsername?: string }[];
  issueLinks?: ProjectLink[];
  discussionLinks?: ProjectLink[];
}

export interface ProjectsData {
  $schema: string;
  /** Projects keyed by their path under /general/projects. */
  projects: Record<string, Project>;
}

/** One library Moodle bundles from another project, as a thirdpartylibs.xml file declares it. */
export interface ThirdPartyLibrary {
  name: string;
  /** Relative to the Moodle root. */
  location: string;
  version?: string;
  license: string;
  licenseversion?: string;
  repository?: string;
  copyrightHolders: string[];
  /** True when Moodle changed the library's code. */
  customised: boolean;
  description?: string;
}

/** data/third-party-libraries.json. */
export interface ThirdPartyLibrariesData {
  $schema: string;
  source: {
    repository: string;
    commit: string;
    date: string;
    path: string;
    describes: string;
    corrections?: { location: string; field: string; value?: string; reason: string }[];
  };
  libraries: ThirdPartyLibrary[];
}

export interface DeveloperMeetingTopic {
  title: string;
  speakers?: string[];
  slides?: string;
}

/** One community developer meeting, held or announced. */
export interface DeveloperMeeting {
  /** yyyy-mm */
  name: string;
  date: string;
  timeUtc?: string;
  /** Doc id of the meeting's page, under general/. */
  page?: string;
  theme?: string;
  topics: DeveloperMeetingTopic[];
  recording?: string;
  discussion?: string;
}

/** data/developer-meetings.json. */
export interface DeveloperMeetingsData {
  $schema: string;
  source: { repository: string; commit: string; date: string };
  meetings: DeveloperMeeting[];
}

/** A class, namespace, file or path that came in a release after a frozen docs version. */
export interface NewerName {
  name: string;
  /** The first release that has it, such as 4.3. */
  since: string;
  issue?: string;
  /** A regular expression matched instead of the plain name. */
  pattern?: string;
  note?: string;
}

/** data/newer-names.json: per frozen docs version, the names its pages must not use as if they existed there. */
export interface NewerNamesData {
  $schema: string;
  versions: Record<string, { names: NewerName[] }>;
}
