/**
 * Reading built pages for the local search index: what is indexed on each page, under which
 * section it is grouped, and the filters contextual search uses. Pure functions over HTML text,
 * so they are unit-tested without a build.
 */
import * as cheerio from 'cheerio';
import { isTag, isText, type AnyNode } from 'domhandler';
import { searchSection, searchSectionFilter } from '../../utils/search/sections';

/** Weight of the text of release pages below their title, against 1 for other text. */
export const releaseItemWeight = 0.5;

/** A page of one release or series (not the release-notes indexes). */
export function isReleasePage(route: string): boolean {
  return /^\/general\/(releases|app_releases)\/.+/.test(route);
}

/**
 * Routes that are never indexed, having no content of their own: tag lists, generated category
 * pages (lists of links), the search page itself and the not-found page.
 */
export function isIndexedRoute(route: string): boolean {
  return !/(^|\/)(tags|category)(\/|$)/.test(route) && route !== '/search' && route !== '/404';
}

/** The route of a built file: "docs/4.1/devupdate.html" is /docs/4.1/devupdate, "index.html" is /. */
export function routeOfFile(relativeFile: string): string {
  const route = `/${relativeFile.replace(/\\/g, '/').replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
  return route === '' ? '/' : route;
}

/** Parts of an indexed page that are not its content. */
export const ignoredSelectors = [
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

/** Elements whose text starts a new word run (so "a</p><p>b" does not read as "ab"). */
const blockElements = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul']);

/** Elements that emphasise their text, as pages do where they define a term. */
const emphasisElements = new Set(['dfn', 'em', 'strong']);

const siteTitleSuffix = / \| Moodle Developer Resources$/;

/** A part of a page a search result can lead to: the top of the page, or one of its h2 or h3 headings. */
export interface IndexedSection {
  /** The heading's id, '' for the top of the page. */
  anchor: string;
  /** 1 for the top of the page (its heading is the page title), 2 or 3 for a heading. */
  level: 1 | 2 | 3;
  heading: string;
  /** Index of the h2 section an h3 belongs to, or -1. */
  parent: number;
  text: string;
  /** Text the page emphasises (em, strong, dfn) or names as inline code: where a term is defined or an identifier named. */
  emphasis: string;
}

export interface IndexedPage {
  route: string;
  title: string;
  /** The group results are shown under ("Developer docs 4.1"). */
  section: string;
  filters: { docusaurus_tag: string; language: string; section: string; version: string };
  /** Weight of the text below headings (release pages count less, see releaseItemWeight). */
  textWeight: number;
  sections: IndexedSection[];
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Reads what the search index holds of a built page: only its article (not navbars, sidebars,
 * footers or page chrome), split into sections at its h2 and h3 headings, with the filters
 * contextual search needs. Returns null for pages that are not indexed.
 */
export function extractPage(html: string, route: string): IndexedPage | null {
  if (!isIndexedRoute(route)) {
    return null;
  }
  const $ = cheerio.load(html);
  const root = $('.theme-doc-markdown').first().length ? $('.theme-doc-markdown').first() : $('main').first();
  if (!root.length) {
    return null;
  }
  const ignored = new Set(root.find(ignoredSelectors.join(', ')).toArray());
  const h1 = clean(root.find('h1').first().text());
  const title = h1 || clean($('title').first().text()).replace(siteTitleSuffix, '') || route;
  const sections: IndexedSection[] = [{ anchor: '', level: 1, heading: title, parent: -1, text: '', emphasis: '' }];
  const text: string[][] = [[]];
  const emphasis: string[][] = [[]];
  let currentH2 = -1;
  const visit = (node: AnyNode): void => {
    if (isText(node)) {
      text[text.length - 1].push(node.data);
      return;
    }
    if (!isTag(node) || ignored.has(node)) {
      return;
    }
    const element = node;
    const name = element.name.toLowerCase();
    if (name === 'h1') {
      return;
    }
    const id = element.attribs.id;
    if ((name === 'h2' || name === 'h3') && id) {
      const level = name === 'h2' ? 2 : 3;
      const heading = clean($(element).clone().find('.hash-link').remove().end().text());
      sections.push({ anchor: id, level, heading, parent: level === 3 ? currentH2 : -1, text: '', emphasis: '' });
      text.push([]);
      emphasis.push([]);
      if (level === 2) {
        currentH2 = sections.length - 1;
      }
      return;
    }
    // Emphasised text, and code named in running text (not code blocks): where pages define
    // terms and name the identifiers they are about.
    if (emphasisElements.has(name) || (name === 'code' && !$(element).closest('pre').length)) {
      emphasis[emphasis.length - 1].push(` ${$(element).text()} `);
    }
    const block = blockElements.has(name);
    if (block) {
      text[text.length - 1].push(' ');
    }
    element.children.forEach(visit);
    if (block) {
      text[text.length - 1].push(' ');
    }
  };
  root.contents().each((_, node) => {
    visit(node);
  });
  sections.forEach((section, index) => {
    section.text = clean(text[index].join(''));
    section.emphasis = clean(emphasis[index].join(''));
  });
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? 'default';
  const language = $('meta[name="docsearch:language"]').attr('content') ?? $('html').attr('lang') ?? 'en-AU';
  const version = $('meta[name="docsearch:version"]').attr('content') ?? '';
  return {
    route,
    title,
    section: searchSection(route),
    filters: { docusaurus_tag: tag, language, section: searchSectionFilter(route), version },
    // Release pages are most of the site and list thousands of tracker summaries. They should
    // answer searches for a release (their title keeps full weight) or an issue, not outrank
    // the page that explains a topic they mention in passing.
    textWeight: isReleasePage(route) ? releaseItemWeight : 1,
    sections,
  };
}
