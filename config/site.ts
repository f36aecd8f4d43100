/**
 * Facts about the site itself that more than one part of the configuration needs:
 * its names, the repository it is edited in, and the external places it links to.
 * Everything here is a constant; anything the environment can change is resolved in
 * docusaurus.config.ts and passed in.
 */

import { trackerBaseUrl } from '../src/utils/tracker';

export const siteTitle = 'Moodle Developer Resources';

export const siteTagline = 'Nurturing and growing the Moodle developer community';

/** What the site is, in one sentence: the home page's description and the summary of llms.txt. */
export const siteDescription = 'Documentation for developers, contributors and documentation writers of Moodle LMS and the Moodle App.';

/** GitHub organisation and repository that hold this site's sources. */
export const organizationName = 'moodle';
export const projectName = 'devdocs';

/** The repository's home page on the code host. */
export const repositoryUrl = `https://github.com/${organizationName}/${projectName}`;

/** Branch that "Edit this page" links open in the code host's editor. */
export const repositoryBranch = 'main';

/** Default base of "Edit this page" links; EDIT_URL overrides it (see docusaurus.config.ts). */
export const defaultEditUrl = `${repositoryUrl}/edit/${repositoryBranch}`;

/**
 * External destinations linked from the navbar and footer. They are links only: the site
 * never loads anything from these hosts.
 */
export const externalLinks = {
  /** Moodle's user documentation (for teachers, administrators and learners). */
  userDocs: 'https://docs.moodle.org/',
  /** The wiki that held the developer documentation before this site. */
  legacyDocs: 'https://docs.moodle.org/dev/',
  /** The "General developer forum" on moodle.org. */
  forum: 'https://moodle.org/mod/forum/view.php?id=55',
  /** Moodle's account on X (formerly Twitter). */
  social: 'https://x.com/moodle',
  /** This site's source repository. */
  codeHost: repositoryUrl,
  /** Moodle's issue tracker. */
  tracker: trackerBaseUrl,
} as const;

/** Year of the copyright notice in the footer (spec section 9). */
export const copyrightYear = 2023;
