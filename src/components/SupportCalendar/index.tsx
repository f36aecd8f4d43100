import type { ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { formatLongDate } from '@site/src/utils/dates';
import { supportStatusLabels, type SupportStatus } from '@site/src/utils/moodleReleases';
import { seriesAnchor, seriesRoute } from '@site/src/utils/releaseRoutes';
import { useSiteData } from '@site/src/utils/useSiteData';
import styles from './styles.module.css';

const statusClass: Record<SupportStatus, string> = {
  unreleased: styles.statusUnreleased,
  general: styles.statusGeneral,
  security: styles.statusSecurity,
  'extended-security': styles.statusSecurity,
  ended: styles.statusEnded,
};

/**
 * The supported-versions calendar: every released series with its dates and its support status
 * on the release data's snapshot date, each linking to the series' notes. Each row is also an
 * anchor (#moodle-4-1) other pages can link to.
 */
export default function SupportCalendar(): ReactNode {
  const { series, snapshotDate } = useSiteData();
  const brokenLinks = useBrokenLinks();
  return (
    <table>
      <caption>
        Moodle LMS series and their support periods. Status as of {formatLongDate(snapshotDate)}.
      </caption>
      <thead>
        <tr>
          <th scope="col">Series</th>
          <th scope="col">Released</th>
          <th scope="col">General support ends</th>
          <th scope="col">Security support ends</th>
          <th scope="col">Latest release</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {series.map((entry) => {
          const anchor = seriesAnchor(entry.name);
          brokenLinks.collectAnchor(anchor);
          return (
            <tr key={entry.name} id={anchor}>
              <th scope="row">
                <Link to={seriesRoute(entry.name)}>Moodle {entry.name}</Link>
                {entry.isLTS && (
                  <abbr className={styles.lts} title="Long-term support">
                    LTS
                  </abbr>
                )}
              </th>
              <td>
                <time dateTime={entry.releaseDate}>{formatLongDate(entry.releaseDate)}</time>
              </td>
              <td>
                <time dateTime={entry.generalEndDate}>{formatLongDate(entry.generalEndDate)}</time>
              </td>
              <td>
                <time dateTime={entry.securityEndDate}>{formatLongDate(entry.securityEndDate)}</time>
                {entry.extendedSecurityEndDate && (
                  <>
                    {' '}
                    (extended to <time dateTime={entry.extendedSecurityEndDate}>{formatLongDate(entry.extendedSecurityEndDate)}</time>)
                  </>
                )}
              </td>
              <td>{entry.latestVersion}</td>
              <td>
                <span className={clsx(styles.status, statusClass[entry.status])}>{supportStatusLabels[entry.status]}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
