/**
 * Today's date for components that say where a Moodle version stands. The server-rendered HTML
 * (and the hydrating render, so that it matches) uses the build date; right after hydration the
 * reader's own date takes over, so a site built months ago, or read offline, still tells the
 * truth.
 */
import { useSyncExternalStore } from 'react';
import { localIsoDate } from './dates';
import type { IsoDate } from './moodleReleases';
import { useSiteData } from './useSiteData';

/** The date is read once per render; a page left open past midnight keeps its day until the next one. */
const subscribe = (): (() => void) => () => undefined;

export function useToday(): IsoDate {
  const { buildDate } = useSiteData();
  return useSyncExternalStore(subscribe, localIsoDate, () => buildDate);
}
