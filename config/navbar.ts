/**
 * The top navigation bar (spec 2.5): the four sections, the docs version dropdown with its
 * "All versions" link, the legacy docs, search and the colour-mode switch (added by the theme).
 */
import type { Navbar } from '@docusaurus/theme-common';
import { externalLinks, siteTitle } from './site';
import { allVersionsPath } from './versions';

export const navbar = {
  title: '',
  logo: {
    alt: `${siteTitle} home page`,
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    width: 138,
    height: 35,
  },
  hideOnScroll: true,
  items: [
    { to: '/docs', label: 'Guides', position: 'left', activeBaseRegex: '^/docs(/|$)' },
    { to: '/general/community/contribute', label: 'Community', position: 'left', activeBaseRegex: '^/general/community(/|$)' },
    {
      to: '/general/development/gettingstarted',
      label: 'Coding',
      position: 'left',
      activeBaseRegex: '^/general/development/(?!process)',
    },
    { to: '/general/development/process', label: 'Process', position: 'left', activeBaseRegex: '^/general/development/process' },
    {
      type: 'docsVersionDropdown',
      position: 'right',
      dropdownItemsAfter: [{ type: 'html', value: '<hr class="dropdown-separator">' }, { to: allVersionsPath, label: 'All versions' }],
      dropdownActiveClassDisabled: true,
    },
    { href: externalLinks.legacyDocs, label: 'Legacy docs', position: 'right' },
    { type: 'search', position: 'right' },
  ],
} satisfies Navbar;
