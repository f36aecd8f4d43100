import type { ReactNode } from 'react';
import { capitalised, plannedWording } from '@site/src/utils/plannedReleases';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';

interface Props {
  /** The planned release date, yyyy-mm-dd. */
  date: string;
  /** The day the release data was read; the site's release data's by default. */
  sourceDate?: string;
  /** Starts a sentence or a table cell: "Planned for …". */
  capitalise?: boolean;
}

/**
 * A planned release date as the site words it on the reader's date (the build date in the
 * server-rendered HTML): "planned for 5 October 2026", and once that day has passed, "planned for
 * 5 October 2026; not yet in this site's release data (7 August 2026)". The release-notes pages
 * use it for every release dated after the data's source date.
 */
export default function PlannedDate({ date, sourceDate, capitalise = false }: Props): ReactNode {
  const { snapshotDate } = useSiteData();
  const today = useToday();
  const text = plannedWording(date, sourceDate ?? snapshotDate, today);
  return capitalise ? capitalised(text) : text;
}
