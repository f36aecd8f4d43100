/**
 * Reading built pages for the local search index: what is indexed on each page, under which
 * section it is grouped, and the filters contextual search uses. Pure functions over HTML text,
 * so they are unit-tested without a build.
 */
import * as cheerio from 'cheerio';
import { isTag, isText, type AnyNode } from 'domhandler';
import { codeDefinitions, identifierParts, identifiersOf, isIdentifier, stopWords, wordsOf } from '../../utils/search/engine';
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
  /**
   * The identifiers the section is given to, as index terms (see identifiersOf): its heading is
   * nothing but them (`require_capability()`, `sql_like() and sql_like_escape()`; for the top of
   * the page, the page's title).
   */
  headings: string[];
  /** The identifiers its code blocks declare (see codeDefinitions): a signature block, or a function without a body. */
  definitions: string[];
  /**
   * The identifiers this section is about without defining them: named in its heading among
   * other words (or the page's title or description), or alone in the first cell of a table row
   * or in a definition term. A page that only mentions a name in its text neither defines nor
   * names it.
   */
  names: string[];
}

/** A code block of declarations (```php signature): see src/theme/CodeBlock/Content/String.tsx. */
const signatureSelector = '.code-signature';

/** Whether a heading is nothing but identifiers (joined by "and", "or", commas): it is the place that documents them. */
function isNameHeading(heading: string): boolean {
  const words = wordsOf(heading).map(({ word }) => word);
  return words.some((word) => isIdentifier(word)) && words.every((word) => isIdentifier(word) || stopWords.has(word.toLowerCase()));
}

/** A file name (version.php, db/access.php): plugin pages give a section to each file they have, so such a heading documents no API. */
function isFileName(identifier: string): boolean {
  return /\.[a-z]+$/.test(identifier);
}

/**
 * The identifiers a heading is given to (when it is only names) or names (otherwise). The
 * title (level 1) is given to a file it names; an h2 or h3 heading only names it.
 */
function headingIdentifiers(heading: string, level: 1 | 2 | 3): Pick<IndexedSection, 'headings' | 'definitions' | 'names'> {
  const found = identifiersOf(heading);
  const given = isNameHeading(heading) ? found.filter((name) => level === 1 || !isFileName(name)) : [];
  return { headings: given, definitions: [], names: found.filter((name) => !given.includes(name)) };
}

/**
 * What kind of page a result is, for ranking (see LocalIndex.rank): a topic's main page (it has
 * pages below it), a list of changes (the developer update pages), a page about code Moodle no
 * longer ships (tagged "legacy"), or any other page.
 */
export type PageKind = 'index' | 'changes' | 'legacy' | 'page';

/** The developer update pages: lists of what changed in each release. */
export function isChangesRoute(route: string): boolean {
  return /^\/docs(\/\d+\.\d+)?\/devupdate(\/|$)/.test(route);
}

export interface IndexedPage {
  route: string;
  title: string;
  /** The group results are shown under ("Developer docs 4.1"). */
  section: string;
  filters: { docusaurus_tag: string; language: string; section: string; version: string };
  /** Weight of the text below headings (release pages count less, see releaseItemWeight). */
  textWeight: number;
  /** The page's kind, before the index knows which pages have pages below them ('index' is set there). */
  kind: PageKind;
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
  const description = $('meta[name="description"]').attr('content') ?? '';
  const top = headingIdentifiers(title, 1);
  const sections: IndexedSection[] = [{ anchor: '', level: 1, heading: title, parent: -1, text: '', emphasis: '', headings: top.headings, definitions: [], names: [...top.names, ...identifiersOf(description)] }];
  const text: string[][] = [[]];
  const emphasis: string[][] = [[]];
  const current = () => sections[sections.length - 1];
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
      sections.push({ anchor: id, level, heading, parent: level === 3 ? currentH2 : -1, text: '', emphasis: '', ...headingIdentifiers(heading, level) });
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
    if (name === 'pre') {
      // A block of declarations (or a function declared without a body) documents its names; an
      // example that implements one names it.
      const { declared, implemented } = codeDefinitions($(element).text());
      const signatures = $(element).closest(signatureSelector).length > 0;
      current().definitions.push(...declared, ...(signatures ? implemented : []));
      current().names.push(...(signatures ? [] : implemented));
    } else if (name === 'dt' || (name === 'td' && !$(element).prev().length)) {
      // A reference table's first column, or a definition list's term, naming one identifier.
      const only = $(element).children();
      if (only.length === 1 && only.is('code') && clean($(element).text()) === clean(only.text())) {
        current().names.push(...identifiersOf(only.text()));
      }
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
    // A section that names $DB->get_record() or core_user::get_user() documents get_record() and get_user() too.
    const withParts = (names: string[]) => [...new Set(names.flatMap((name) => [name, ...identifierParts(name, { owners: false })]))];
    section.headings = withParts(section.headings);
    section.definitions = withParts(section.definitions);
    section.names = withParts(section.names);
    section.definitions = [...new Set(section.definitions)].filter((name) => !section.headings.includes(name));
    section.names = [...new Set(section.names)].filter((name) => !section.headings.includes(name) && !section.definitions.includes(name));
  });
  const legacy = $('.theme-doc-footer a[href$="/tags/legacy"]').length > 0;
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
    kind: isChangesRoute(route) ? 'changes' : legacy ? 'legacy' : 'page',
    sections,
  };
}
