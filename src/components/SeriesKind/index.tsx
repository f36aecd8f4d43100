import type { ReactNode } from 'react';
import PlannedDate from '@site/src/components/PlannedDate';
import { isPlanned } from '@site/src/utils/moodleReleases';
import { useSiteData } from '@site/src/utils/useSiteData';

/**
 * What kind of release a Moodle series is, from the release data: "a long-term support (LTS)
 * release" or "a standard release". A series whose release is dated after the data's source date
 * is a plan, and says so: "a long-term support (LTS) release planned for 5 October 2026". A series
 * that is not in the data fails the build.
 */
export default function SeriesKind({ series }: { series: string }): ReactNode {
  const { series: allSeries, snapshotDate } = useSiteData();
  const found = allSeries.find((candidate) => candidate.name === series);
  if (!found) {
    throw new Error(`SeriesKind (prop "series"): "${series}" is not a released series in data/moodle-releases.json`);
  }
  const kind = found.isLTS ? 'a long-term support (LTS) release' : 'a standard release';
  if (!isPlanned(found.releaseDate, snapshotDate)) {
    return kind;
  }
  return (
    <>
      {kind} <PlannedDate date={found.releaseDate} />
    </>
  );
}
