/**
 * Versions of the developer docs. "current" is the docs/ folder: the master branch of Moodle,
 * served at /docs. Frozen versions live in versioned_docs/ and are listed in versions.json.
 */
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';

/** Label of the current (unreleased, master branch) docs version. */
export const currentVersionLabel = 'master';

export const docsVersions = {
  current: {
    label: currentVersionLabel,
    path: '',
  },
  '4.1': {
    label: '4.1',
    path: '4.1',
    // The theme's fixed banners are off: src/theme/DocVersionBanner words the banner from the
    // series' support dates and the reader's date.
    banner: 'none',
  },
} satisfies DocsOptions['versions'];

/** Where the navbar's version dropdown sends readers for the full list of versions. */
export const allVersionsPath = '/versions';
