/** The search pieces that need no browser: the mode switch, reading pages, the index and its queries, hits. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '@docusaurus/types';
import { algoliaThemeConfig, localSearchCredentials, searchMode } from '../../config/search';
import { searchBarFile } from '../../src/plugins/search-index';
import { buildIndexFiles } from '../../src/plugins/search-index/indexer';
import { extractPage, isIndexedRoute, releaseItemWeight, routeOfFile, type IndexedPage } from '../../src/plugins/search-index/utils';
import { algoliaBackend } from '../../src/utils/search/backend';
import { completes, completionWeight, indexFormatVersion, maxQueryTerms, queryTermsOf, shardOf, shardsForTerm, termsOfWord, typoTerms, typoWeights, withinTypos, wordsOf, type IndexMeta } from '../../src/utils/search/engine';
import { escapeHtml, trail } from '../../src/utils/search/hits';
import { facetFiltersToIndex, hitsOf, loadIndex, LocalIndex, markMatches, RetryError, type IndexFilters } from '../../src/utils/search/localClient';
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

describe('reading built pages for the index', () => {
  const docPage = `<html lang="en-AU"><head><title>Title | Moodle Developer Resources</title><meta name="docsearch:language" content="en-AU"><meta name="docsearch:version" content="4.1"><meta name="docsearch:docusaurus_tag" content="docs-default-4.1"></head>
<body><nav class="navbar">Guides Community</nav><main><article><nav class="theme-doc-breadcrumbs">Home</nav>
<div class="theme-doc-markdown markdown"><header><h1>Title</h1></header><p>Intro <em>frankenstyle</em> text</p><h2 id="a">Part<a class="hash-link" href="#a">#</a></h2><p>Body <code>get_record</code> text</p><p>next</p>
<div class="theme-code-block"><button>Copy</button><pre>code()</pre></div><h3 id="b">Deeper</h3><p>Deep text</p><h4 id="c">Small heading</h4><p>more</p></div><footer class="theme-doc-footer">Edit this page</footer></article></main><footer class="footer">Footer words</footer></body></html>`;

  it('reads the doc content only, split at its h2 and h3 headings, with its filters and section', () => {
    const page = extractPage(docPage, '/docs/4.1/devupdate');
    expect(page).toMatchObject({
      title: 'Title',
      section: 'Developer docs 4.1',
      filters: { docusaurus_tag: 'docs-default-4.1', language: 'en-AU', section: 'Developer docs', version: '4.1' },
      textWeight: 1,
    });
    expect(page?.sections).toEqual([
      { anchor: '', level: 1, heading: 'Title', parent: -1, text: 'Intro frankenstyle text', emphasis: 'frankenstyle' },
      // Inline code names an identifier the section is about, as emphasis marks a term; code blocks do not.
      { anchor: 'a', level: 2, heading: 'Part', parent: -1, text: 'Body get_record text next code()', emphasis: 'get_record' },
      { anchor: 'b', level: 3, heading: 'Deeper', parent: 1, text: 'Deep text Small heading more', emphasis: '' },
    ]);
  });

  it('reads the main content of a page without docs markup, titled from the page title, as a plain page', () => {
    const page = extractPage('<html lang="en-AU"><head><title>All versions | Moodle Developer Resources</title></head><body><nav>x</nav><main><p>Every version</p></main></body></html>', '/versions');
    expect(page).toMatchObject({ title: 'All versions', filters: { docusaurus_tag: 'default', section: 'Moodle Developer Resources' } });
    expect(page?.sections[0].text).toBe('Every version');
  });

  it('weighs the text of release pages less than their titles', () => {
    expect(extractPage(docPage, '/general/releases/4.1/4.1.2')?.textWeight).toBe(releaseItemWeight);
  });

  it.each(['/docs/tags', '/docs/tags/api', '/general/tags/testing', '/docs/category/subsystems', '/docs/4.1/category/subsystems', '/search', '/404'])('leaves %s out', (route) => {
    expect(isIndexedRoute(route)).toBe(false);
    expect(extractPage(docPage, route)).toBeNull();
  });

  it('maps built files to routes', () => {
    expect(routeOfFile('index.html')).toBe('/');
    expect(routeOfFile('docs.html')).toBe('/docs');
    expect(routeOfFile('docs/4.1/devupdate.html')).toBe('/docs/4.1/devupdate');
    expect(routeOfFile('general/releases/index.html')).toBe('/general/releases');
  });
});

describe('words', () => {
  it.each([
    ['Tasks', ['task']],
    ['capabilities', ['capabl']],
    ['get_record', ['get_record', 'get', 'record']],
    ['html_writer', ['html_writer', 'html', 'writer']],
    ['_refresh_events', ['_refresh_events', 'refresh', 'event', 'refresh_events']],
    ['$DB', ['$db', 'db']],
    ['install.xml', ['install.xml', 'instal', 'xml']],
    ['3.9.18', ['3.9.18']],
    ['MSA-22-0028', ['msa-22-0028', 'msa']],
    ['2024', ['2024']],
    ['core\\task\\manager', ['core\\task\\manager', 'core', 'task', 'manag']],
  ])('%s is indexed as %j', (word, terms) => {
    expect(termsOfWord(word)).toEqual(terms);
  });

  it('splits text at everything but word characters', () => {
    expect(wordsOf('$plugin->requires = 2024; <b>x</b>').map(({ word }) => word)).toEqual(['$plugin', 'requires', '2024', 'b', 'x', 'b']);
  });

  it('reads a query as its words, once each, with prefix and typo matching where they make sense', () => {
    expect(queryTermsOf('Scheduled tasks sched')).toEqual([
      { term: 'schedul', typed: 'scheduled', prefix: true, typos: 2 },
      { term: 'task', typed: 'tasks', prefix: true, typos: 1 },
      { term: 'sched', typed: 'sched', prefix: true, typos: 1 },
    ]);
    // Identifiers and numbers match exactly (the last word may still be being typed).
    expect(queryTermsOf('get_records_sql 4.1 mod')).toEqual([
      { term: 'get_records_sql', typed: 'get_records_sql', prefix: false, typos: 0 },
      { term: '4.1', typed: '4.1', prefix: false, typos: 0 },
      { term: 'mod', typed: 'mod', prefix: true, typos: 0 },
    ]);
    expect(queryTermsOf('x y x')).toEqual([
      { term: 'x', typed: 'x', prefix: false, typos: 0 },
      { term: 'y', typed: 'y', prefix: false, typos: 0 },
    ]);
    expect(queryTermsOf('*?[(\\ <img src=x onerror=alert(1)>')).toHaveLength(6);
    expect(queryTermsOf(Array.from({ length: 20 }, (_, index) => `w${index}`).join(' '))).toHaveLength(maxQueryTerms);
    expect(queryTermsOf(`${'abc '.repeat(2000)}later`).map(({ term }) => term)).toEqual(['abc']);
    expect(queryTermsOf('🙂 ')).toEqual([]);
  });

  it('leaves the common words out of questions, but not out of short queries or queries of nothing else', () => {
    expect(queryTermsOf('how do I add a scheduled task').map(({ term }) => term)).toEqual(['add', 'schedul', 'task']);
    expect(queryTermsOf('when does Moodle 4.1 support end').map(({ term }) => term)).toEqual(['moodl', '4.1', 'support', 'end']);
    expect(queryTermsOf('All versions').map(({ term }) => term)).toEqual(['all', 'version']);
    expect(queryTermsOf('how do I').map(({ term }) => term)).toEqual(['how', 'do', 'i']);
  });

  it('counts typing mistakes: a letter added, left out, changed, or two swapped', () => {
    expect(withinTypos('calender', 'calendar', 1)).toBe(true);
    expect(withinTypos('clsoe', 'close', 1)).toBe(true);
    expect(withinTypos('templtes', 'templates', 1)).toBe(true);
    expect(withinTypos('capabilites', 'capabilities', 1)).toBe(true);
    expect(withinTypos('navigaton', 'navigation', 1)).toBe(true);
    expect(withinTypos('compleiton', 'completion', 1)).toBe(true);
    expect(withinTypos('calender', 'calendars', 1)).toBe(false);
    expect(withinTypos('calender', 'calendars', 2)).toBe(true);
    expect(withinTypos('lock', 'clock', 0)).toBe(false);
  });

  it('corrects plain words of five letters or more against the vocabulary, below exact matches', () => {
    const vocabulary = ['calendar', 'calendars', 'calender', 'callback', 'close', 'closed'];
    const [calender] = queryTermsOf('calender');
    // "calender" is itself a word of the text; its corrections come on top, weighted below it.
    expect(typoTerms(calender, vocabulary)).toEqual(new Map([['calendar', typoWeights[1]]]));
    const [long] = queryTermsOf('calendarss');
    expect(typoTerms(long, ['calendar']).get('calendar')).toBe(typoWeights[2]);
    expect(typoWeights[2]).toBeLessThan(typoWeights[1]);
    expect(typoTerms(queryTermsOf('clos')[0], vocabulary).size).toBe(0);
    expect(typoTerms(queryTermsOf('get_recrods')[0], ['get_records']).size).toBe(0);
    expect(typoWeights[1]).toBeLessThan(1);
  });

  it('completes the word being typed, and its stem, but not a shorter word', () => {
    expect(completes('sched', 'schedul')).toBe(true);
    expect(completes('schedule', 'schedul')).toBe(true);
    expect(completes('scheduled', 'sc')).toBe(false);
    expect(completes('get_record', 'get')).toBe(false);
    expect(completionWeight('sched', 'schedul')).toBeLessThan(1);
    expect(completionWeight('schedule', 'schedul')).toBe(1);
  });

  it('finds the shards a term is in', () => {
    const firsts = ['', 'f', 'm', 's'];
    expect(shardOf(firsts, 'apple')).toBe(0);
    expect(shardOf(firsts, 'm')).toBe(2);
    expect(shardOf(firsts, 'zebra')).toBe(3);
    expect(shardsForTerm(firsts, { term: 'ma', typed: 'ma', prefix: false, typos: 0 })).toEqual([2]);
    expect(shardsForTerm(['', 'ga', 'gz'], { term: 'g', typed: 'g', prefix: true, typos: 0 })).toEqual([0, 1, 2]);
  });
});

describe('the local index', () => {
  const section = (anchor: string, level: 1 | 2 | 3, heading: string, text: string, parent = -1) => ({ anchor, level, heading, parent, text, emphasis: '' });
  const page = (route: string, title: string, tag: string, sections: ReturnType<typeof section>[], textWeight = 1): IndexedPage => ({
    route,
    title,
    section: searchSection(route),
    filters: { docusaurus_tag: tag, language: 'en-AU', section: searchSectionFilter(route), version: '' },
    textWeight,
    sections: [section('', 1, title, ''), ...sections],
  });
  const pages: IndexedPage[] = [
    page('/docs/apis/core/dml', 'Data manipulation API', 'docs-default-current', [
      section('reading', 2, 'Reading records', 'Use get_record on the <script>alert(1)</script> table, and get_records for many rows.'),
      section('one', 3, 'get_record', 'get_record returns one record or false.', 1),
    ]),
    page('/docs/4.1/apis/core/dml', 'Data manipulation API', 'docs-default-4.1', [section('reading', 2, 'Reading records', 'Use get_record in 4.1.')]),
    page('/docs/apis/subsystems/task', 'Task API', 'docs-default-current', [section('scheduled', 2, 'Scheduled tasks', 'A scheduled task runs on a schedule.')]),
    page('/general/releases/4.1/4.1.2', 'Moodle 4.1.2', 'docs-general-current', [section('fixes', 2, 'Fixes', 'get_record scheduled task fixes')], 0.5),
    page('/general/community', 'Community', 'docs-general-current', [section('talk', 2, 'Talk', 'A record of talk.')]),
  ];
  const files = buildIndexFiles(pages, '/');
  const loads: string[] = [];
  const read = (file: string) => {
    loads.push(file);
    const content = files.get(file);
    return content === undefined ? Promise.reject(new Error(`no ${file}`)) : Promise.resolve(JSON.parse(content) as unknown);
  };
  const index = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, read);
  const current = { language: 'en-AU', docusaurus_tag: { any: ['default', 'docs-default-current', 'docs-general-current'] } };
  const urls = async (query: string, filters: IndexFilters = current) => Promise.all((await index.rank(query, filters)).map(async (result) => (await index.page(result.page)).url));

  it('writes the meta file, term shards and page chunks, with hashed names', () => {
    const meta = JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta;
    expect(meta.sectionsPerPage).toEqual([3, 2, 2, 2, 2]);
    expect(meta.shards.length).toBeGreaterThan(0);
    expect([...files.keys()].filter((file) => file !== 'meta.json').every((file) => /^[tpv]\/[0-9a-f]{12}\.json$/.test(file))).toBe(true);
    // The vocabulary: every plain word of four letters or more, as written, filed by first letter.
    const written = new Set(pages.flatMap((entry) => entry.sections.flatMap((part) => wordsOf(`${part.heading} ${part.text}`).map(({ word }) => word.toLowerCase()))).filter((word) => /^[a-z]{4,}$/.test(word)));
    const filed = Object.entries(meta.vocabulary).flatMap(([letter, file]) => (JSON.parse(files.get(file) ?? '[]') as string[]).map((word) => [letter, word]));
    expect(filed.every(([letter, word]) => word.startsWith(letter))).toBe(true);
    expect(new Set(filed.map(([, word]) => word))).toEqual(written);
    expect(written.has('records')).toBe(true);
    expect(meta.filters.docusaurus_tag.values).toEqual(['docs-default-4.1', 'docs-default-current', 'docs-general-current']);
  });

  it('finds the pages holding every word, title matches first, within the filters', async () => {
    expect(await urls('get_record')).toEqual(['/docs/apis/core/dml', '/general/releases/4.1/4.1.2']);
    expect(await urls('scheduled task')).toEqual(['/docs/apis/subsystems/task', '/general/releases/4.1/4.1.2']);
    // No page holds both words: the pages holding either still answer, the rarer word's first.
    expect(await urls('get_record talk')).toEqual(['/general/community', '/docs/apis/core/dml', '/general/releases/4.1/4.1.2']);
    expect((await index.rank('get_record talk', current)).every((result) => !result.complete)).toBe(true);
    expect(await urls('get_record', { language: 'en-AU', docusaurus_tag: { any: ['docs-default-4.1'] } })).toEqual(['/docs/4.1/apis/core/dml']);
    expect(await urls('get_record', { language: 'fr' })).toEqual([]);
  });

  it('matches the word being typed by its beginning, below exact matches', async () => {
    expect(await urls('sched')).toEqual(['/docs/apis/subsystems/task', '/general/releases/4.1/4.1.2']);
    expect(await urls('get_rec')).toEqual(['/docs/apis/core/dml', '/general/releases/4.1/4.1.2']);
    // "record" is a word of its own on the community page and a part of get_record(s) on the
    // others; the release page's text weighs half.
    expect(await urls('records')).toEqual(['/docs/apis/core/dml', '/general/community', '/general/releases/4.1/4.1.2']);
  });

  it('corrects a typing mistake in a word of five letters or more, below the exact match, and marks what it found', async () => {
    expect(await urls('sheduled')).toEqual(['/docs/apis/subsystems/task', '/general/releases/4.1/4.1.2']);
    const [exact] = await index.rank('scheduled', current);
    const [corrected] = await index.rank('sheduled', current);
    expect(corrected.score).toBeLessThan(exact.score);
    const hits = hitsOf(await index.page(corrected.page), corrected, queryTermsOf('sheduled'), 'https://site.example');
    expect(hits.some((hit) => (hit._snippetResult.content?.value ?? '').includes('<mark>scheduled</mark>') || (hit._snippetResult.hierarchy.lvl2?.value ?? '').includes('<mark>Scheduled</mark>'))).toBe(true);
    // Four letters are too few to guess from: "tsak" finds nothing.
    expect(await urls('tsak')).toEqual([]);
  });

  it('answers a question in plain words without needing its common words', async () => {
    expect((await urls('how do I run a scheduled task'))[0]).toBe('/docs/apis/subsystems/task');
  });

  it('gives hits with their heading trail and a highlighted, escaped snippet', async () => {
    const [dml] = await index.rank('get_record table', current);
    const hits = hitsOf(await index.page(dml.page), dml, queryTermsOf('get_record table'), 'https://site.example');
    expect(hits[0]).toMatchObject({ url: 'https://site.example/docs/apis/core/dml#reading', type: 'content', anchor: 'reading' });
    expect(hits[0].hierarchy).toMatchObject({ lvl0: 'Developer docs', lvl1: 'Data manipulation API', lvl2: 'Reading records', lvl3: null });
    expect(hits[0]._snippetResult.content?.value).toBe('… alert(1)&lt;/script&gt; <mark>table</mark>, and get_records for many rows');
    expect(hits[0]._snippetResult.content?.value).not.toContain('<script>');
    const deep = hits.find((hit) => hit.anchor === 'one');
    expect(deep).toMatchObject({ type: 'lvl3', hierarchy: { lvl2: 'Reading records', lvl3: 'get_record' } });
    expect(deep?._snippetResult.hierarchy.lvl1?.value).toBe('Data manipulation API › Reading records');
  });

  it('loads only the shards a query needs, once', async () => {
    const fresh = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, read);
    loads.length = 0;
    await fresh.rank('talk', current);
    await fresh.rank('talk', current);
    expect(loads.filter((file) => file.startsWith('t/'))).toHaveLength(1);
  });

  it('starts fetching the shards of a query before it is searched', async () => {
    const fresh = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, read);
    loads.length = 0;
    fresh.preload('talk');
    expect(loads).toHaveLength(1);
    await fresh.rank('talk', current);
    expect(loads).toHaveLength(1);
  });

  it('fetches no page chunk before the first query, and every chunk of a small site once the reader types on', async () => {
    const fresh = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, read);
    loads.length = 0;
    fresh.preload('talk');
    expect(loads.filter((file) => file.startsWith('p/'))).toEqual([]);
    await fresh.rank('talk', current);
    fresh.preload('talk more');
    expect(loads.filter((file) => file.startsWith('p/'))).toEqual([...files.keys()].filter((file) => file.startsWith('p/')));
  });

  it('answers unusual queries without failing', async () => {
    for (const query of ['<img src=x onerror=alert(1)>', '"><script>', '*?[(\\', 'x'.repeat(10_000), '🙂 مرحبا', '']) {
      await expect(index.rank(query, current)).resolves.toBeInstanceOf(Array);
    }
  });

  it('reports an index file it cannot load as a retryable error, and tries again next time', async () => {
    let fail = true;
    const flaky = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, (file) => (fail ? Promise.reject(new Error('offline')) : read(file)));
    await expect(flaky.rank('talk', current)).rejects.toBeInstanceOf(RetryError);
    fail = false;
    expect(await flaky.rank('talk', current)).toHaveLength(1);
  });
});

describe('loading the index', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses an index of another format, as a page of an earlier deployment would meet it', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ version: 99, sectionsPerPage: [], filters: {}, shards: [], chunks: [] }))));
    await expect(loadIndex('/')).rejects.toThrow(`format 99; this page reads format ${indexFormatVersion}. Reload the page`);
  });

  it('reports an index it cannot fetch as a retryable error, and fetches it again on the next search', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    await expect(loadIndex('/')).rejects.toBeInstanceOf(RetryError);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ version: indexFormatVersion, sectionsPerPage: [], filters: {}, shards: [], chunks: [], vocabulary: {} }))));
    await expect(loadIndex('/')).resolves.toBeInstanceOf(LocalIndex);
  });
});

describe('facet filters', () => {
  it('turns contextual Algolia filters into index filters', () => {
    expect(facetFiltersToIndex(['language:en-AU', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-4.1', 'docusaurus_tag:docs-general-current']])).toEqual({
      language: 'en-AU',
      docusaurus_tag: { any: ['default', 'docs-default-4.1', 'docs-general-current'] },
    });
    expect(facetFiltersToIndex('language:en-AU')).toEqual({ language: 'en-AU' });
    expect(facetFiltersToIndex(undefined)).toEqual({});
  });
});

describe('text helpers', () => {
  it('escapes, marks matching words and builds trails', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#039;&amp;&#039;&lt;/a&gt;');
    expect(markMatches('Get records <b>', (word) => word === 'records').value).toBe('Get <mark>records</mark> &lt;b&gt;');
    expect(markMatches('a*b', () => false)).toEqual({ value: 'a*b', matchLevel: 'none', matchedWords: [] });
    expect(trail(['A', 'A', null, 'B'])).toBe('A › B');
  });
});
