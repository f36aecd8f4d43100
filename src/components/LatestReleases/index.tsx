import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { formatLongDate } from '@site/src/utils/dates';
import { useSiteData } from '@site/src/utils/useSiteData';
import styles from './styles.module.css';

/**
 * The newest Moodle LMS releases the release data confirms, newest first. Releases it dates after
 * its source date are plans, never listed here as releases; a line under the list says so.
 */
export default function LatestReleases(): ReactNode {
  const { latestReleases, series, snapshotDate } = useSiteData();
  const ltsSeries = new Set(series.filter((entry) => entry.isLTS).map((entry) => entry.name));
  return (
    <>
      <ul className={styles.list}>
        {latestReleases.map((release) => (
          <li key={release.version} className={styles.item}>
            {release.route ? (
              <Link to={release.route} className={styles.version}>
                Moodle {release.version}
              </Link>
            ) : (
              // Newer data can confirm a release whose notes are not written yet: no page to link.
              <span className={styles.version}>Moodle {release.version}</span>
            )}
            {ltsSeries.has(release.series) && (
              <abbr className={styles.badge} title="Long-term support">
                LTS
              </abbr>
            )}
            <time dateTime={release.releaseDate} className={styles.date}>
              {formatLongDate(release.releaseDate)}
            </time>
            {release.notes && <span className={styles.notes}>{release.notes}</span>}
          </li>
        ))}
      </ul>
      <p className={styles.source}>
        From this site&rsquo;s release data of <time dateTime={snapshotDate}>{formatLongDate(snapshotDate)}</time>: releases planned after that date
        are not listed until the data confirms them.
      </p>
    </>
  );
}
