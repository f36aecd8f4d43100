import type { ReactNode } from 'react';
import clsx from 'clsx';
import PlannedDate from '@site/src/components/PlannedDate';
import { isPlanned, supportStatus, supportStatusLabels, type SupportStatus as Status } from '@site/src/utils/moodleReleases';
import type { SeriesSummary } from '@site/src/plugins/site-data/utils';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

const statusClass: Record<Status, string> = {
  unreleased: styles.unreleased,
  unconfirmed: styles.unreleased,
  general: styles.general,
  security: styles.security,
  'extended-security': styles.security,
  ended: styles.ended,
};

/** A status badge. Every label fits the same width, so a change after hydration moves nothing. */
export function StatusBadge({ status }: { status: Status }): ReactNode {
  return (
    <span className={clsx(styles.status, statusClass[status])} data-status={status}>
      {supportStatusLabels[status]}
    </span>
  );
}

/**
 * A series' status on the reader's date, and, when its first release is planned (dated after the
 * release data's source date), the plan the status depends on: "planned for 5 October 2026", with
 * "not yet in this site's release data" once that day has passed.
 */
export function SeriesStatus({ series, today }: { series: SeriesSummary; today: string }): ReactNode {
  const { snapshotDate } = useSiteData();
  const status = supportStatus(series, today, snapshotDate);
  return (
    <>
      <StatusBadge status={status} />
      {isPlanned(series.releaseDate, snapshotDate) && (
        <span className={styles.note}>
          {' '}
          <PlannedDate date={series.releaseDate} capitalise />
        </span>
      )}
    </>
  );
}

/**
 * Where a Moodle series stands today: `<SupportStatus series="4.1" />`. The status is worked out
 * from the series' dates, the release data's source date and the reader's date (the build date in
 * the server-rendered HTML).
 */
export default function SupportStatus({ series }: { series: string }): ReactNode {
  const { series: allSeries } = useSiteData();
  const today = useToday();
  const entry = allSeries.find((candidate) => candidate.name === series);
  if (!entry) {
    throw new Error(`<SupportStatus series="${series}" />: the release data has no released series ${series}.`);
  }
  return <SeriesStatus series={entry} today={today} />;
}
