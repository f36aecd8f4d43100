/**
 * Preparing built pages for the local search index: what is indexed on each page, under which
 * section it is grouped, and the filters contextual search uses. Pure functions over HTML text,
 * so they are unit-tested without a build.
 */
import * as cheerio from 'cheerio';
import { searchSection, searchSectionFilter } from '../../utils/search/sections';

/** Weight of the text of release pages below their title, against 1 for other text. */
export const releaseItemWeight = 0.5;

/** A page of one release or series (not the release-notes indexes). */
export function isReleasePage(route: string): boolean {
  return /^\/general\/(releases|app_releases)\/.+/.test(route);
}

/** Routes that are never indexed: lists of links, the search page itself, the not-found page. */
export function isIndexedRoute(route: string): boolean {
  return !/(^|\/)tags(\/|$)/.test(route) && route !== '/search' && route !== '/404';
}

/** The route of a built file: "docs/4.1/devupdate.html" is /docs/4.1/devupdate, "index.html" is /. */
export function routeOfFile(relativeFile: string): string {
  const route = `/${relativeFile.replace(/\\/g, '/').replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
  return route === '' ? '/' : route;
}

/** Parts of an indexed page that are not its content. */
const ignoredSelectors = [
  '.hash-link',
  '.theme-code-block button',
  '.theme-doc-toc-mobile',
  '.theme-doc-breadcrumbs',
  '.theme-doc-version-badge',
  '.theme-doc-footer',
  '.pagination-nav',
  'nav',
  'svg',
];

/**
 * Marks up a built page for Pagefind: the content root gets data-pagefind-body (so navbars,
 * sidebars and footers stay out), page chrome inside it is ignored, and the filters and metadata
 * contextual search needs are added outside the body. Returns null for pages that are not indexed.
 */
export function prepareForIndex(html: string, route: string): string | null {
  if (!isIndexedRoute(route)) {
    return null;
  }
  const $ = cheerio.load(html);
  const root = $('.theme-doc-markdown').first().length ? $('.theme-doc-markdown').first() : $('main').first();
  if (!root.length) {
    return null;
  }
  root.attr('data-pagefind-body', '');
  root.find(ignoredSelectors.join(', ')).attr('data-pagefind-ignore', 'all');
  if (isReleasePage(route)) {
    // Release pages are most of the site and list thousands of tracker summaries. They should
    // answer searches for a release (its title keeps full weight) or an issue, not outrank the
    // page that explains a topic they mention in passing.
    root.find('h2, h3, h4, h5, h6, p, li, td, th').attr('data-pagefind-weight', String(releaseItemWeight));
  }
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? 'default';
  const language = $('meta[name="docsearch:language"]').attr('content') ?? $('html').attr('lang') ?? 'en-AU';
  const version = $('meta[name="docsearch:version"]').attr('content');
  const fields: [string, string, string][] = [
    ['data-pagefind-filter', 'docusaurus_tag', tag],
    ['data-pagefind-filter', 'language', language],
    ['data-pagefind-filter', 'section', searchSectionFilter(route)],
    ['data-pagefind-meta', 'section', searchSection(route)],
    ...(version ? ([['data-pagefind-filter', 'version', version]] as [string, string, string][]) : []),
  ];
  const hidden = $('<div hidden></div>');
  for (const [attribute, name, value] of fields) {
    hidden.append($('<span></span>').attr(attribute, name).text(value));
  }
  $('body').append(hidden);
  return $.html();
}
