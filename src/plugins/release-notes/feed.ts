/**
 * An Atom feed of the newest Moodle LMS and Moodle App releases, for feed readers and for
 * anyone who wants to hear about a release without watching the site.
 */
import { appReleaseRoute, type AppReleasesData } from '../../utils/appReleases';
import { allReleases, hasOwnNotesPage, type MoodleReleasesData } from '../../utils/moodleReleases';
import { releaseFeedPath, releaseRoute } from '../../utils/releaseRoutes';

export const feedEntryLimit = 100;

interface FeedEntry {
  id: string;
  title: string;
  date: string;
  url: string;
  summary: string;
}

/** Whether XML 1.0 allows a character (it forbids most control characters). */
function isXmlCharacter(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
}

/** Escapes text for XML content and attribute values, dropping characters XML cannot hold. */
export function escapeXml(text: string): string {
  // Array.from splits by code point, which is what XML's character rules are about.
  return Array.from(text)
    .filter((character) => isXmlCharacter(character.codePointAt(0) ?? 0))
    .join('')
    .replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function counted(value: number | undefined, singular: string, plural: string): string | undefined {
  return value ? `${value} ${value === 1 ? singular : plural}` : undefined;
}

export function releaseFeed({ lms, app, siteUrl, baseUrl }: { lms: MoodleReleasesData; app: AppReleasesData; siteUrl: string; baseUrl: string }): string {
  const absolute = (route: string) => `${siteUrl.replace(/\/$/, '')}${baseUrl.replace(/\/$/, '')}${route}`;
  const entries: FeedEntry[] = [
    ...allReleases(lms)
      .filter((release) => release.releaseDate <= lms.source.date && (hasOwnNotesPage(release) || Boolean(release.coveredByPage)))
      .map((release) => {
        const counts = [counted(release.issueCounts?.MDL, 'tracker issue', 'tracker issues'), counted(release.issueCounts?.MSA, 'security advisory', 'security advisories')].filter(Boolean);
        return {
          id: absolute(`/general/releases#moodle-${release.version}`),
          title: `Moodle ${release.version}`,
          date: release.releaseDate,
          url: absolute(releaseRoute(release)),
          summary: `Moodle ${release.version} was released.${counts.length ? ` Its notes list ${counts.join(' and ')}.` : ''}`,
        };
      }),
    ...app.releases.flatMap((release) =>
      release.releaseDate
        ? [
            {
              id: absolute(`/general/app_releases#${release.appName.toLowerCase().replace(/\s+/g, '-')}-${release.version}`),
              title: `${release.appName} ${release.version}`,
              date: release.releaseDate,
              url: absolute(appReleaseRoute(app, release)),
              summary: `${release.appName} ${release.version} was released.${release.issueCounts.MOBILE ? ` Its notes list ${counted(release.issueCounts.MOBILE, 'tracker issue', 'tracker issues') ?? ''}.` : ''}`,
            },
          ]
        : [],
    ),
  ]
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title))
    .slice(0, feedEntryLimit);
  const updated = `${entries[0]?.date ?? lms.source.date}T00:00:00Z`;
  const entryXml = entries.map(
    (entry) => `  <entry>
    <id>${escapeXml(entry.id)}</id>
    <title>${escapeXml(entry.title)}</title>
    <updated>${entry.date}T00:00:00Z</updated>
    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>
    <summary>${escapeXml(entry.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-AU">
  <id>${escapeXml(absolute('/general/releases'))}</id>
  <title>Moodle releases</title>
  <subtitle>New releases of Moodle LMS and the Moodle App, from Moodle Developer Resources</subtitle>
  <updated>${updated}</updated>
  <author><name>Moodle Developer Resources</name></author>
  <link rel="self" type="application/atom+xml" href="${escapeXml(absolute(releaseFeedPath))}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(absolute('/general/releases'))}"/>
${entryXml.join('\n')}
</feed>
`;
}
