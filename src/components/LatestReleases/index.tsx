import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { formatLongDate } from '@site/src/utils/dates';
import { releaseRoute } from '@site/src/utils/releaseRoutes';
import { useSiteData } from '@site/src/utils/useSiteData';
import styles from './styles.module.css';

/** The newest Moodle LMS releases in the release data, newest first. */
export default function LatestReleases(): ReactNode {
  const { latestReleases, series } = useSiteData();
  const ltsSeries = new Set(series.filter((entry) => entry.isLTS).map((entry) => entry.name));
  return (
    <ul className={styles.list}>
      {latestReleases.map((release) => (
        <li key={release.version} className={styles.item}>
          <Link to={releaseRoute(release)} className={styles.version}>
            Moodle {release.version}
          </Link>
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
  );
}
