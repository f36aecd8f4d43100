/**
 * The announcement bar's text, worked out from the release data and the reader's date (the build
 * date in the server-rendered HTML): the newest long-term support release that is out, and a
 * release due within two weeks, if any. config/announcementBar.ts sets the bar's id and colours.
 */
import type { ComponentProps, ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { formatLongDate } from '@site/src/utils/dates';
import { seriesRoute } from '@site/src/utils/releaseRoutes';
import { announcement } from '@site/src/utils/announcement';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

export default function AnnouncementBarContent(props: ComponentProps<'div'>): ReactNode {
  const { series } = useSiteData();
  const today = useToday();
  const { lts, upcoming } = announcement(series, today);
  return (
    <div {...props} className={clsx(styles.content, props.className)}>
      {lts && (
        <>
          Moodle {lts.name}, the newest long-term support release, came out on {formatLongDate(lts.releaseDate)}.{' '}
          <Link to={seriesRoute(lts.name)}>Read its release notes</Link>.
        </>
      )}
      {upcoming && (
        <>
          {' '}
          Moodle {upcoming.name} is due on {formatLongDate(upcoming.releaseDate)}.
        </>
      )}
    </div>
  );
}
