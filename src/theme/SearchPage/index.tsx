/**
 * The /search page, for both search backends (the theme's page only speaks to Algolia). It
 * reads the query from ?q= on load and keeps the URL in step as the reader types (replacing the
 * history entry, not adding one), lets the reader choose the docs version and the section,
 * shows every result with its heading trail and a highlighted snippet, and loads more results
 * on scroll or with a button.
 */
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVersions, useDocsPreferredVersion } from '@docusaurus/plugin-content-docs/client';
import { PageMetadata, useSearchQueryString } from '@docusaurus/theme-common';
import { useSearchResultUrlProcessor } from '@docusaurus/theme-search-algolia/client';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import siteConfig from '@generated/docusaurus.config';
import siteI18n from '@generated/i18n';
import { searchPagePath, type SearchMode } from '@site/config/search';
import SearchHitLink from '@site/src/components/SearchHitLink';
import { algoliaBackend, localBackend, type AlgoliaCredentials, type SearchBackend } from '@site/src/utils/search/backend';
import { escapeHtml, trail, type DocSearchHit } from '@site/src/utils/search/hits';
import { searchIndexFolder } from '@site/src/utils/search/indexFolder';
import { loadIndex } from '@site/src/utils/search/localClient';
import { searchableSections } from '@site/src/utils/search/sections';
import styles from './styles.module.css';

const hitsPerPage = 10;

type Status = 'idle' | 'loading' | 'done' | 'error';

interface Results {
  key: string;
  hits: DocSearchHit[];
  total: number;
  pages: number;
  page: number;
  status: Exclude<Status, 'idle'>;
}

/** The site's search: its local index, or Algolia (config/search.ts). Fixed when the site is built. */
const searchMode = (siteConfig.customFields?.search as SearchMode).mode;

function useBackend(): SearchBackend {
  const { siteConfig } = useDocusaurusContext();
  // In Algolia mode the theme's configuration holds the real credentials (config/search.ts).
  const { algolia } = siteConfig.themeConfig as { algolia: AlgoliaCredentials };
  return useMemo(
    () => (searchMode === 'algolia' ? algoliaBackend(algolia) : localBackend(siteConfig.baseUrl, typeof window === 'undefined' ? 'http://localhost' : window.location.origin)),
    [algolia, siteConfig.baseUrl],
  );
}

/**
 * With the local index, the page asks for the index's meta.json from its HTML head, beside the
 * page's scripts, and reads it as soon as it has hydrated, with or without a query: a query in
 * the address then waits for no extra round trip, and the reader's first query finds the index
 * loaded. (Every query needs meta.json before it can fetch the index files it needs.)
 */
function IndexPreload(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  useEffect(() => {
    // A failure here is reported by the search that needs the index, which tries again.
    loadIndex(siteConfig.baseUrl).catch(() => undefined);
  }, [siteConfig.baseUrl]);
  return (
    <Head>
      <link rel="preload" as="fetch" crossOrigin="anonymous" href={`${siteConfig.baseUrl}${searchIndexFolder}/meta.json`} />
    </Head>
  );
}

/** The search's tags for a docs version: its pages, that version's docs and the general section. */
function searchTags(version: string): string[] {
  return ['default', `docs-default-${version}`, 'docs-general-current'];
}

// When this page's code arrives, before the page hydrates, a query in the address is searched as
// the page will first search it (the current docs, every section), for the index files that
// search needs: meta.json is preloaded by the HTML, and the page's own search, once hydrated,
// finds the files it needs loaded or on their way. The result itself is not kept.
if (ExecutionEnvironment.canUseDOM && searchMode === 'local' && window.location.pathname === `${siteConfig.baseUrl}${searchPagePath}`) {
  const query = new URLSearchParams(window.location.search).get('q');
  if (query?.trim()) {
    // A failure here is reported by the page's own search, which tries again.
    localBackend(siteConfig.baseUrl, window.location.origin)({ query, tags: searchTags('current'), language: siteI18n.currentLocale, page: 0, hitsPerPage }).catch(() => undefined);
  }
}

/** The heading a hit stands for, and the trail above it. */
function describeHit(hit: DocSearchHit): { title: string; trail: string } {
  const { lvl0, lvl1, lvl2, lvl3 } = hit.hierarchy;
  const title = lvl3 ?? lvl2 ?? lvl1 ?? hit.url;
  return { title, trail: trail([lvl0, lvl1, lvl3 ? lvl2 : null].filter((part) => part !== title)) };
}

function Result({ hit, processUrl }: { hit: DocSearchHit; processUrl: (url: string) => string }): ReactNode {
  const { title, trail: path } = describeHit(hit);
  const snippet = hit._snippetResult.content?.value ?? (hit.content ? escapeHtml(hit.content) : '');
  return (
    <li className={styles.result}>
      <Heading as="h2" className={styles.resultTitle}>
        <SearchHitLink to={processUrl(hit.url)}>{title}</SearchHitLink>
      </Heading>
      {path && <p className={styles.trail}>{path}</p>}
      {/* Snippets are escaped text with <mark> tags only (see src/utils/search/hits.ts). */}
      {snippet && <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: snippet }} />}
    </li>
  );
}

function SearchPageContent(): ReactNode {
  const { i18n } = useDocusaurusContext();
  const backend = useBackend();
  const processUrl = useSearchResultUrlProcessor();
  const [query, setQuery] = useSearchQueryString();
  const versions = useVersions('default');
  const { preferredVersion } = useDocsPreferredVersion('default');
  const [version, setVersion] = useState<string>(preferredVersion?.name ?? versions[0]?.name ?? 'current');
  const [section, setSection] = useState('');
  const [results, setResults] = useState<Results>({ key: '', hits: [], total: 0, pages: 0, page: 0, status: 'done' });
  const sentinel = useRef<HTMLDivElement>(null);

  const tags = useMemo(() => searchTags(version), [version]);
  // Results belong to one query and one choice of filters; anything else is still loading.
  const key = JSON.stringify([query.trim(), version, section]);
  // The query the page opened with is searched at once; later ones wait for a pause in typing.
  const typed = useRef(false);

  useEffect(() => {
    const delay = typed.current ? 150 : 0;
    typed.current = true;
    if (!query.trim()) {
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      backend({ query, tags, language: i18n.currentLocale, section: section || undefined, page: 0, hitsPerPage }).then(
        (result) => {
          if (current) {
            setResults({ key, hits: result.hits, total: result.nbHits, pages: result.nbPages, page: 0, status: 'done' });
          }
        },
        () => {
          if (current) {
            setResults({ key, hits: [], total: 0, pages: 0, page: 0, status: 'error' });
          }
        },
      );
    }, delay);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [backend, key, query, tags, section, i18n.currentLocale]);

  const status: Status = !query.trim() ? 'idle' : results.key === key ? results.status : 'loading';
  const hits = results.key === key ? results.hits : [];
  const total = results.key === key ? results.total : 0;
  const canLoadMore = status === 'done' && results.page + 1 < results.pages;

  const loadMore = () => {
    if (!canLoadMore) {
      return;
    }
    const next = results.page + 1;
    setResults({ ...results, status: 'loading' });
    backend({ query, tags, language: i18n.currentLocale, section: section || undefined, page: next, hitsPerPage }).then(
      (result) => {
        setResults((previous) => (previous.key === key ? { ...previous, hits: [...previous.hits, ...result.hits], page: next, status: 'done' } : previous));
      },
      () => {
        setResults((previous) => (previous.key === key ? { ...previous, status: 'error' } : previous));
      },
    );
  };

  // Scrolling to the end of the list loads the next page.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore) {
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        loadMore();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  });

  const title = query ? `Search results for "${query}"` : 'Search the documentation';
  return (
    <>
      <PageMetadata title={title} />
      {searchMode === 'local' && <IndexPreload />}
      {/* The page reserves the viewport's height and keeps its heading whatever the query, so that
          results arriving after hydration push nothing on screen (no layout shift). */}
      <main className={clsx('container margin-vert--lg', styles.page)}>
        <Heading as="h1">Search the documentation</Heading>
        <form
          className={styles.form}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
          }}>
          <label className={styles.field}>
            <span className={styles.label}>Search for</span>
            <input
              type="search"
              name="q"
              className={styles.input}
              value={query}
              placeholder="Search docs"
              autoComplete="off"
              onChange={(event) => {
                setQuery(event.target.value);
              }}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Docs version</span>
            <select
              className={styles.select}
              value={version}
              onChange={(event) => {
                setVersion(event.target.value);
              }}>
              {versions.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>Section</span>
            <select
              className={styles.select}
              value={section}
              onChange={(event) => {
                setSection(event.target.value);
              }}>
              <option value="">All sections</option>
              {searchableSections.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </form>
        <div aria-live="polite" className={styles.status}>
          {status === 'done' && total > 0 && <p>{total === 1 ? '1 page found' : `${total} pages found`}</p>}
          {status === 'done' && total === 0 && (
            <p>
              No results for &quot;<strong>{query}</strong>&quot;.
            </p>
          )}
          {status === 'error' && (
            <div className={styles.error} role="alert">
              <p className={styles.errorTitle}>Unable to fetch results</p>
              <p>You might want to check your network connection.</p>
            </div>
          )}
        </div>
        {hits.length > 0 && (
          <ol className={styles.results}>
            {hits.map((hit) => (
              <Result key={hit.objectID} hit={hit} processUrl={processUrl} />
            ))}
          </ol>
        )}
        {status === 'loading' && <p className={styles.loading}>Searching…</p>}
        {canLoadMore && (
          <div ref={sentinel} className={styles.more}>
            <button type="button" className="button button--secondary" onClick={loadMore}>
              Load more results
            </button>
          </div>
        )}
      </main>
    </>
  );
}

/** The docs hooks the page uses need the providers inside Layout, so the content is a child. */
export default function SearchPage(): ReactNode {
  return (
    <Layout description="Search the Moodle developer documentation, the release notes and the general section.">
      <SearchPageContent />
    </Layout>
  );
}
