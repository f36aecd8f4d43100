/**
 * The release-notes pages written from the data: one per series and per documented release,
 * every item of the data on its page, text that stays text, the sidebar, the tags and the feed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import { decodeHTML } from 'entities';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { appPages } from '../../src/plugins/release-notes/appPages';
import { releaseFeed } from '../../src/plugins/release-notes/feed';
import { developerUpdateRoutes, writeGeneratedPages } from '../../src/plugins/release-notes/index';
import { lmsPages, releaseTags, seriesPage } from '../../src/plugins/release-notes/lmsPages';
import { escapeText, itemList, sectionsMarkdown } from '../../src/plugins/release-notes/markdown';
import { readDataFile } from '../../src/utils/dataFiles';
import { appReleaseRoute } from '../../src/utils/appReleases';
import { plannedWording } from '../../src/utils/plannedReleases';
import { releaseRoute } from '../../src/utils/releaseRoutes';
import { appReleaseNotesItems, lmsReleaseNotesItems } from '../../src/utils/releaseNotesSidebars';
import { allReleases, compareVersions, findRelease, hasOwnNotesPage, type IssueItem, type MoodleReleasesData, type Release } from '../../src/utils/moodleReleases';

const lms = readDataFile('moodle-releases');
const app = readDataFile('app-releases');
// A fixed build date, after every date the data plans (5 October 2026 is its last).
const context = { editUrl: 'https://example.org/edit/main/data/moodle-releases.json', today: '2026-11-27' };
const pages = lmsPages(lms, context);
const pageByPath = new Map(pages.map((page) => [page.path, page.content]));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-notes-'));

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

/**
 * The site's MDX components that generated pages use, as stand-ins that render their props;
 * PlannedDate words its date as the site does, for a reader on `readerToday`.
 */
const componentsFor = (readerToday: string) => ({
  SupportStatus: ({ series }: { series: string }) => createElement('span', { 'data-series': series }, 'status'),
  PlannedDate: ({ date, sourceDate }: { date: string; sourceDate: string }) => plannedWording(date, sourceDate, readerToday),
});

/** Compiles Markdown the way the site does (MDX) and renders it to HTML, for a reader on `readerToday`. */
async function render(markdown: string, readerToday = context.today): Promise<string> {
  const components = componentsFor(readerToday);
  const { default: Content } = await evaluate(markdown, { ...runtime, baseUrl: import.meta.url, useMDXComponents: () => components });
  return renderToStaticMarkup(createElement(Content));
}

/** A generated page as a reader reads it: its front matter description, then its text without markup. */
async function readPage(content: string, readerToday = context.today): Promise<{ description: string; text: string }> {
  const description = /^description: "(.*)"$/m.exec(content)?.[1] ?? '';
  const html = await render(content.replace(/^---\n[\s\S]*?\n---\n/, ''), readerToday);
  return { description, text: decodeHTML(html.replace(/<[^>]+>/g, '')) };
}

function releaseOf(version: string): Release {
  const release = findRelease(lms, version);
  if (!release) {
    throw new Error(`no release ${version} in the data`);
  }
  return release;
}

interface FeedLink {
  '@_rel': string;
  '@_type': string;
  '@_href': string;
}
interface ParsedFeed {
  feed: Record<string, unknown> & {
    id: string;
    title: string;
    updated: string;
    author: unknown;
    link: FeedLink[];
    entry: { id: string; title: string; updated: string; link: FeedLink[]; summary: string }[];
  };
}

/** Reads an Atom feed with an XML parser: attributes as `@_name`, links and entries as lists, character references decoded. */
function parseFeed(xml: string): ParsedFeed {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', ignoreDeclaration: true, htmlEntities: true, parseTagValue: false, isArray: (name) => name === 'entry' || name === 'link' });
  return parser.parse(xml) as ParsedFeed;
}

const keysOf = (items: IssueItem[]) => items.flatMap((item) => [item.key, ...(item.relatedKeys ?? []).map((entry) => entry.key), ...(item.mentionedKeys ?? []).map((entry) => entry.key)]);

describe('LMS release-notes pages', () => {
  it('writes a page per released series and per release with notes of its own', () => {
    const released = lms.series.filter((series) => series.releases.length > 0);
    const documentedPatches = released.flatMap((series) => series.releases).filter((release) => hasOwnNotesPage(release) && !release.version.endsWith('.0'));
    expect(pages).toHaveLength(released.length + documentedPatches.length);
    for (const series of released) {
      expect(pageByPath.has(`releases/${series.name}/index.md`), series.name).toBe(true);
    }
    for (const release of documentedPatches) {
      expect(pageByPath.has(`releases/${release.series}/${release.version}.md`), release.version).toBe(true);
    }
  });

  it('names each covered release on the page that covers it, and gives it no page', () => {
    const covered = lms.series.flatMap((series) => series.releases).filter((release) => release.coveredByPage);
    expect(covered.map((release) => release.version).sort()).toEqual(['2.6.9', '2.7.6', '2.8.4']);
    for (const release of covered) {
      expect(pageByPath.has(`releases/${release.series}/${release.version}.md`)).toBe(false);
      const coveringPath = release.coveredByPage?.replace(/^general\//, '') ?? '';
      expect(pageByPath.get(coveringPath)).toContain(`**Moodle ${release.version}**`);
      expect(releaseRoute(release)).toBe(`/${release.coveredByPage?.replace(/\.md$/, '') ?? ''}`);
    }
  });

  it.each(['3.9.18', '2.8.5', '4.0.1', '1.9.19', '1.4.5'])('puts every item of %s on its page, linked', (version) => {
    const release = releaseOf(version);
    const content = pageByPath.get(`releases/${release.series}/${version}.md`) ?? '';
    for (const section of release.sections ?? []) {
      for (const item of section.items) {
        expect(content).toContain(`[${escapeText(item.key)}](${item.url.replace(/[()]/g, (character) => (character === '(' ? '%28' : '%29'))})`);
      }
    }
    const linkedKeys = [...content.matchAll(/\[((?:MDL|MSA|MOBILE)\\-[0-9-\\]+|\\#\d+)\]\(/g)].map((match) => match[1].replace(/\\/g, ''));
    const expected = (release.sections ?? []).flatMap((section) => keysOf(section.items));
    expect(linkedKeys.sort()).toEqual(expected.sort());
  });

  it('states the facts of a release in its introduction', () => {
    const release = releaseOf('3.9.18');
    const content = pageByPath.get('releases/3.9/3.9.18.md') ?? '';
    expect(content).toContain(`\`${release.buildVersion ?? ''}\``);
    expect(content).toContain(`${release.issueCounts?.MDL ?? 0} tracker issues`);
    expect(content).toContain(`${release.issueCounts?.MSA ?? 0} security advisories`);
    expect(content).toContain('long-term support');
    expect(content).toContain('pagination_prev: "releases/3.9/3.9.17"');
    expect(content).toMatch(/custom_edit_url: "https:\/\/example\.org\/edit\/main\/data\/moodle-releases\.json"/);
  });

  it('gives every page the release-notes tag and its series tag, all declared', () => {
    const declared = fs.readFileSync(path.resolve(__dirname, '../../general/tags.yml'), 'utf8');
    for (const page of pages) {
      const series = page.path.split('/')[1];
      for (const tag of releaseTags(series)) {
        expect(page.content).toContain(`  - "${tag}"`);
        expect(declared).toMatch(new RegExp(`^${tag}:$`, 'm'));
      }
    }
  });

  it('lists the requirements of a series as tables', () => {
    const series = lms.series.find((entry) => entry.name === '4.1');
    const content = pageByPath.get('releases/4.1/index.md') ?? '';
    expect(content).toContain('## Server requirements');
    for (const database of series?.requirements?.databases ?? []) {
      expect(content).toContain(`| ${escapeText(database.minimumVersion)} |`);
      expect(content).toContain(`[${escapeText(database.name)}]`);
    }
    expect(content).toContain(`| Minimum version | ${escapeText(series?.requirements?.php?.minimum ?? '')} `);
  });

  it('lists the minor releases of a series on its page, in order', () => {
    const content = pageByPath.get('releases/3.9/index.md') ?? '';
    const listed = [...content.matchAll(/\[Moodle (3\.9\.\d+)\]/g)].map((match) => match[1]);
    const expected = lms.series.find((series) => series.name === '3.9')?.releases.map((release) => release.version).filter((version) => version !== '3.9.0');
    expect(listed).toEqual(expected);
  });
});

describe('planned releases on the release-notes pages', () => {
  // Written out for the data read on 7 August 2026: 5.3.0 and 5.2.3 are planned for 5 October
  // 2026 (5.2.3 without notes), 5.2.2 for 10 August 2026 (with notes), 5.2.1 came out on 8 June 2026.
  it('reads the data these expectations are written for', () => {
    expect(lms.source.date).toBe('2026-08-07');
    expect([releaseOf('5.3.0').releaseDate, releaseOf('5.2.3').releaseDate, releaseOf('5.2.2').releaseDate, releaseOf('5.2.1').releaseDate]).toEqual(['2026-10-05', '2026-10-05', '2026-08-10', '2026-06-08']);
  });

  const notYet = "not yet in this site's release data (7 August 2026)";

  it('says the 5.3 series page is a plan, before and after its day, and never that it came out', async () => {
    const content = pageByPath.get('releases/5.3/index.md') ?? '';
    expect(content).toContain('Moodle 5.3 is <PlannedDate date="2026-10-05" sourceDate="2026-08-07" />.');
    const after = await readPage(content, '2026-11-27');
    expect(after.text).toContain(`Moodle 5.3 is planned for 5 October 2026; ${notYet}.`);
    expect(after.description).toBe(`Release notes of Moodle 5.3, a long-term support (LTS) series: planned for 5 October 2026; ${notYet}. Support dates, requirements and changes.`);
    const before = await readPage(content, '2026-09-01');
    expect(before.text).toContain('Moodle 5.3 is planned for 5 October 2026.');
    for (const page of [after, before]) {
      expect(`${page.description} ${page.text}`).not.toMatch(/came out|released on|was released/);
    }
  });

  it('says 5.2.2 and 5.2.3 are planned on the 5.2 pages', async () => {
    const series = await readPage(pageByPath.get('releases/5.2/index.md') ?? '');
    expect(series.text).toContain(`Moodle 5.2.3 is planned for 5 October 2026; ${notYet}. It has no release notes yet.`);
    expect(series.text).toContain('The 5.2 series has 1 minor release with notes of its own, and notes for 1 planned one:');
    expect(series.text).toContain('Moodle 5.2.1, 8 June 2026');
    expect(series.text).toContain(`Moodle 5.2.2, planned for 10 August 2026; ${notYet}`);
    const release = await readPage(pageByPath.get('releases/5.2/5.2.2.md') ?? '');
    expect(release.text).toMatch(new RegExp(`^Moodle 5\\.2\\.2 is planned for 10 August 2026; ${notYet.replace(/[()]/g, '\\$&')}\\. It is a minor release of the 5\\.2 series`));
    expect(release.description).toMatch(new RegExp(`^Moodle 5\\.2\\.2, a minor release of the 5\\.2 series: planned for 10 August 2026; ${notYet.replace(/[()]/g, '\\$&')}\\.`));
    expect(`${release.description} ${release.text}`).not.toMatch(/came out|released on|was released/);
    const previous = await readPage(pageByPath.get('releases/5.2/5.2.1.md') ?? '');
    expect(previous.text).toContain('Moodle 5.2.1 was released on 8 June 2026.');
    expect(previous.text).toContain(`The next, Moodle 5.2.2, is planned for 10 August 2026; ${notYet}.`);
  });

  it('says 5.3 was released once newer data confirms it, with no other change', async () => {
    const newer: MoodleReleasesData = { ...lms, source: { ...lms.source, date: '2026-10-06' } };
    const newerPages = new Map(lmsPages(newer, context).map((page) => [page.path, page.content]));
    const series = await readPage(newerPages.get('releases/5.3/index.md') ?? '');
    expect(series.text).toContain('Moodle 5.3 was released on 5 October 2026.');
    expect(series.description).toContain('a long-term support (LTS) series released on 5 October 2026');
    expect(`${series.description} ${series.text}`).not.toContain('planned');
    const release = await readPage(newerPages.get('releases/5.2/5.2.2.md') ?? '');
    expect(release.text).toMatch(/^Moodle 5\.2\.2 was released on 10 August 2026\./);
    expect(newerPages.get('releases/5.2/index.md')).not.toContain('PlannedDate');
  });
});

describe('text from the data stays text', () => {
  it('escapes every character with a meaning in Markdown or MDX', () => {
    expect(escapeText('a <b> {c} *d* [e](f) `g` #h _i_ & j')).toBe('a \\<b\\> \\{c\\} \\*d\\* \\[e\\]\\(f\\) \\`g\\` \\#h \\_i\\_ \\& j');
  });

  it('renders a hostile title as the text it is', async () => {
    const hostile = '<img src=x onerror=alert(1)> {window.alert(2)} **bold** [link](javascript:alert(3)) &amp; `code`';
    const html = await render(itemList([{ key: 'MDL-1', url: 'https://tracker.moodle.org/browse/MDL-1', title: hostile }]));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<strong>');
    expect(html).not.toMatch(/href="javascript:/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; {window.alert(2)} **bold** [link](javascript:alert(3)) &amp;amp; `code`');
  });

  it('renders headings from the data as text and nests them under their parents', async () => {
    const markdown = sectionsMarkdown([
      { heading: 'Assignment', level: 3, parentHeadings: ['Major <features>'], items: [{ key: 'MDL-2', url: 'https://tracker.moodle.org/browse/MDL-2', title: 'A' }] },
      { heading: 'Quiz', level: 3, parentHeadings: ['Major <features>'], items: [{ key: 'MDL-3', url: 'https://tracker.moodle.org/browse/MDL-3', title: 'B' }] },
    ]);
    const html = await render(markdown);
    expect(html.match(/<h2>/g)).toHaveLength(1);
    expect(html).toContain('<h2>Major &lt;features&gt;</h2>');
    expect(html.match(/<h3>/g)).toHaveLength(2);
  });

  // All ~500 pages take well over a minute to compile on a two-core machine, this sample a few
  // seconds; the production build compiles every one of them.
  it('compiles a sample of the generated pages as MDX: every 15th LMS page and every app page', async () => {
    const sample = [...pages.filter((_, index) => index % 15 === 0), ...appPages(app, context)];
    for (const page of sample) {
      const body = page.content.replace(/^---\n[\s\S]*?\n---\n/, '');
      await expect(render(body), page.path).resolves.toContain('<p>');
    }
  });
});

describe('release-notes sidebar', () => {
  it('lists the series newest first, each with its patch releases in order', () => {
    const items = lmsReleaseNotesItems(lms) as { label: string; link: { id: string }; items: string[] }[];
    const names = items.map((item) => item.label.replace('Moodle ', ''));
    expect(names).toEqual([...names].sort((a, b) => compareVersions(b, a)));
    const generatedIds = new Set(pages.map((page) => page.path.replace(/\.md$/, '')));
    for (const item of items) {
      expect(generatedIds.has(item.link.id), item.link.id).toBe(true);
      const versions = item.items.map((id) => id.split('/').pop() ?? '');
      expect(versions).toEqual([...versions].sort(compareVersions));
      for (const id of item.items) {
        expect(generatedIds.has(id), id).toBe(true);
      }
    }
  });

  it('lists every app release page once', () => {
    const ids = appReleaseNotesItems(app).flatMap((item) => (typeof item === 'string' ? [item] : (item as { items: string[] }).items));
    const generated = appPages(app, context).map((page) => page.path.replace(/\.md$/, ''));
    expect(ids.sort()).toEqual(generated.filter((id) => id !== 'app_releases/index').sort());
  });
});

describe('writing the pages', () => {
  it('rewrites changed pages, removes pages that left the data, and keeps the hand-written index', () => {
    const content = path.join(workDir, 'general');
    fs.mkdirSync(path.join(content, 'releases/9.9'), { recursive: true });
    fs.writeFileSync(path.join(content, 'releases/index.md'), 'hand-written');
    fs.writeFileSync(path.join(content, 'releases/9.9/9.9.1.md'), 'stale');
    writeGeneratedPages(content, [{ path: 'releases/4.1/index.md', content: 'new' }]);
    expect(fs.readFileSync(path.join(content, 'releases/index.md'), 'utf8')).toBe('hand-written');
    expect(fs.existsSync(path.join(content, 'releases/9.9'))).toBe(false);
    expect(fs.readFileSync(path.join(content, 'releases/4.1/index.md'), 'utf8')).toBe('new');
  });
});

describe('developer update links', () => {
  it('finds the current docs pages by series and the frozen versions that have one', () => {
    const site = path.join(workDir, 'site');
    fs.mkdirSync(path.join(site, 'docs/devupdate'), { recursive: true });
    fs.mkdirSync(path.join(site, 'versioned_docs/version-4.1'), { recursive: true });
    fs.mkdirSync(path.join(site, 'versioned_docs/version-4.0'), { recursive: true });
    for (const file of ['docs/devupdate/index.md', 'docs/devupdate/5.1.md', 'docs/devupdate/4.2.md', 'versioned_docs/version-4.1/devupdate.md']) {
      fs.writeFileSync(path.join(site, file), '');
    }
    expect(developerUpdateRoutes(site)).toEqual({ '4.1': '/docs/4.1/devupdate', '4.2': '/docs/devupdate/4.2', '5.1': '/docs/devupdate/5.1' });
  });

  it('links a series page to its developer update, and leaves the section out when there is neither', () => {
    const series = lms.series.find((entry) => entry.releases.some((release) => release.version === `${entry.name}.0` && !release.upgradeNotes?.length));
    if (!series) {
      throw new Error('the data has no series without upgrade.txt links to try this on');
    }
    const withLink = seriesPage(lms, series, { ...context, developerUpdates: { [series.name]: `/docs/devupdate/${series.name}` } }).content;
    expect(withLink).toContain('## Upgrade notes for developers');
    expect(withLink).toContain(`[Moodle ${series.name} developer update](/docs/devupdate/${series.name})`);
    expect(seriesPage(lms, series, context).content).not.toContain('## Upgrade notes for developers');
  });
});

describe('release feed', () => {
  const feed = releaseFeed({ lms, app, siteUrl: 'https://example.org', baseUrl: '/docs-site/' });

  it('lists the newest releases first, with absolute links', () => {
    const dates = [...feed.matchAll(/<entry>[\s\S]*?<updated>(\d{4}-\d{2}-\d{2})T/g)].map((match) => match[1]);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    // The releases of the newest day with notes, up to the data's snapshot date: the feed links one of them.
    const withNotes = allReleases(lms).filter((release) => release.releaseDate <= lms.source.date && hasOwnNotesPage(release));
    const newestDay = withNotes.filter((release) => release.releaseDate === withNotes[0].releaseDate);
    expect(newestDay.some((release) => feed.includes(`href="https://example.org/docs-site${releaseRoute(release)}"`))).toBe(true);
    // App releases share the feed: the newest one is in it exactly when it is newer than the oldest entry kept.
    const newestApp = app.releases[0];
    expect(feed.includes(`href="https://example.org/docs-site${appReleaseRoute(app, newestApp)}"`)).toBe((newestApp.releaseDate ?? '') >= dates[dates.length - 1]);
  });

  it('is well-formed Atom: the feed’s id, title, date, author and links, then entries each with theirs', () => {
    // Throws, naming the line and column, on any XML that is not well-formed.
    expect(SyntaxValidator.validate(feed)).toBe(true);
    const root = parseFeed(feed).feed;
    expect(Object.keys(root).sort()).toEqual(['@_xml:lang', '@_xmlns', 'author', 'entry', 'id', 'link', 'subtitle', 'title', 'updated'].sort());
    expect(root['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(root.id).toBe('https://example.org/docs-site/general/releases');
    expect(root.title).toBe('Moodle releases');
    expect(root.author).toEqual({ name: 'Moodle Developer Resources' });
    expect(root.link).toEqual([
      { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': 'https://example.org/docs-site/general/releases/feed.xml' },
      { '@_rel': 'alternate', '@_type': 'text/html', '@_href': 'https://example.org/docs-site/general/releases' },
    ]);
    // At most the 100 newest releases; the feed is as new as its newest entry.
    expect(root.entry.length).toBeGreaterThan(0);
    expect(root.entry.length).toBeLessThanOrEqual(100);
    expect(root.updated).toBe(root.entry[0].updated);
    for (const entry of root.entry) {
      expect(Object.keys(entry).sort(), entry.title).toEqual(['id', 'link', 'summary', 'title', 'updated']);
      expect(entry.title).toMatch(/^Moodle (App |Mobile )?\d+\.\d+(\.\d+)*\S*$/);
      expect(entry.id).toMatch(/^https:\/\/example\.org\/docs-site\/general\/(releases#moodle-|app_releases#moodle-(app|mobile)-)\d/);
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(entry.link).toHaveLength(1);
      expect(entry.link[0]['@_rel']).toBe('alternate');
      expect(entry.link[0]['@_type']).toBe('text/html');
      expect(entry.link[0]['@_href']).toMatch(/^https:\/\/example\.org\/docs-site\/general\/(releases|app_releases)\/\S+$/);
      expect(entry.summary.startsWith(`${entry.title} was released.`), entry.summary).toBe(true);
    }
    expect(new Set(root.entry.map((entry) => entry.id)).size).toBe(root.entry.length);
  });

  it('keeps text as text: markup in the data reads back unchanged, characters XML cannot hold are dropped', () => {
    const hostile = { ...app.releases[0], version: `9.9.9 <b>\u0001 & "q" 'a' ]]>`, releaseDate: '2999-01-01' };
    const withHostile = releaseFeed({ lms, app: { ...app, releases: [hostile, ...app.releases] }, siteUrl: 'https://example.org', baseUrl: '/' });
    // The validator also rejects control characters XML 1.0 does not allow.
    expect(SyntaxValidator.validate(withHostile)).toBe(true);
    const [first] = parseFeed(withHostile).feed.entry;
    expect(first.title).toBe(`Moodle App 9.9.9 <b> & "q" 'a' ]]>`);
    expect(first.summary).toMatch(/^Moodle App 9\.9\.9 <b> & "q" 'a' ]]> was released\./);
  });
});
