import type { ReactNode } from 'react';
import clsx from 'clsx';
import { supportStatus, supportStatusLabels, type SupportStatus as Status } from '@site/src/utils/moodleReleases';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

const statusClass: Record<Status, string> = {
  unreleased: styles.unreleased,
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
 * Where a Moodle series stands today: `<SupportStatus series="4.1" />`. The status is worked out
 * from the series' dates and the reader's date (the build date in the server-rendered HTML).
 */
export default function SupportStatus({ series }: { series: string }): ReactNode {
  const { series: allSeries } = useSiteData();
  const today = useToday();
  const entry = allSeries.find((candidate) => candidate.name === series);
  if (!entry) {
    throw new Error(`<SupportStatus series="${series}" />: the release data has no released series ${series}.`);
  }
  return <StatusBadge status={supportStatus(entry, today)} />;
}
