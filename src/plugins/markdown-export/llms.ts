/**
 * llms.txt and llms-full.txt, following the llms.txt proposal (https://llmstxt.org/): an H1
 * with the site's name, a quoted summary, a paragraph on how to read the files, then H2
 * sections of links, each "- [title](url): description". Pure functions over the exported
 * pages, unit-tested without a build.
 */
import type { MarkdownPage } from './convert';

/** The docs version a route belongs to: "4.1" for /docs/4.1/…, "current" for the rest of /docs. */
export function docsVersionOf(route: string, versions: readonly string[]): string | null {
  const match = /^\/docs\/([^/]+)(\/|$)/.exec(route);
  if (match && versions.includes(match[1])) {
    return match[1];
  }
  return route === '/docs' || route.startsWith('/docs/') ? 'current' : null;
}

/** Routes with a Markdown version: every docs and general page except tag lists. */
export function isExportedRoute(route: string): boolean {
  return /^\/(docs|general)(\/|$)/.test(route) && !/(^|\/)tags(\/|$)/.test(route);
}

/** Release pages of single releases (not the indexes or series pages). */
function isSingleReleasePage(route: string): boolean {
  return /^\/general\/releases\/[^/]+\/[^/]+$/.test(route) || /^\/general\/app_releases\/.+/.test(route);
}

/** The sections of llms.txt, in order, and the current-version pages each one lists. */
export const llmsSections: readonly { title: string; matches: (route: string) => boolean }[] = [
  { title: 'Getting started', matches: (route) => route === '/docs' || route.startsWith('/docs/gettingstarted') },
  { title: 'APIs', matches: (route) => route.startsWith('/docs/apis') && !/^\/docs\/apis\/(plugintypes|subsystems)(\/|$)/.test(route) },
  { title: 'Plugin types', matches: (route) => /^\/docs\/apis\/plugintypes(\/|$)/.test(route) },
  { title: 'Subsystems', matches: (route) => /^\/docs\/(apis\/subsystems|category\/subsystems)(\/|$)/.test(route) },
  { title: 'Guides', matches: (route) => route.startsWith('/docs/') },
  { title: 'Development process and coding', matches: (route) => route.startsWith('/general/development') },
  { title: 'Moodle App', matches: (route) => route.startsWith('/general/app/') || route === '/general/app' },
  { title: 'Release notes', matches: (route) => /^\/general\/(releases|app_releases)(\/|$)/.test(route) && !isSingleReleasePage(route) },
  { title: 'Community and documentation', matches: (route) => route.startsWith('/general/') && !/^\/general\/(releases|app_releases)(\/|$)/.test(route) },
];

export interface SiteInfo {
  title: string;
  /** One or two sentences on what the site is for. */
  summary: string;
  /** Origin and base path the site is served under, such as "https://moodledev.io/". */
  siteRoot: string;
  /** The frozen docs versions, such as ["4.1"]. */
  versions: readonly string[];
}

/** The address of a page's Markdown version. */
export function markdownUrl(route: string, siteRoot: string): string {
  return `${siteRoot.replace(/\/$/, '')}${route}.md`;
}

/**
 * Routes in reading order: numbers compare as numbers (3.2 before 3.10), and release series
 * come newest first, after the release-notes indexes.
 */
export function compareRoutes(a: string, b: string): number {
  const series = /^\/general\/releases\/(\d+\.\d+)$/;
  const [seriesA, seriesB] = [series.exec(a)?.[1], series.exec(b)?.[1]];
  if (seriesA && seriesB) {
    return seriesB.localeCompare(seriesA, 'en', { numeric: true });
  }
  return a.localeCompare(b, 'en', { numeric: true });
}

function linkLine(page: MarkdownPage, siteRoot: string): string {
  const description = page.description ? `: ${page.description}` : '';
  return `- [${page.title.replace(/[[\]]/g, '\\$&')}](${markdownUrl(page.route, siteRoot)})${description}`;
}

/**
 * llms.txt: the current docs and the general section, by section, each page once, in the order
 * of its route. Frozen versions and the full-text files are listed under "Optional".
 */
export function buildLlmsTxt(pages: readonly MarkdownPage[], site: SiteInfo): string {
  const root = site.siteRoot.replace(/\/$/, '');
  const current = pages.filter((page) => ['current', null].includes(docsVersionOf(page.route, site.versions)));
  const placed = new Set<string>();
  const sections: string[] = [];
  for (const section of llmsSections) {
    const members = current.filter((page) => !placed.has(page.route) && section.matches(page.route) && !isSingleReleasePage(page.route)).sort((a, b) => compareRoutes(a.route, b.route));
    members.forEach((page) => placed.add(page.route));
    if (members.length) {
      sections.push(`## ${section.title}\n\n${members.map((page) => linkLine(page, root)).join('\n')}`);
    }
  }
  const optional = [
    `- [All current developer docs and the general section in one file](${root}/llms-full.txt): every page above except the release notes, in Markdown`,
    ...site.versions.map((version) => `- [Developer docs for Moodle ${version} in one file](${root}/docs/${version}/llms-full.txt): the frozen ${version} documentation, for plugins and sites on that version`),
  ];
  sections.push(`## Optional\n\n${optional.join('\n')}`);
  return [
    `# ${site.title}`,
    `> ${site.summary}`,
    `Every page of the site has a Markdown version at its address plus ".md", as linked below. The developer docs describe the \`main\` branch of Moodle LMS; the docs of frozen versions are under /docs/{version}. Single release pages are linked from their series pages.`,
    ...sections,
  ].join('\n\n') + '\n';
}

/** llms-full.txt: a heading and summary, then the pages in full, in the order of their routes. */
export function buildLlmsFullTxt(pages: readonly MarkdownPage[], heading: string, summary: string): string {
  const ordered = [...pages].sort((a, b) => compareRoutes(a.route, b.route));
  return [`# ${heading}`, `> ${summary}`, ...ordered.map((page) => page.markdown.trim())].join('\n\n') + '\n';
}

/** Which pages go into which full-text file: the current docs with the general section, and each frozen version. */
export function fullTextFiles(pages: readonly MarkdownPage[], site: SiteInfo): { file: string; content: string }[] {
  const byVersion = (version: string) => pages.filter((page) => docsVersionOf(page.route, site.versions) === version);
  const currentAndGeneral = pages.filter((page) => {
    const version = docsVersionOf(page.route, site.versions);
    return version === 'current' || (version === null && !isSingleReleasePage(page.route) && !/^\/general\/(releases|app_releases)(\/|$)/.test(page.route));
  });
  return [
    { file: 'llms-full.txt', content: buildLlmsFullTxt(currentAndGeneral, `${site.title}: current developer docs and general section`, `${site.summary} This file holds the developer docs of the \`main\` branch and the general section (process, coding, the app, community) in full; the docs of frozen versions have files of their own.`) },
    ...site.versions.map((version) => ({
      file: `docs/${version}/llms-full.txt`,
      content: buildLlmsFullTxt(byVersion(version), `${site.title}: developer docs for Moodle ${version}`, `The Moodle LMS developer documentation as it stands for Moodle ${version}, in full. For the \`main\` branch, read ${site.siteRoot.replace(/\/$/, '')}/llms-full.txt.`),
    })),
  ];
}
