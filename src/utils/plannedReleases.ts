/**
 * How the site words a planned release, wherever it speaks of one (the announcement bar,
 * /versions, the support calendar and statuses, the series and release pages, and through them
 * the Markdown versions and llms.txt). A release dated after the release data's source date is a
 * plan: "planned for 5 October 2026". Once that day has passed, the data still cannot say whether
 * it happened, and the site says so: "planned for 5 October 2026; not yet in this site's release
 * data (7 August 2026)". It never says such a release came out.
 */
import { compareIsoDates, formatLongDate } from './dates';
import { allReleases, compareVersions, isPlanned, releaseDateState, type IsoDate, type MoodleReleasesData, type Release, type Series } from './moodleReleases';

/** "planned for <date>", with what the data cannot confirm once the date has passed. */
export function plannedWording(releaseDate: IsoDate, sourceDate: IsoDate, today: IsoDate): string {
  const planned = `planned for ${formatLongDate(releaseDate)}`;
  return releaseDateState(releaseDate, sourceDate, today) === 'unconfirmed' ? `${planned}; not yet in this site's release data (${formatLongDate(sourceDate)})` : planned;
}

/** "came out on <date>" for a release the data confirms by the reader's day; otherwise "is planned for <date>", worded as above. */
export function cameOutOrPlanned(releaseDate: IsoDate, sourceDate: IsoDate, today: IsoDate): string {
  return releaseDateState(releaseDate, sourceDate, today) === 'confirmed' ? `came out on ${formatLongDate(releaseDate)}` : `is ${plannedWording(releaseDate, sourceDate, today)}`;
}

/**
 * Where the newest series of the release data stands, for the development branch on /versions:
 * "The newest series, Moodle 5.3 (long-term support), came out on 5 October 2026.", or, while it
 * is a plan, "The next series, Moodle 5.3 (long-term support), is planned for 5 October 2026…".
 */
export function newestSeriesSentence(series: Pick<Series, 'name' | 'releaseDate' | 'isLTS' | 'isExperimental'>[], sourceDate: IsoDate, today: IsoDate): string | undefined {
  const newest = series.filter((entry) => !entry.isExperimental).sort((a, b) => compareVersions(b.name, a.name))[0];
  if (!newest) {
    return undefined;
  }
  const which = releaseDateState(newest.releaseDate, sourceDate, today) === 'confirmed' ? 'newest' : 'next';
  return `The ${which} series, Moodle ${newest.name}${newest.isLTS ? ' (long-term support)' : ''}, ${cameOutOrPlanned(newest.releaseDate, sourceDate, today)}.`;
}

/** The same words starting a sentence or a table cell. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Releases grouped by their day, soonest day first, the newest version first within a day. */
export function releasesByDay(releases: readonly Pick<Release, 'version' | 'releaseDate'>[]): { date: IsoDate; versions: string[] }[] {
  const byDay = new Map<IsoDate, string[]>();
  for (const release of [...releases].sort((a, b) => compareIsoDates(a.releaseDate, b.releaseDate) || compareVersions(b.version, a.version))) {
    byDay.set(release.releaseDate, [...(byDay.get(release.releaseDate) ?? []), release.version]);
  }
  return [...byDay].map(([date, versions]) => ({ date, versions }));
}

/** The releases the data plans for a day before `today`: the data is older than they are. */
export function overdueReleases(data: MoodleReleasesData, today: IsoDate): Release[] {
  return allReleases(data).filter((release) => isPlanned(release.releaseDate, data.source.date) && release.releaseDate < today);
}

/**
 * The build's warning when planned release dates have passed, naming the releases and the
 * command that refreshes the data; undefined when no planned date has passed.
 */
export function staleDataWarning(data: MoodleReleasesData, today: IsoDate, file = 'data/moodle-releases.json'): string | undefined {
  const overdue = overdueReleases(data, today);
  if (!overdue.length) {
    return undefined;
  }
  const listed = releasesByDay(overdue)
    .map(({ date, versions }) => `${versions.join(', ')} (planned for ${formatLongDate(date)})`)
    .join('; ');
  return (
    `${file} was read from its source on ${formatLongDate(data.source.date)}, and ${overdue.length === 1 ? 'a release it plans is' : `${overdue.length} releases it plans are`} now past ${overdue.length === 1 ? 'its date' : 'their dates'}: Moodle ${listed}. ` +
    `The site calls them planned and not yet in its release data, never released. Refresh the data from a current checkout of moodle/devdocs: npm run data:releases -- --from <checkout>`
  );
}
