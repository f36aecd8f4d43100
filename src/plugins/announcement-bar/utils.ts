/**
 * The theme hides a dismissed announcement bar before React starts, with an inline script that
 * reads only the "dismissed" flag. When the announcement's id has changed since the reader
 * dismissed the old one, that script still hides the new announcement on the first page load
 * (React then marks it visible, but the CSS keeps it hidden). This script, run right after the
 * theme's, un-hides the bar whenever the stored id differs from the current one.
 */
export function announcementIdScript({ id, storageNamespace }: { id: string; storageNamespace: string }): string {
  const idKey = JSON.stringify(`docusaurus.announcement.id${storageNamespace}`);
  return `(function () {
  try {
    if (localStorage.getItem(${idKey}) !== ${JSON.stringify(id)}) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  } catch (error) {}
})();`;
}
