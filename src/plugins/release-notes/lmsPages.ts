/**
 * The Moodle LMS release-notes pages, written from data/moodle-releases.json: one page per
 * series (which documents its x.y.0 release) and one per patch release with notes of its own.
 * Every fact comes from the data; every sentence around the facts is written here.
 *
 * A release dated after the data's source date is planned, and its pages say so: in the text,
 * through <PlannedDate />, which words the plan for the reader's date ("planned for 5 October
 * 2026", then "…; not yet in this site's release data (7 August 2026)" once the day has passed);
 * in the front matter description, which has no reader, for the build date.
 */
import { formatLongDate, localIsoDate } from '../../utils/dates';
import { plannedWording } from '../../utils/plannedReleases';
import {
  hasOwnNotesPage,
  isPlanned,
  type IsoDate,
  type MoodleReleasesData,
  type Release,
  type Requirements,
  type Series,
} from '../../utils/moodleReleases';
import { isSeriesRelease, releaseDocId, releaseRoute, seriesDocId, seriesRoute } from '../../utils/releaseRoutes';
import { trackerUrl } from '../../utils/tracker';
import { count, escapeText, frontMatter, link, listText, sectionsMarkdown, table } from './markdown';

export interface GeneratedPage {
  /** Path relative to the general docs folder, such as "releases/3.9/3.9.18.md". */
  path: string;
  content: string;
}

export interface PageContext {
  /** "Edit this page" target: the data file the page is generated from. */
  editUrl: string;
  /** When and by whom the data file last changed, if git knows. */
  lastUpdate?: { date: string; author: string };
  /** Routes of the developer update pages by series ("5.1" → "/docs/devupdate/5.1"). */
  developerUpdates?: Record<string, string>;
  /** The build date, which words the plans in front matter descriptions; today where the code runs by default. */
  today?: IsoDate;
}

/** A planned release date in page text, worded for the reader's date by the PlannedDate component. */
function plannedDate(date: IsoDate, sourceDate: IsoDate): string {
  return `<PlannedDate date="${date}" sourceDate="${sourceDate}" />`;
}

/** "released on <date>", or the plan: as page text (worded for the reader's date) and as a description (worded for the build date). */
function releaseWhen(release: Pick<Release, 'releaseDate'>, sourceDate: IsoDate, today: IsoDate): { text: string; description: string } {
  if (!isPlanned(release.releaseDate, sourceDate)) {
    const released = `released on ${formatLongDate(release.releaseDate)}`;
    return { text: released, description: released };
  }
  return { text: plannedDate(release.releaseDate, sourceDate), description: plannedWording(release.releaseDate, sourceDate, today) };
}

/** Tags of every page of a series: the release-notes tag and the series tag. */
export function releaseTags(seriesName: string): string[] {
  return ['release-notes', `moodle-${seriesName.replace(/\./g, '-')}`];
}

function seriesKind(series: Series): string {
  if (series.isExperimental) {
    return 'an experimental preview, never a supported series';
  }
  return series.isLTS ? 'a long-term support (LTS) series' : 'a standard series';
}

function raisedNote(entry: { minimumIncreasedIn?: string; minimumIncreasedSince?: string }): string {
  if (entry.minimumIncreasedIn) {
    return `raised in Moodle ${entry.minimumIncreasedIn}`;
  }
  return entry.minimumIncreasedSince ? `raised since Moodle ${entry.minimumIncreasedSince}` : '';
}

function fixCounts(release: Release): string {
  const counts = release.issueCounts ?? {};
  const parts: string[] = [];
  if (counts.MDL) {
    parts.push(count(counts.MDL, 'tracker issue'));
  }
  if (counts['legacy-bug']) {
    parts.push(count(counts['legacy-bug'], 'bug from the pre-2006 bug tracker', 'bugs from the pre-2006 bug tracker'));
  }
  if (counts.MSA) {
    parts.push(count(counts.MSA, 'security advisory', 'security advisories'));
  }
  return parts.length ? listText(parts) : '';
}

function versionNumber(release: Release): string {
  return release.buildVersion ? ` Its version number, as set in \`version.php\`, is \`${release.buildVersion}\`.` : '';
}

function translationsMarkdown(release: Release): string {
  const translations = release.translations ?? [];
  if (!translations.length) {
    return '';
  }
  const names: Record<string, string> = { de: 'German', es: 'Spanish', fr: 'French' };
  return [
    '## Release notes in other languages',
    'Translations of these notes were published in the Moodle user documentation:',
    translations.map((entry) => `- ${link(entry.title, entry.url)}${entry.language ? ` (${names[entry.language] ?? entry.language})` : ''}`).join('\n'),
  ].join('\n\n');
}

function fullListMarkdown(release: Release): string {
  if (!release.fixedIssuesListUrl) {
    return '';
  }
  return [
    '## Full list of fixed issues',
    `The notes above list the changes that matter most. The tracker has ${link(`every issue fixed in Moodle ${release.version}`, release.fixedIssuesListUrl)}.`,
  ].join('\n\n');
}

// --- Requirements ----------------------------------------------------------------------------

function phpRows(php: NonNullable<Requirements['php']>): string[][] {
  const rows: string[][] = [];
  if (php.minimum) {
    const raise = raisedNote(php);
    rows.push(['Minimum version', `${escapeText(php.minimum)}${raise ? ` (${escapeText(raise)})` : ''}`]);
  }
  if (php.minimumPhp5) {
    rows.push(['Minimum version on PHP 5', escapeText(php.minimumPhp5)]);
  }
  if (php.recommended) {
    rows.push(['Recommended version', escapeText(php.recommended)]);
  }
  if (php.alsoSupported?.length) {
    rows.push(['Also supported', escapeText(php.alsoSupported.join(', '))]);
  }
  for (const [version, moodle] of Object.entries(php.supportedSinceMoodle ?? {})) {
    rows.push([`PHP ${escapeText(version)}`, `Supported since Moodle ${escapeText(moodle)}`]);
  }
  if (php.supportedWithEngineLimitations?.length) {
    rows.push(['Supported with database engine limitations', escapeText(php.supportedWithEngineLimitations.join(', '))]);
  }
  if (php.latestRecommendedOnWindows?.length) {
    rows.push(['Latest versions recommended on Windows', escapeText(php.latestRecommendedOnWindows.join(', '))]);
  }
  if (php.notSupported?.length) {
    rows.push(['Not supported', escapeText(php.notSupported.join(', '))]);
  }
  if (php.only64Bit) {
    rows.push(['Builds', 'Only 64-bit builds of PHP are supported']);
  }
  return rows;
}

function extensionNote(extension: NonNullable<Requirements['phpExtensions']>[number]): string {
  const notes: string[] = [];
  if (extension.newInThisRelease) {
    notes.push('new in this release');
  }
  if (extension.newInMoodle) {
    notes.push(`new in Moodle ${extension.newInMoodle}`);
  }
  if (extension.requiredSinceMoodle) {
    notes.push(`required since Moodle ${extension.requiredSinceMoodle}`);
  }
  if (extension.requiredFromMoodle) {
    notes.push(`required from Moodle ${extension.requiredFromMoodle}`);
  }
  if (extension.previouslyRecommendedIn) {
    notes.push(`recommended since Moodle ${extension.previouslyRecommendedIn}`);
  } else if (extension.previouslyRecommended) {
    notes.push('previously recommended');
  }
  return escapeText(notes.join('; ')) || '–';
}

function databaseNote(database: NonNullable<Requirements['databases']>[number]): string {
  const notes: string[] = [];
  const raise = raisedNote(database);
  if (raise) {
    notes.push(escapeText(`minimum ${raise}`));
  }
  if (database.minimumVersionLatinLanguagesOnly) {
    notes.push(escapeText(`${database.minimumVersionLatinLanguagesOnly} is enough for sites in Latin-script languages only`));
  }
  if (database.notYetSupported) {
    const issue = database.notYetSupportedIssue ? ` (${link(database.notYetSupportedIssue, trackerUrl(database.notYetSupportedIssue))})` : '';
    notes.push(`${escapeText(`${database.notYetSupported} not yet supported`)}${issue}`);
  }
  for (const [version, moodle] of Object.entries(database.recommendedFromMoodle ?? {})) {
    notes.push(escapeText(`${version} recommended from Moodle ${moodle}`));
  }
  return notes.join('; ') || '–';
}

function browsersMarkdown(browsers: NonNullable<Requirements['browsers']>, seriesName: string): string {
  const blocks: string[] = [];
  const list = (label: string, values?: string[]) => {
    if (values?.length) {
      blocks.push(`${label}: ${escapeText(values.join(', '))}.`);
    }
  };
  list('Desktop browsers the release was tested with', browsers.testedDesktop);
  list('Mobile browsers the release was tested with', browsers.testedMobile);
  list('Browsers with known compatibility issues', browsers.knownCompatibilityIssues);
  list('Browsers not supported', browsers.notSupported);
  if (browsers.lastSeriesSupporting) {
    blocks.push(escapeText(`Moodle ${seriesName} is the last series to support ${browsers.lastSeriesSupporting}.`));
  }
  if (browsers.minimumVersions?.length) {
    const dragAndDrop = browsers.minimumVersions.some((browser) => browser.dragAndDropUploadMinimumVersion);
    blocks.push(
      table(
        ['Browser', 'Minimum version', 'Recommended', ...(dragAndDrop ? ['Minimum for drag-and-drop upload'] : [])],
        browsers.minimumVersions.map((browser) => [
          browser.url ? link(browser.name, browser.url) : escapeText(browser.name),
          escapeText(browser.minimumVersion),
          escapeText(browser.recommended ?? '–'),
          ...(dragAndDrop ? [escapeText(browser.dragAndDropUploadMinimumVersion ?? '–')] : []),
        ]),
      ),
    );
  }
  return blocks.join('\n\n');
}

/** The "Server requirements" section of a series page, with a table or list per kind of fact. */
export function requirementsMarkdown(series: Series): string {
  const requirements = series.requirements;
  if (!requirements) {
    return '';
  }
  const blocks = ['## Server requirements', `What a server needs to run Moodle ${series.name}, as its release notes state it.`];
  if (requirements.upgrade) {
    const { minimumVersion, earlierVersionsMustFirstUpgradeTo, preferredFromVersion } = requirements.upgrade;
    const sentences = [`To upgrade to Moodle ${series.name}, a site must already run Moodle ${minimumVersion} or later.`];
    if (earlierVersionsMustFirstUpgradeTo) {
      sentences.push(`Sites on earlier versions must first upgrade to ${earlierVersionsMustFirstUpgradeTo}.`);
    }
    if (preferredFromVersion) {
      sentences.push(`Upgrading from ${preferredFromVersion} is preferred.`);
    }
    blocks.push('### Upgrading', escapeText(sentences.join(' ')));
  }
  if (requirements.php) {
    const rows = phpRows(requirements.php);
    if (rows.length) {
      blocks.push('### PHP', table(['PHP', 'Version'], rows));
    }
  }
  if (requirements.phpExtensions?.length) {
    blocks.push(
      '### PHP extensions',
      table(
        ['Extension', 'Status', 'Notes'],
        requirements.phpExtensions.map((extension) => [`\`${extension.name}\``, escapeText(extension.status), extensionNote(extension)]),
      ),
    );
  }
  if (requirements.phpSettings?.length) {
    blocks.push(
      '### PHP settings',
      table(
        ['Setting', 'Value', 'Recommended for', 'Required for'],
        requirements.phpSettings.map((setting) => [`\`${setting.name}\``, escapeText(setting.value), escapeText(setting.recommendedFor ?? '–'), escapeText(setting.requiredFor ?? '–')]),
      ),
    );
  }
  if (requirements.otherServerSoftware?.length) {
    blocks.push(
      '### Other server software',
      table(
        ['Software', 'Status', 'Used for'],
        requirements.otherServerSoftware.map((software) => [
          escapeText(software.name),
          escapeText(`${software.status}${software.newInMoodle ? ` (new in Moodle ${software.newInMoodle})` : ''}`),
          escapeText(software.usedFor ?? '–'),
        ]),
      ),
    );
  }
  if (requirements.databases?.length) {
    blocks.push(
      '### Databases',
      table(
        ['Database', 'Minimum version', 'Recommended', 'Notes'],
        requirements.databases.map((database) => [
          database.url ? link(database.name, database.url) : escapeText(database.name),
          escapeText(database.minimumVersion),
          escapeText(database.recommended ?? '–'),
          databaseNote(database),
        ]),
      ),
    );
  }
  if (requirements.mysqlMariadbCharset) {
    const charset = requirements.mysqlMariadbCharset;
    const sentences = [`On MySQL and MariaDB, the recommended character set is ${charset.recommended}`];
    if (charset.recommendedCollation) {
      sentences[0] += ` with the ${charset.recommendedCollation} collation`;
    }
    sentences[0] += '.';
    if (charset.utf8mb4RequiresFileFormat) {
      sentences.push(`It needs the ${charset.utf8mb4RequiresFileFormat} file format.`);
    }
    blocks.push('### Database character set', `${escapeText(sentences.join(' '))}${charset.docsUrl ? ` ${link('How to convert a site', charset.docsUrl)}.` : ''}`);
  }
  if (requirements.browsers) {
    const browsers = browsersMarkdown(requirements.browsers, series.name);
    if (browsers) {
      blocks.push('### Browsers', browsers);
    }
  }
  if (requirements.screenReaders?.length) {
    blocks.push(
      '### Screen readers',
      table(
        ['Browser', 'Screen reader', 'Minimum version', 'Recommended'],
        requirements.screenReaders.map((reader) => [
          escapeText(reader.browser),
          reader.screenReaderUrl ? link(reader.screenReader, reader.screenReaderUrl) : escapeText(reader.screenReader),
          escapeText(reader.minimumVersion),
          escapeText(reader.recommended ?? '–'),
        ]),
      ),
    );
  }
  return blocks.join('\n\n');
}

// --- Pages -----------------------------------------------------------------------------------

function pageFrontMatter(context: PageContext, fields: Parameters<typeof frontMatter>[0]): string {
  return frontMatter({
    ...fields,
    custom_edit_url: context.editUrl,
    ...(context.lastUpdate ? { last_update: context.lastUpdate } : {}),
  });
}

/** Releases of a series that have notes of their own, in version order. */
function documentedReleases(series: Series): Release[] {
  return series.releases.filter(hasOwnNotesPage);
}

/** Releases the source lists with a date but without notes (announced, not yet documented). */
function releasesWithoutNotes(series: Series): Release[] {
  return series.releases.filter((release) => !release.page && !release.coveredByPage);
}

function alsoCoversMarkdown(release: Release): string {
  if (!release.alsoCovers?.length) {
    return '';
  }
  return release.alsoCovers
    .map((covered) => `These notes also cover **Moodle ${covered.version}**, released on ${formatLongDate(covered.releaseDate)}, which has no release notes of its own: its changes are included below.`)
    .join('\n\n');
}

export function seriesPage(data: MoodleReleasesData, series: Series, context: PageContext): GeneratedPage {
  const first = series.releases.find((release) => isSeriesRelease(release));
  if (!first) {
    throw new Error(`data/moodle-releases.json: series ${series.name} has no ${series.name}.0 release for its series page.`);
  }
  const patches = documentedReleases(series).filter((release) => release !== first);
  const sourceDate = data.source.date;
  const today = context.today ?? localIsoDate();
  const blocks: string[] = [];
  const counts = fixCounts(first);
  const firstPlanned = isPlanned(first.releaseDate, sourceDate);
  const released = firstPlanned ? `Moodle ${series.name} is ${plannedDate(first.releaseDate, sourceDate)}.` : `Moodle ${series.name} was released on ${formatLongDate(first.releaseDate)}.`;
  blocks.push(
    series.isExperimental
      ? `${released} It was an experimental preview for testing, not for production sites, and never a supported series.${versionNumber(first)}${counts ? ` Its release notes name ${counts}.` : ''}`
      : `${released} It is a major release, the first of the ${series.name} series, which is ${seriesKind(series)}.${versionNumber(first)}${counts ? ` Its release notes name ${counts}.` : ''}`,
  );
  if (first.pageReleaseDateDiffers) {
    blocks.push(`The original release notes gave the date as ${formatLongDate(first.pageReleaseDateDiffers)}; this page uses the date of Moodle's release records.`);
  }
  const supportRows = [
    ['General support: bug and security fixes', formatLongDate(series.generalEndDate)],
    ['Security support: security fixes only', formatLongDate(series.securityEndDate)],
    ...(series.extendedSecurityEndDate ? [['Extended security support', formatLongDate(series.extendedSecurityEndDate)]] : []),
  ];
  blocks.push(
    '## Support',
    ...(series.isExperimental ? [`As a preview, Moodle ${series.name} had no support period of its own: the release data ends it on ${formatLongDate(series.securityEndDate)}.`] : []),
    `Each Moodle series receives minor releases for a fixed period. The release data gives Moodle ${series.name} these end dates:`,
    table(['Support', 'Ends'], supportRows),
    `Status today: <SupportStatus series="${series.name}" />`,
  );
  const requirements = requirementsMarkdown(series);
  if (requirements) {
    blocks.push(requirements);
  }
  if (first.sections?.length) {
    blocks.push(sectionsMarkdown(first.sections));
  }
  const developerUpdate = context.developerUpdates?.[series.name];
  if (developerUpdate || first.upgradeNotes?.length) {
    blocks.push('## Upgrade notes for developers');
    if (developerUpdate) {
      blocks.push(`The ${link(`Moodle ${series.name} developer update`, developerUpdate)} says what changed in ${series.name} for plugin code and what to do about each change.`);
    }
    if (first.upgradeNotes?.length) {
      blocks.push(
        `Each part of Moodle records its API changes in an \`upgrade.txt\` file. These are the files with changes in ${series.name}:`,
        first.upgradeNotes.map((note) => `- ${link(note.label, note.url)}`).join('\n'),
      );
    }
  }
  if (first.upgradePath) {
    blocks.push('## Upgrading a site', `The user documentation explains ${link(`how to upgrade a site to Moodle ${series.name}`, first.upgradePath)}.`);
  }
  const translations = translationsMarkdown(first);
  if (translations) {
    blocks.push(translations);
  }
  const withoutNotes = releasesWithoutNotes(series);
  if (withoutNotes.length) {
    blocks.push(
      withoutNotes
        .map((release) =>
          isPlanned(release.releaseDate, sourceDate)
            ? `Moodle ${release.version} is ${plannedDate(release.releaseDate, sourceDate)}. It has no release notes yet.`
            : `Moodle ${release.version} is dated ${formatLongDate(release.releaseDate)} in the release data of ${formatLongDate(sourceDate)}, which has no notes for it yet.`,
        )
        .join(' '),
    );
  }
  if (patches.length) {
    const plannedPatches = patches.filter((release) => isPlanned(release.releaseDate, sourceDate)).length;
    const madePatches = patches.length - plannedPatches;
    const summary = plannedPatches
      ? `The ${series.name} series has ${count(madePatches, 'minor release')} with notes of its own, and notes for ${count(plannedPatches, 'planned one')}:`
      : `The ${series.name} series has ${count(patches.length, 'minor release')} with notes of its own:`;
    blocks.push(
      '## Minor releases',
      summary,
      patches
        .map((release) => {
          const releaseCounts = fixCounts(release);
          const when = isPlanned(release.releaseDate, sourceDate) ? plannedDate(release.releaseDate, sourceDate) : formatLongDate(release.releaseDate);
          return `- ${link(`Moodle ${release.version}`, releaseRoute(release))}, ${when}${releaseCounts ? `: ${releaseCounts}` : ''}`;
        })
        .join('\n'),
    );
  }
  const fullList = fullListMarkdown(first);
  if (fullList) {
    blocks.push(fullList);
  }
  const description = series.isExperimental
    ? `Release notes of Moodle ${series.name}, an experimental preview ${releaseWhen(first, sourceDate, today).description} that was never a supported series.`
    : firstPlanned
      ? `Release notes of Moodle ${series.name}, ${seriesKind(series)}: ${releaseWhen(first, sourceDate, today).description}. Support dates, requirements and changes.`
      : `Release notes of Moodle ${series.name}, ${seriesKind(series)} released on ${formatLongDate(first.releaseDate)}: support dates, requirements, changes and minor releases.`;
  return {
    path: `releases/${series.name}/index.md`,
    content: `${pageFrontMatter(context, {
      title: `Moodle ${series.name}`,
      sidebar_label: `Moodle ${series.name}`,
      description,
      tags: releaseTags(series.name),
      pagination_next: patches[0] ? releaseDocId(patches[0]) : undefined,
    })}\n\n${blocks.join('\n\n')}\n`,
  };
}

export function releasePage(data: MoodleReleasesData, series: Series, release: Release, context: PageContext): GeneratedPage {
  const sourceDate = data.source.date;
  const today = context.today ?? localIsoDate();
  const when = releaseWhen(release, sourceDate, today);
  const documented = documentedReleases(series);
  const index = documented.indexOf(release);
  const previous = documented[index - 1];
  const next = documented[index + 1];
  const blocks: string[] = [];
  const counts = fixCounts(release);
  const kind = release.notes === 'Emergency minor release' ? 'an emergency minor release' : 'a minor release';
  const opening = isPlanned(release.releaseDate, sourceDate) ? `Moodle ${release.version} is ${when.text}.` : `Moodle ${release.version} was ${when.text}.`;
  blocks.push(`${opening} It is ${kind} of the ${series.name} series, which is ${seriesKind(series)}.${versionNumber(release)}${counts ? ` These notes name ${counts}.` : ''}`);
  if (release.notes === 'Support has ended' && series.releases[series.releases.length - 1] === release) {
    blocks.push(`It is the last release of Moodle ${series.name}: support for the series ended with it.`);
  }
  if (release.pageReleaseDateDiffers) {
    blocks.push(`The original release notes gave the date as ${formatLongDate(release.pageReleaseDateDiffers)}; this page uses the date of Moodle's release records.`);
  }
  const covers = alsoCoversMarkdown(release);
  if (covers) {
    blocks.push(covers);
  }
  if (release.sections?.length) {
    blocks.push(sectionsMarkdown(release.sections));
  }
  const fullList = fullListMarkdown(release);
  if (fullList) {
    blocks.push(fullList);
  }
  const translations = translationsMarkdown(release);
  if (translations) {
    blocks.push(translations);
  }
  const neighbour = (other: Release, label: string) =>
    isPlanned(other.releaseDate, sourceDate)
      ? `${label}, ${link(`Moodle ${other.version}`, releaseRoute(other))}, is ${plannedDate(other.releaseDate, sourceDate)}.`
      : `${label} was ${link(`Moodle ${other.version}`, releaseRoute(other))}.`;
  const neighbours = [
    previous ? neighbour(previous, 'The previous release of the series') : `It follows ${link(`Moodle ${series.name}`, seriesRoute(series.name))}, the first release of the series.`,
    next ? neighbour(next, 'The next') : 'It is the newest release of the series in the release data.',
  ];
  blocks.push('## Other releases of the series', `${neighbours.join(' ')} The ${link(`Moodle ${series.name} page`, seriesRoute(series.name))} lists them all.`);
  const description = isPlanned(release.releaseDate, sourceDate)
    ? `Moodle ${release.version}, ${kind} of the ${series.name} series: ${when.description}.${counts ? ` Its notes name ${counts}.` : ''}`
    : `Moodle ${release.version}, ${kind} of the ${series.name} series ${when.description}${counts ? `, with ${counts}` : ''}.`;
  return {
    path: `releases/${series.name}/${release.version}.md`,
    content: `${pageFrontMatter(context, {
      title: `Moodle ${release.version}`,
      sidebar_label: release.version,
      description,
      tags: releaseTags(series.name),
      pagination_prev: previous ? releaseDocId(previous) : seriesDocId(series.name),
      pagination_next: next ? releaseDocId(next) : undefined,
    })}\n\n${blocks.join('\n\n')}\n`,
  };
}

/** Every LMS release-notes page: a page per released series and per documented patch release. */
export function lmsPages(data: MoodleReleasesData, context: PageContext): GeneratedPage[] {
  return data.series
    .filter((series) => series.releases.length > 0)
    .flatMap((series) => [
      seriesPage(data, series, context),
      ...documentedReleases(series)
        .filter((release) => !isSeriesRelease(release))
        .map((release) => releasePage(data, series, release, context)),
    ]);
}
