/**
 * announcement-bar: makes a changed announcement show on the first page load after the change
 * (see utils.ts for the theme behaviour this corrects).
 */
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { ThemeConfig } from '@docusaurus/theme-common';
import { announcementIdScript } from './utils';

export default function announcementBarPlugin(context: LoadContext): Plugin | null {
  const announcement = (context.siteConfig.themeConfig as ThemeConfig).announcementBar;
  if (!announcement) {
    return null;
  }
  return {
    name: 'announcement-bar',
    injectHtmlTags() {
      return {
        preBodyTags: [{ tagName: 'script', innerHTML: announcementIdScript({ id: announcement.id, storageNamespace: context.siteStorage.namespace }) }],
      };
    },
  };
}
