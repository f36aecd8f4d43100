/**
 * Types of the smaller data files (data/components.json, data/projects.json). The release data
 * has its own module, src/utils/moodleReleases.ts.
 */

export interface ComponentsData {
  $schema: string;
  /** Plugin type to the directory holding plugins of that type, relative to the Moodle root. */
  plugintypes: Record<string, string>;
  /** Subsystem to its directory, or null when it has none. */
  subsystems: Record<string, string | null>;
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
