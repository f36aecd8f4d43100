/**
 * The page footer (spec 2.5): the site's own sections on the left, the places Moodle developers
 * meet and read on the right, and the copyright notice.
 */
import type { Footer } from '@docusaurus/theme-common';
import { copyrightYear, externalLinks, siteTitle } from './site';

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'This site',
      items: [
        { label: 'Release notes', to: '/general/releases' },
        { label: 'Projects', to: '/general/projects' },
        { label: 'About these docs', to: '/general/documentation' },
        { label: 'Code of conduct', to: '/general/documentation/code-of-conduct' },
      ],
    },
    {
      title: 'Moodle',
      items: [
        { label: 'User documentation', href: externalLinks.userDocs },
        { label: 'Legacy developer docs', href: externalLinks.legacyDocs },
        { label: 'Issue tracker', href: externalLinks.tracker },
      ],
    },
    {
      title: 'Community',
      items: [
        { label: 'Developer forum', href: externalLinks.forum },
        { label: 'Moodle on X', href: externalLinks.social },
        { label: 'Source on GitHub', href: externalLinks.codeHost },
      ],
    },
  ],
  copyright: `Copyright © ${copyrightYear} ${siteTitle} contributors. Moodle™ is a registered trademark of Moodle Pty Ltd.`,
} satisfies Footer;
