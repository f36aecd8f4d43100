/**
 * The announcement bar's text, worked out from the release data and the reader's date (the build
 * date in the server-rendered HTML) by src/utils/announcement.ts: the newest long-term support
 * release, worded as a plan when the data cannot confirm it, and a release planned within two
 * weeks, if any. config/announcementBar.ts sets the bar's id and colours.
 */
import type { ComponentProps, ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import { announcementText } from '@site/src/utils/announcement';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

export default function AnnouncementBarContent(props: ComponentProps<'div'>): ReactNode {
  const { series, snapshotDate } = useSiteData();
  const today = useToday();
  return (
    <div {...props} className={clsx(styles.content, props.className)}>
      {announcementText(series, today, snapshotDate).map((part) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={part.to} to={part.to}>
            {part.text}
          </Link>
        ),
      )}
    </div>
  );
}
