import type { ReactNode } from 'react';
import { useSiteData } from '@site/src/utils/useSiteData';

/**
 * What kind of release a Moodle series is, from the release data: "a long-term support (LTS)
 * release" or "a standard release". A series that is not in the data fails the build.
 */
export default function SeriesKind({ series }: { series: string }): ReactNode {
  const found = useSiteData().series.find((candidate) => candidate.name === series);
  if (!found) {
    throw new Error(`SeriesKind (prop "series"): "${series}" is not a released series in data/moodle-releases.json`);
  }
  return found.isLTS ? 'a long-term support (LTS) release' : 'a standard release';
}
