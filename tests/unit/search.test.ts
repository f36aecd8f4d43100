/** The search pieces that need no browser: the mode switch, indexing markup, filters and hits. */
import * as cheerio from 'cheerio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '@docusaurus/types';
import { algoliaThemeConfig, localSearchCredentials, searchMode } from '../../config/search';
import { searchBarFile } from '../../src/plugins/search-index';
import { isIndexedRoute, prepareForIndex, routeOfFile } from '../../src/plugins/search-index/utils';
import { algoliaBackend } from '../../src/utils/search/backend';
import { escapeHtml, highlight, queryTerms, sanitizeHighlight, trail } from '../../src/utils/search/hits';
import { facetFiltersToPagefind, hitsOf, type PagefindData } from '../../src/utils/search/pagefindClient';
import { searchSection, searchSectionFilter } from '../../src/utils/search/sections';

const algoliaSearch = vi.hoisted(() => vi.fn());
vi.mock('algoliasearch/lite', () => ({
  liteClient: (appId: string, apiKey: string) => ({ search: (request: unknown): unknown => algoliaSearch(appId, apiKey, request) as unknown }),
}));

afterEach(() => {
  vi.unstubAllEnvs();
  algoliaSearch.mockReset();
});

describe('search mode', () => {
  it('is local when no Algolia credentials are set', () => {
    expect(searchMode({})).toEqual({ mode: 'local' });
  });

  it('is Algolia when all three credentials are set', () => {
    expect(searchMode({ ALGOLIA_APP_ID: 'APP', ALGOLIA_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'moodle' })).toEqual({ mode: 'algolia', appId: 'APP', apiKey: 'key', indexName: 'moodle' });
  });

  it('refuses a partial Algolia configuration, naming what is missing', () => {
    expect(() => searchMode({ ALGOLIA_APP_ID: 'APP' })).toThrow('ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME are not set');
  });

  it('gives the theme contextual search and the search page in both modes', () => {
    expect(algoliaThemeConfig({ mode: 'local' })).toMatchObject({ ...localSearchCredentials, contextualSearch: true, searchPagePath: 'search' });
    expect(algoliaThemeConfig({ mode: 'algolia', appId: 'APP', apiKey: 'key', indexName: 'moodle' })).toMatchObject({ appId: 'APP', apiKey: 'key', indexName: 'moodle', contextualSearch: true });
  });

  it('switches the site configuration: Algolia credentials reach the theme and turn the local index off', async () => {
    const load = async (env: Record<string, string | undefined>) => {
      vi.resetModules();
      for (const [name, value] of Object.entries(env)) {
        vi.stubEnv(name, value);
      }
      return (await import('../../docusaurus.config')).default;
    };
    const indexOption = (config: Config) => {
      const entry = (config.plugins ?? []).find((plugin) => Array.isArray(plugin) && typeof plugin[0] === 'function' && (plugin[0] as { name?: string }).name === 'searchIndexPlugin');
      return (entry as [unknown, { enabled: boolean }])[1].enabled;
    };
    const local = await load({ ALGOLIA_APP_ID: undefined, ALGOLIA_API_KEY: undefined, ALGOLIA_INDEX_NAME: undefined });
    expect(local.customFields?.search).toEqual({ mode: 'local' });
    expect(indexOption(local)).toBe(true);
    const algolia = await load({ ALGOLIA_APP_ID: 'APP', ALGOLIA_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'moodle' });
    expect(algolia.customFields?.search).toEqual({ mode: 'algolia' });
    expect(indexOption(algolia)).toBe(false);
    expect((algolia.themeConfig as { algolia: { appId: string } }).algolia.appId).toBe('APP');
  });
});

describe('search bar and search page per mode', () => {
  const aliases = { '@theme-original/SearchBar': '/theme/lib/theme/SearchBar/index.js', '@site': '/site' };

  it('bundles the local search bar in local mode and the theme\'s own in Algolia mode', () => {
    expect(searchBarFile(true, '/site', aliases)).toBe('/site/src/components/LocalSearchBar/index.tsx');
    expect(searchBarFile(false, '/site', aliases)).toBe('/theme/lib/theme/SearchBar/index.js');
  });

  it('fails the build when Algolia mode cannot find the theme\'s search bar', () => {
    expect(() => searchBarFile(false, '/site', { '@site': '/site' })).toThrow(/@theme-original\/SearchBar/);
    expect(() => searchBarFile(false, '/site', undefined)).toThrow(/Algolia mode has no search bar/);
  });

  it('queries Algolia on the search page with the configured credentials and the contextual filters', async () => {
    algoliaSearch.mockResolvedValue({ results: [{ hits: [], nbHits: 12, nbPages: 2 }] });
    const backend = algoliaBackend({ appId: 'APP', apiKey: 'key', indexName: 'moodle' });
    const result = await backend({ query: 'get_record', tags: ['default', 'docs-default-current'], language: 'en-AU', section: 'Developer docs', page: 1, hitsPerPage: 10 });
    expect(result).toEqual({ hits: [], nbHits: 12, nbPages: 2 });
    expect(algoliaSearch).toHaveBeenCalledWith('APP', 'key', {
      requests: [
        expect.objectContaining({
          indexName: 'moodle',
          query: 'get_record',
          page: 1,
          hitsPerPage: 10,
          facetFilters: ['language:en-AU', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'hierarchy.lvl0:Developer docs'],
        }),
      ],
    });
  });
});

describe('sections', () => {
  it.each([
    ['/docs', 'Developer docs', 'Developer docs'],
    ['/docs/4.1/devupdate', 'Developer docs 4.1', 'Developer docs'],
    ['/general/releases/3.9/3.9.18', 'Release notes', 'Release notes'],
    ['/general/app_releases/v4/v4.1.0', 'Moodle App', 'Moodle App'],
    ['/general/development/process', 'Process', 'Process'],
    ['/general/development/gettingstarted', 'Coding', 'Coding'],
    ['/versions', 'Moodle Developer Resources', 'Moodle Developer Resources'],
  ])('%s is shown under %s and filtered as %s', (route, section, filter) => {
    expect(searchSection(route)).toBe(section);
    expect(searchSectionFilter(route)).toBe(filter);
  });
});

describe('preparing built pages for the index', () => {
  const docPage = `<html lang="en-AU"><head><meta name="docsearch:language" content="en-AU"><meta name="docsearch:version" content="4.1"><meta name="docsearch:docusaurus_tag" content="docs-default-4.1"></head>
<body><nav class="navbar">Guides Community</nav><main><article><nav class="theme-doc-breadcrumbs">Home</nav>
<div class="theme-doc-markdown markdown"><h1>Title</h1><h2 id="a">Part<a class="hash-link" href="#a">#</a></h2><p>Body text</p>
<div class="theme-code-block"><button>Copy</button><pre>code()</pre></div></div><footer class="theme-doc-footer">Edit this page</footer></article></main><footer class="footer">Footer words</footer></body></html>`;

  it('indexes the doc content only, with its filters and section outside it', () => {
    const $ = cheerio.load(prepareForIndex(docPage, '/docs/4.1/devupdate') ?? '');
    const body = $('[data-pagefind-body]');
    expect(body).toHaveLength(1);
    expect(body.hasClass('theme-doc-markdown')).toBe(true);
    expect(body.find('.hash-link').attr('data-pagefind-ignore')).toBe('all');
    expect(body.find('.theme-code-block button').attr('data-pagefind-ignore')).toBe('all');
    const value = (attribute: string, name: string) => $(`[${attribute}="${name}"]`).text();
    expect(value('data-pagefind-filter', 'docusaurus_tag')).toBe('docs-default-4.1');
    expect(value('data-pagefind-filter', 'language')).toBe('en-AU');
    expect(value('data-pagefind-filter', 'version')).toBe('4.1');
    expect(value('data-pagefind-filter', 'section')).toBe('Developer docs');
    expect(value('data-pagefind-meta', 'section')).toBe('Developer docs 4.1');
    expect($('[data-pagefind-filter]').closest('[data-pagefind-body]')).toHaveLength(0);
  });

  it('indexes the main content of a page without docs markup, tagged as a plain page', () => {
    const $ = cheerio.load(prepareForIndex('<html lang="en-AU"><body><nav>x</nav><main><h1>Versions</h1></main></body></html>', '/versions') ?? '');
    expect($('main').attr('data-pagefind-body')).toBe('');
    expect($('[data-pagefind-filter="docusaurus_tag"]').text()).toBe('default');
  });

  it.each(['/docs/tags', '/docs/tags/api', '/general/tags/testing', '/search', '/404'])('leaves %s out', (route) => {
    expect(isIndexedRoute(route)).toBe(false);
    expect(prepareForIndex(docPage, route)).toBeNull();
  });

  it('maps built files to routes', () => {
    expect(routeOfFile('index.html')).toBe('/');
    expect(routeOfFile('docs.html')).toBe('/docs');
    expect(routeOfFile('docs/4.1/devupdate.html')).toBe('/docs/4.1/devupdate');
    expect(routeOfFile('general/releases/index.html')).toBe('/general/releases');
  });
});

describe('facet filters', () => {
  it('turns contextual Algolia filters into Pagefind filters', () => {
    expect(facetFiltersToPagefind(['language:en-AU', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-4.1', 'docusaurus_tag:docs-general-current']])).toEqual({
      language: 'en-AU',
      docusaurus_tag: { any: ['default', 'docs-default-4.1', 'docs-general-current'] },
    });
    expect(facetFiltersToPagefind('language:en-AU')).toEqual({ language: 'en-AU' });
    expect(facetFiltersToPagefind(undefined)).toEqual({});
  });
});

describe('hits', () => {
  const data: PagefindData = {
    url: '/docs/dml',
    excerpt: 'Use <mark>get_record</mark>',
    meta: { title: 'Data <manipulation> API', section: 'Developer docs' },
    anchors: [
      { element: 'h1', id: 'top', text: 'Data <manipulation> API', location: 0 },
      { element: 'h2', id: 'reading', text: 'Reading records', location: 10 },
      { element: 'h3', id: 'one', text: 'One record', location: 20 },
    ],
    sub_results: [
      { title: 'One record', url: '/docs/dml#one', excerpt: 'call <mark>get_record</mark> &lt;b&gt; <script>x</script>', locations: [21, 22], anchor: { element: 'h3', id: 'one', text: 'One record', location: 20 } },
      { title: 'Reading records', url: '/docs/dml#reading', excerpt: '<mark>record</mark> list', locations: [11], anchor: { element: 'h2', id: 'reading', text: 'Reading records', location: 10 } },
    ],
  };
  const hits = hitsOf(data, 'record', 'https://site.example');

  it('gives each matching section the heading trail of the page', () => {
    const deep = hits.find((hit) => hit.anchor === 'one');
    expect(deep?.type).toBe('lvl3');
    expect(deep?.hierarchy).toMatchObject({ lvl0: 'Developer docs', lvl1: 'Data <manipulation> API', lvl2: 'Reading records', lvl3: 'One record' });
    expect(deep?.url).toBe('https://site.example/docs/dml#one');
    expect(deep?._snippetResult.hierarchy.lvl1?.value).toBe('Data &lt;manipulation&gt; API › Reading <mark>record</mark>s');
  });

  it('keeps only <mark> from excerpts', () => {
    const deep = hits.find((hit) => hit.anchor === 'one');
    expect(deep?._snippetResult.content?.value).toBe('call <mark>get_record</mark> &lt;b&gt; &lt;script&gt;x&lt;/script&gt;');
  });

  it('orders sections by how many matches they hold', () => {
    expect(hits.map((hit) => hit.anchor)).toEqual(['one', 'reading']);
  });
});

describe('text helpers', () => {
  it('escapes, highlights and sanitises', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#039;&amp;&#039;&lt;/a&gt;');
    expect(highlight('Get record <b>', ['record']).value).toBe('Get <mark>record</mark> &lt;b&gt;');
    expect(highlight('a*b', ['*?[(']).matchLevel).toBe('none');
    expect(sanitizeHighlight('<mark>x</mark><img src=x onerror=alert(1)>')).toBe('<mark>x</mark>&lt;img src=x onerror=alert(1)&gt;');
    expect(queryTerms('get_record  $DB->x')).toEqual(['get_record', '$db', 'x']);
    expect(trail(['A', 'A', null, 'B'])).toBe('A › B');
  });
});
