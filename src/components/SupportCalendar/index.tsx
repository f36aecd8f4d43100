import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import { formatLongDate } from '@site/src/utils/dates';
import PlannedDate from '@site/src/components/PlannedDate';
import { StatusBadge } from '@site/src/components/SupportStatus';
import { isPlanned, supportStatus } from '@site/src/utils/moodleReleases';
import { releasesByDay } from '@site/src/utils/plannedReleases';
import { seriesAnchor, seriesRoute } from '@site/src/utils/releaseRoutes';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

/**
 * The supported-versions calendar: every released series with its dates and its support status
 * on the reader's date (the build date until the page has loaded), each linking to the series' notes. Each row is also an
 * anchor (#moodle-4-1) other pages can link to. Release dates after the release data's source
 * date are plans, and each says so: a planned series' release date and status in its row, and
 * the planned releases in a list under the table (the latest release column gives the latest the
 * data confirms).
 */
export default function SupportCalendar(): ReactNode {
  const { series, plannedReleases, snapshotDate } = useSiteData();
  const today = useToday();
  const brokenLinks = useBrokenLinks();
  const planned = releasesByDay(plannedReleases);
  return (
    <>
      <table>
        <caption>
          Moodle LMS series and their support periods. Status on <time dateTime={today}>{formatLongDate(today)}</time>.
        </caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Release date</th>
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
                  {isPlanned(entry.releaseDate, snapshotDate) ? (
                    <PlannedDate date={entry.releaseDate} capitalise />
                  ) : (
                    <time dateTime={entry.releaseDate}>{formatLongDate(entry.releaseDate)}</time>
                  )}
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
                <td>{entry.latestVersion ?? '–'}</td>
                <td>
                  {/* The release date cell of the row already words the plan a planned series' status depends on. */}
                  <StatusBadge status={supportStatus(entry, today, snapshotDate)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {planned.length > 0 && (
        <>
          <p className={styles.plannedIntro}>Planned releases, which the latest release column leaves out:</p>
          <ul>
            {planned.map(({ date, versions }) => (
              <li key={date}>
                Moodle {versions.join(', ')}: <PlannedDate date={date} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
