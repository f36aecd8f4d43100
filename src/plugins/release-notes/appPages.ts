/**
 * The Moodle App release-notes pages, written from data/app-releases.json: the release history
 * at /general/app_releases and a page per release at the path the data gives (the 1.x page
 * documents every 1.x release).
 */
import {
  adjacentAppReleases,
  appReleaseAnchor,
  appReleaseDocId,
  appReleasePages,
  appReleaseRoute,
  lineFactsFor,
  type AppRelease,
  type AppReleasesData,
} from '../../utils/appReleases';
import { formatLongDate } from '../../utils/dates';
import { count, escapeText, frontMatter, link, listText, sectionsMarkdown, table } from './markdown';
import type { GeneratedPage, PageContext } from './lmsPages';

export const appReleaseTags = ['release-notes', 'moodle-app'];

/** The release date as text: the date, or the words the source used when it gave no year. */
export function appReleaseDateText(release: AppRelease): string {
  if (release.releaseDate) {
    return formatLongDate(release.releaseDate);
  }
  return `${release.releaseDateText ?? 'an unrecorded date'} (the source gives no year)`;
}

function minimumMoodle(data: AppReleasesData, release: AppRelease): string | undefined {
  return release.requirements?.moodleMinimum ?? release.requirements?.moodle ?? lineFactsFor(data, release.version).moodleMinimum;
}

function releaseFacts(data: AppReleasesData, release: AppRelease): string {
  const facts = lineFactsFor(data, release.version);
  const sentences: string[] = [];
  let first = `${release.appName} ${release.version} was released on ${appReleaseDateText(release)}`;
  if (release.platformReleaseDates?.length) {
    first += ` (${listText(release.platformReleaseDates.map((entry) => `${entry.platform} on ${formatLongDate(entry.releaseDate)}`))})`;
  } else if (release.platforms?.length) {
    first += ` for ${listText(release.platforms)}`;
  }
  sentences.push(`${first}.`);
  if (facts.framework) {
    sentences.push(`This version line is built on ${facts.framework}${facts.runtime ? ` and ${facts.runtime}` : ''}.`);
  }
  const moodle = minimumMoodle(data, release);
  if (moodle) {
    sentences.push(`It works with Moodle ${moodle} or later.`);
  }
  if (release.requirements?.newFeaturesRequireMoodle) {
    sentences.push(`Its new features need Moodle ${release.requirements.newFeaturesRequireMoodle} or later on the site.`);
  }
  if (release.requirements?.platforms?.length) {
    sentences.push(`It needs ${listText(release.requirements.platforms.map((entry) => `${entry.platform} ${entry.minimumVersion}`))} or later on the device.`);
  }
  if (release.versionCode) {
    sentences.push(`Its version code is ${release.versionCode}.`);
  }
  if (release.issueCounts.MOBILE) {
    sentences.push(`These notes list ${count(release.issueCounts.MOBILE, 'tracker issue')}.`);
  }
  return escapeText(sentences.join(' '));
}

function releaseBody(data: AppReleasesData, release: AppRelease, headingLevel: number): string {
  const blocks = [releaseFacts(data, release)];
  if (release.indexDateDiffers) {
    blocks.push(escapeText(`The app's release index gives the date as ${formatLongDate(release.indexDateDiffers)}.`));
  }
  if (release.downloadLinks?.length) {
    blocks.push(`Download: ${release.downloadLinks.map((entry) => link(entry.store, entry.url)).join(', ')}.`);
  }
  if (release.sections.length) {
    blocks.push(sectionsMarkdown(release.sections, headingLevel));
  }
  if (release.fixedIssuesListUrl) {
    blocks.push(`The tracker has ${link(`every issue fixed in ${release.appName} ${release.version}`, release.fixedIssuesListUrl)}.`);
  }
  return blocks.join('\n\n');
}

function pageFrontMatter(context: PageContext, fields: Parameters<typeof frontMatter>[0]): string {
  return frontMatter({ ...fields, custom_edit_url: context.editUrl, ...(context.lastUpdate ? { last_update: context.lastUpdate } : {}) });
}

/** A page per release page of the data; the 1.x page holds a section per release. */
export function appReleasePage(data: AppReleasesData, page: string, releases: AppRelease[], context: PageContext): GeneratedPage {
  const path = `${appReleaseDocId(page)}.md`;
  if (releases.length === 1) {
    const [release] = releases;
    const { previous, next } = adjacentAppReleases(data, release.version);
    const neighbours = [
      previous ? `The previous release was ${link(`${previous.appName} ${previous.version}`, appReleaseRoute(data, previous))}.` : '',
      next ? `The next was ${link(`${next.appName} ${next.version}`, appReleaseRoute(data, next))}.` : 'It is the newest release in the release data.',
    ].filter(Boolean);
    const body = [releaseBody(data, release, 2), '## Other releases', `${neighbours.join(' ')} The ${link('release history', '/general/app_releases')} lists every version.`];
    return {
      path,
      content: `${pageFrontMatter(context, {
        title: `${release.appName} ${release.version}`,
        sidebar_label: release.version,
        description: `Release notes of ${release.appName} ${release.version}, released on ${appReleaseDateText(release)}.`,
        tags: appReleaseTags,
      })}\n\n${body.join('\n\n')}\n`,
    };
  }
  const oldest = releases[releases.length - 1];
  const newest = releases[0];
  const appName = newest.appName;
  const major = newest.majorVersion;
  const intro = `${appName} ${major}.x was the first line of the app. These notes cover its ${count(releases.length, 'release')}, from ${oldest.version} to ${newest.version}, newest first.`;
  // An explicit heading id (escaped braces in MDX) keeps each release's anchor stable.
  const sections = releases.map((release) => [`## ${appName} ${release.version} \\{#${appReleaseAnchor(release)}\\}`, releaseBody(data, release, 3)].join('\n\n'));
  return {
    path,
    content: `${pageFrontMatter(context, {
      title: `${appName} ${major}.x`,
      sidebar_label: `${appName} ${major}.x`,
      description: `Release notes of the ${appName} ${major}.x line, releases ${oldest.version} to ${newest.version}.`,
      tags: appReleaseTags,
    })}\n\n${[escapeText(intro), ...sections].join('\n\n')}\n`,
  };
}

/** The release history: the version lines, then every release with its facts. */
export function appReleasesIndexPage(data: AppReleasesData, context: PageContext): GeneratedPage {
  const lines = table(
    ['Line', 'Versions', 'Built on', 'Needs Moodle', 'Product name'],
    data.lineFacts.map((fact) => [
      escapeText(fact.line),
      escapeText(fact.fromVersion ? `${fact.fromVersion}${fact.toVersion ? ` to ${fact.toVersion}` : ' onwards'}` : 'all'),
      escapeText(`${fact.framework}${fact.runtime ? ` and ${fact.runtime}` : ''}`),
      escapeText(fact.moodleMinimum ? `${fact.moodleMinimum} or later` : '–'),
      escapeText(fact.appNameFrom ? `${fact.appNameFrom} (before: ${fact.appNameBefore ?? '–'})` : '–'),
    ]),
  );
  const history = table(
    ['Version', 'Released', 'Product name', 'Built on', 'Needs Moodle', 'Issues listed'],
    data.releases.map((release) => {
      const facts = lineFactsFor(data, release.version);
      const moodle = minimumMoodle(data, release);
      return [
        link(release.version, appReleaseRoute(data, release)),
        escapeText(appReleaseDateText(release)),
        escapeText(release.appName),
        escapeText(facts.framework ?? '–'),
        escapeText(moodle ? `${moodle} or later` : '–'),
        String(release.issueCounts.MOBILE ?? 0),
      ];
    }),
  );
  const renaming = data.lineFacts.find((fact) => fact.appNameFrom && fact.appNameBefore && fact.fromVersion);
  const blocks = [
    `The Moodle App is the official mobile app for Moodle sites, for Android and iOS.${renaming ? ` Before version ${renaming.fromVersion ?? ''} it was called ${renaming.appNameBefore ?? ''}.` : ''} Each release has notes listing the issues it resolved in the \`MOBILE\` project of the Moodle tracker.`,
    `The app has been rebuilt on new frameworks several times, and the oldest Moodle version a site can run to use it changed with them. The ${link('app overview', '/general/app/overview')} explains how the app works with a Moodle site.`,
    '## Version lines',
    'What the app index records for each line of versions:',
    lines,
    '## Release history',
    `Every release in the release data, newest first (${count(data.releases.length, 'release')}).`,
    history,
  ];
  return {
    path: 'app_releases/index.md',
    content: `${pageFrontMatter(context, {
      title: 'Moodle App release notes',
      sidebar_label: 'Release notes',
      description: 'Every release of the Moodle App and Moodle Mobile, with its date, the framework it was built on and the oldest Moodle version it needs.',
      tags: appReleaseTags,
    })}\n\n${blocks.join('\n\n')}\n`,
  };
}

export function appPages(data: AppReleasesData, context: PageContext): GeneratedPage[] {
  return [appReleasesIndexPage(data, context), ...appReleasePages(data).map(({ page, releases }) => appReleasePage(data, page, releases, context))];
}
