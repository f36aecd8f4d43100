import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useVersions, type GlobalVersion } from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import { formatLongDate } from '@site/src/utils/dates';
import { releaseNotesIndexRoute, seriesRoute } from '@site/src/utils/releaseRoutes';
import { SeriesStatus } from '@site/src/components/SupportStatus';
import { cameOutOrPlanned, newestSeriesSentence } from '@site/src/utils/plannedReleases';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

function mainDocPath(version: GlobalVersion): string {
  return version.docs.find((doc) => doc.id === version.mainDocId)?.path ?? version.path;
}

export default function Versions(): ReactNode {
  const versions = useVersions('default');
  const { series, snapshotDate } = useSiteData();
  const today = useToday();
  return (
    <Layout title="All versions" description="Every version of the Moodle developer documentation, with its docs and release notes.">
      <main className="container margin-vert--lg">
        <Heading as="h1">All documentation versions</Heading>
        <p className={styles.lead}>
          The developer docs are kept for the code in development (the <code>master</code> branch of Moodle) and for each stable
          series that still has its own documentation. Read the version that matches the Moodle code you are working on: APIs
          change between series, and the docs of one series describe that series only.
        </p>
        <table>
          <caption>
            Documentation versions, newest first, with their support status on <time dateTime={today}>{formatLongDate(today)}</time>
          </caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">What it documents</th>
              <th scope="col">Support status</th>
              <th scope="col">Documentation</th>
              <th scope="col">Release notes</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => {
              const releaseSeries = series.find((entry) => entry.name === version.name);
              const isCurrent = version.name === 'current';
              return (
                <tr key={version.name} aria-current={isCurrent ? 'true' : undefined} className={isCurrent ? styles.current : undefined}>
                  <th scope="row">
                    {version.label}
                    {isCurrent && <span className={styles.badge}>Current</span>}
                  </th>
                  <td>
                    {isCurrent ? (
                      ['The development branch: what the next major release will contain.', newestSeriesSentence(series, snapshotDate, today)].filter(Boolean).join(' ')
                    ) : releaseSeries ? (
                      `Moodle ${releaseSeries.name}${releaseSeries.isLTS ? ' (long-term support)' : ''}, which ${cameOutOrPlanned(releaseSeries.releaseDate, snapshotDate, today)}.`
                    ) : (
                      `Moodle ${version.label}.`
                    )}
                  </td>
                  <td>
                    {releaseSeries ? <SeriesStatus series={releaseSeries} today={today} /> : isCurrent ? 'In development' : '–'}
                  </td>
                  <td>
                    <Link to={mainDocPath(version)}>{version.label} documentation</Link>
                  </td>
                  <td>
                    {releaseSeries ? (
                      <Link to={seriesRoute(releaseSeries.name)}>Moodle {releaseSeries.name} release notes</Link>
                    ) : (
                      <Link to={releaseNotesIndexRoute}>All release notes</Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p>
          Older series have no documentation of their own here; their release notes remain in the{' '}
          <Link to={releaseNotesIndexRoute}>release notes</Link>, and the wiki that held the developer docs before this site is
          still online as the <Link href="https://docs.moodle.org/dev/">legacy developer docs</Link>.
        </p>
      </main>
    </Layout>
  );
}
