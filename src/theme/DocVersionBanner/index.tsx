/**
 * The banner above a page of an older docs version. Whether it shows, and what it says, follows
 * from the version's support dates in the release data and the reader's date (the build date in
 * the server-rendered HTML): a series in general support has no banner, one in its security-only
 * period says so, and one past its support says since when, each linking to the same page in
 * the current docs.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { useActivePlugin, useDocsPreferredVersion, useDocsVersion, useDocVersionSuggestions } from '@docusaurus/plugin-content-docs/client';
import { formatLongDate } from '@site/src/utils/dates';
import { supportStatus } from '@site/src/utils/moodleReleases';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';

function Banner({ className, children }: { className?: string; children: ReactNode }): ReactNode {
  const pluginId = useActivePlugin({ failfast: true })?.pluginId;
  const { savePreferredVersionName } = useDocsPreferredVersion(pluginId);
  const { latestDocSuggestion, latestVersionSuggestion } = useDocVersionSuggestions(pluginId);
  const target = latestDocSuggestion ?? latestVersionSuggestion.docs.find((doc) => doc.id === latestVersionSuggestion.mainDocId);
  return (
    <aside className={clsx(className, ThemeClassNames.docs.docVersionBanner, 'alert alert--warning margin-bottom--md')} aria-label="About this version">
      <p className="margin-bottom--sm">{children}</p>
      <p className="margin-bottom--none">
        For the code in development, read{' '}
        <Link to={target?.path ?? latestVersionSuggestion.path} onClick={() => {
          savePreferredVersionName(latestVersionSuggestion.name);
        }}>
          <strong>{latestDocSuggestion ? 'this page in the current docs' : 'the current docs'}</strong>
        </Link>{' '}
        ({latestVersionSuggestion.label}).
      </p>
    </aside>
  );
}

export default function DocVersionBanner({ className }: { className?: string }): ReactNode {
  const version = useDocsVersion();
  const { series, snapshotDate } = useSiteData();
  const today = useToday();
  if (version.version === 'current') {
    return null;
  }
  const entry = series.find((candidate) => candidate.name === version.version);
  if (!entry) {
    throw new Error(`Docs version ${version.version} has no series of that name in data/moodle-releases.json, so its support status is unknown.`);
  }
  const status = supportStatus(entry, today, snapshotDate);
  if (status === 'general' || status === 'unreleased' || status === 'unconfirmed') {
    return null;
  }
  const name = <strong>Moodle {entry.name}</strong>;
  if (status === 'ended') {
    const end = entry.extendedSecurityEndDate ?? entry.securityEndDate;
    return (
      <Banner className={className}>
        These pages document {name}, which is <strong>no longer supported</strong>: its security support ended on{' '}
        <time dateTime={end}>{formatLongDate(end)}</time>. Sites still on it receive no fixes, security fixes included.
      </Banner>
    );
  }
  const end = status === 'extended-security' && entry.extendedSecurityEndDate ? entry.extendedSecurityEndDate : entry.securityEndDate;
  return (
    <Banner className={className}>
      These pages document {name}, which receives <strong>security fixes only</strong> until <time dateTime={end}>{formatLongDate(end)}</time>: its general
      support ended on <time dateTime={entry.generalEndDate}>{formatLongDate(entry.generalEndDate)}</time>.
    </Banner>
  );
}
