/** The search pieces that need no browser: the mode switch, reading pages, the index and its queries, hits. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '@docusaurus/types';
import { algoliaThemeConfig, localSearchCredentials, searchMode } from '../../config/search';
import { searchBarFile } from '../../src/plugins/search-index';
import { buildIndexFiles, shardStart } from '../../src/plugins/search-index/indexer';
import { extractPage, isChangesRoute, isIndexedRoute, releaseItemWeight, routeOfFile, type IndexedPage, type IndexedSection } from '../../src/plugins/search-index/utils';
import { algoliaBackend } from '../../src/utils/search/backend';
import { codeDefinitions, completes, completionWeight, identifierParts, identifiersOf, indexFormatVersion, isIdentifier, maxQueryTerms, pagesPerChunk, queryTermsOf, shardOf, shardsForTerm, swapped, termsOfWord, typoTerms, typoWeights, withinTypos, wordsOf, type IndexMeta, type Shard } from '../../src/utils/search/engine';
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
      { anchor: '', level: 1, heading: 'Title', parent: -1, text: 'Intro frankenstyle text', emphasis: 'frankenstyle', headings: [], definitions: [], names: [] },
      // Inline code names an identifier the section is about, as emphasis marks a term; code blocks do not.
      { anchor: 'a', level: 2, heading: 'Part', parent: -1, text: 'Body get_record text next code()', emphasis: 'get_record', headings: [], definitions: [], names: [] },
      { anchor: 'b', level: 3, heading: 'Deeper', parent: 1, text: 'Deep text Small heading more', emphasis: '', headings: [], definitions: [], names: [] },
    ]);
  });

  it('reads the description with the introduction, and the sidebar label where it differs from the title', () => {
    const withMeta = docPage
      .replace('</head>', '<meta name="description" content="How tasks run on a schedule."></head>')
      .replace('<main>', '<nav class="menu"><a class="menu__link" href="/docs/x">Other</a><a class="menu__link menu__link--active" aria-current="page" href="/docs/4.1/devupdate">Title (short)</a></nav><main>');
    const page = extractPage(withMeta, '/docs/4.1/devupdate');
    expect(page?.sections[0].text).toBe('How tasks run on a schedule. Intro frankenstyle text');
    expect(page?.label).toBe('Title (short)');
    // A label that repeats the title adds nothing; a page outside a sidebar has none.
    expect(extractPage(withMeta.replace('Title (short)', 'Title'), '/docs/4.1/devupdate')?.label).toBe('');
    expect(extractPage(docPage, '/docs/4.1/devupdate')?.label).toBe('');
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
    // An object's member and a capability are one word, and still found through their parts.
    ['$plugin->requires', ['$plugin->requires', '$plugin', 'plugin', 'requir']],
    ['mod/assign:grade', ['mod/assign:grade', 'mod', 'assign', 'grade']],
    // A path is also found by its ends, as readers type them.
    ['db/subplugins.json', ['db/subplugins.json', 'db', 'subplugin', 'json', 'subplugins.json']],
    ['admin/cli/scheduled_task.php', ['admin/cli/scheduled_task.php', 'admin', 'cli', 'scheduled_task', 'schedul', 'task', 'php', 'cli/scheduled_task.php', 'scheduled_task.php']],
    // A module's name has no file name to end with.
    ['core/str', ['core/str', 'core', 'str']],
  ])('%s is indexed as %j', (word, terms) => {
    expect(termsOfWord(word)).toEqual(terms);
  });

  it('splits text at everything but word characters', () => {
    expect(wordsOf('$plugin->requires = 2024; <b>x</b> a - b -> c').map(({ word }) => word)).toEqual(['$plugin->requires', '2024', 'b', 'x', 'b', 'a', 'b', 'c']);
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

  it('takes a four-letter word the index lacks for a word with two neighbouring letters swapped, and for nothing else', () => {
    expect(swapped('lcok', 'lock')).toBe(true);
    expect(swapped('taks', 'task')).toBe(true);
    expect(swapped('lokc', 'lock')).toBe(true);
    expect(swapped('lock', 'lock')).toBe(false);
    expect(swapped('lcko', 'lock')).toBe(false);
    expect(swapped('lack', 'lock')).toBe(false);
    const vocabulary = ['lock', 'look', 'clock', 'locks'];
    expect(typoTerms(queryTermsOf('lcok')[0], vocabulary)).toEqual(new Map([['lock', typoWeights[1]]]));
    expect(typoTerms(queryTermsOf('lack')[0], vocabulary).size).toBe(0);
  });

  it('completes the word being typed, and its stem, but not a shorter word', () => {
    expect(completes('sched', 'schedul')).toBe(true);
    expect(completes('schedule', 'schedul')).toBe(true);
    expect(completes('scheduled', 'sc')).toBe(false);
    expect(completes('get_record', 'get')).toBe(false);
    // A word completes to longer words, not to the files and paths it begins.
    expect(completes('form', 'format')).toBe(true);
    expect(completes('form', 'format.php')).toBe(false);
    expect(completes('version.p', 'version.php')).toBe(true);
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
    // The typed last word's stems ("mod") are fetched on their own, not the mod_ names between them and the word.
    expect(shardsForTerm(['', 'mod', 'mod_assign', 'mod_forum', 'mod_quiz', 'mode', 'n'], { term: 'mode', typed: 'mode', prefix: true, typos: 0 })).toEqual([1, 5]);
  });

  it('fetches every shard holding a term the typed last word matches', () => {
    const terms = ['mod', 'mod_assign', 'mod_forum', 'mod_quiz', 'modal', 'mode', 'model', 'modul', 'modular', 'module_name', 'moodl', 'sched', 'schedul', 'schedule_task', 'task'].sort();
    // One term a shard, each marked by its own first letters as the indexer marks them.
    const firsts = terms.map((term, index) => (index ? shardStart(terms[index - 1], term) : ''));
    for (const typed of ['mod', 'mode', 'modul', 'module', 'modules', 'sche', 'schedule', 'scheduled']) {
      const [term] = queryTermsOf(typed);
      expect(term.prefix).toBe(true);
      const fetched = new Set(shardsForTerm(firsts, term));
      const matched = terms.filter((candidate) => candidate === term.term || completes(typed, candidate));
      expect(matched.length).toBeGreaterThan(0);
      expect(matched.filter((candidate) => !fetched.has(terms.indexOf(candidate)))).toEqual([]);
    }
  });
});

describe('identifiers in queries and pages', () => {
  it.each([
    ['core_user::get_user', ['core_user::get_user']],
    ['\\core\\task\\manager', ['core\\task\\manager']],
    ['get_string()', ['get_string']],
    ['mod/assign:grade', ['mod/assign:grade']],
    ['core/str', ['core/str']],
    ['how do I call get_string() in a template', ['get_string']],
    ['$CFG->dbtype', ['$cfg->dbtype']],
    ['setAdvanced', ['setadvanced']],
    ['Modal.create', ['modal.create']],
    ['FEATURE_BACKUP_MOODLE2', ['feature_backup_moodle2']],
    ['db/access.php', ['db/access.php']],
    ['plugin types', []],
    ['Moodle 4.5.1', []],
    ['MDL-12345', []],
    ['how do I store files', []],
  ])('%s names %j', (query, names) => {
    expect(identifiersOf(query)).toEqual(names);
  });

  it('tells names from words, versions and tracker keys', () => {
    expect(['get_record', '_refresh_events', 'core\\task', '$DB', 'CoreCourseModuleDelegate', 'version.php', 'core/modal_factory'].every((word) => isIdentifier(word))).toBe(true);
    expect(['tasks', 'Moodle', '3.9.18', '2024', 'MSA-22-0028', 'a-b', 'e.g'].some((word) => isIdentifier(word))).toBe(false);
  });

  it('knows the shorter names a qualified name is written as', () => {
    expect(identifierParts('core_user::get_user')).toEqual(['get_user', 'core_user']);
    expect(identifierParts('core\\output\\html_writer')).toEqual(['html_writer']);
    expect(identifierParts('$db->get_record')).toEqual(['get_record']);
    // A file's path is also written as the file's name; a module's or capability's is not a file.
    expect(identifierParts('db/subplugins.json')).toEqual(['subplugins.json']);
    // A module or template is also its name without the component, when that is a name itself.
    expect(identifierParts('core/modal_factory')).toEqual(['modal_factory']);
    expect(identifierParts('core/str')).toEqual([]);
    expect(identifierParts('mod/assign:grade')).toEqual([]);
    // Plain words name nothing on their own.
    expect(identifierParts('core\\task\\manager')).toEqual([]);
    expect(identifierParts('$cfg->dbtype')).toEqual([]);
  });

  it('finds the names code declares, apart from the names it implements', () => {
    const code = [
      'namespace local_greet\\task;',
      'class send_greetings extends \\core\\task\\scheduled_task {',
      '    public function get_name(): string {',
      '        return get_string(\'taskname\', \'local_greet\');',
      '    }',
      '    public function execute() { mtrace(\'done\'); }',
      '}',
      'public function get_records_sql($sql, ?array $params = null, $limitfrom = 0, $limitnum = 0) {}',
      'function require_capability($capability, context $context, $userid = null);',
      "define('LOCAL_GREET_LIMIT', 10);",
    ].join('\n');
    const { declared, implemented } = codeDefinitions(code);
    // Declared: without a body (a reference page's signature, an interface's method).
    expect(declared).toEqual(expect.arrayContaining(['get_records_sql', 'send_greetings::get_records_sql', 'require_capability']));
    expect(declared).not.toContain('get_name');
    // Implemented: an example's class and methods, and its constants; calls are neither.
    expect(implemented).toEqual(expect.arrayContaining(['send_greetings', 'local_greet\\task\\send_greetings', 'get_name', 'send_greetings::get_name', 'send_greetings::execute', 'local_greet_limit']));
    expect([...declared, ...implemented]).not.toContain('get_string');
    expect([...declared, ...implemented]).not.toContain('mtrace');
    // A plain-word method is kept only with its class.
    expect(implemented).not.toContain('execute');
  });

  const referencePage = `<html lang="en-AU"><head><title>Access API | Moodle Developer Resources</title><meta name="description" content="Check capabilities with has_capability()."></head>
<body><main><article><div class="theme-doc-markdown markdown"><header><h1>Access API</h1></header><p>Intro.</p>
<h2 id="checks">Checking capabilities</h2><h3 id="require-capability"><code>require_capability()</code></h3>
<div class="language-php code-signature theme-code-block"><pre><code>function require_capability($capability, context $context, $userid = null)</code></pre></div>
<h3 id="several"><code>has_any_capability()</code> and <code>has_all_capabilities()</code></h3><p>Text.</p>
<h3 id="example">An example with <code>has_capability()</code></h3>
<div class="language-php theme-code-block"><pre><code>class block_greet extends block_base {
    public function get_content() { return null; }
}
public function is_enabled(): bool {}</code></pre></div>
<table><thead><tr><th>Method</th><th>Use</th></tr></thead><tbody><tr><td><code>$DB-&gt;start_delegated_transaction()</code></td><td>Starts one.</td></tr><tr><td>Two <code>words</code></td><td>x</td></tr></tbody></table>
<h2 id="files"><code>db/access.php</code></h2><p>The file.</p></div>
<footer class="theme-doc-footer"><a href="/docs/tags/legacy">Legacy code</a></footer></article></main></body></html>`;

  it('reads where a page documents a name: a heading that is the name, a declaration, a heading or table that names it', () => {
    const page = extractPage(referencePage, '/docs/apis/subsystems/access');
    const byAnchor = Object.fromEntries((page?.sections ?? []).map((section) => [section.anchor, section]));
    // The description names what the page covers.
    expect(byAnchor[''].names).toEqual(['has_capability']);
    expect(byAnchor['require-capability']).toMatchObject({ headings: ['require_capability'], definitions: [], names: [] });
    expect(byAnchor.several.headings).toEqual(['has_any_capability', 'has_all_capabilities']);
    // A heading with other words names; an example implements (names) its class and methods,
    // declares what has no body; a table's first cell names (with the member of $DB->…).
    expect(byAnchor.example.headings).toEqual([]);
    expect(byAnchor.example.definitions).toEqual(['is_enabled', 'block_greet::is_enabled']);
    expect(byAnchor.example.names).toEqual(expect.arrayContaining(['has_capability', 'block_greet', 'get_content', 'block_greet::get_content', '$db->start_delegated_transaction', 'start_delegated_transaction']));
    expect(byAnchor.example.names).not.toContain('words');
    // A section given to a plugin's file documents no API: it only names the file, by its path and by its name.
    expect(byAnchor.files).toMatchObject({ headings: [], names: ['db/access.php', 'access.php'] });
    expect(page?.kind).toBe('legacy');
  });

  it('knows the lists of changes', () => {
    expect(['/docs/devupdate', '/docs/devupdate/4.5', '/docs/4.1/devupdate', '/docs/devupdate/changes'].every((route) => isChangesRoute(route))).toBe(true);
    expect(['/docs/apis/core/dml', '/general/releases/4.5', '/docs/devupdates'].some((route) => isChangesRoute(route))).toBe(false);
    expect(extractPage(referencePage.replace('/docs/tags/legacy', '/docs/tags/api'), '/docs/devupdate/4.5')?.kind).toBe('changes');
    expect(extractPage(referencePage.replace('/docs/tags/legacy', '/docs/tags/api'), '/docs/apis/subsystems/access')?.kind).toBe('page');
  });
});

describe('ranking: the page that documents a name, the topic page, lists of changes', () => {
  const section = (anchor: string, level: 1 | 2 | 3, heading: string, text: string, roles: Partial<Pick<IndexedSection, 'headings' | 'definitions' | 'names'>> = {}): IndexedSection => ({
    anchor,
    level,
    heading,
    parent: -1,
    text,
    emphasis: '',
    headings: [],
    definitions: [],
    names: [],
    ...roles,
  });
  const page = (route: string, title: string, sections: IndexedSection[], kind: IndexedPage['kind'] = 'page', label = ''): IndexedPage => ({
    route,
    title,
    label,
    section: searchSection(route),
    filters: { docusaurus_tag: route.startsWith('/docs') ? 'docs-default-current' : 'docs-general-current', language: 'en-AU', section: searchSectionFilter(route), version: '' },
    textWeight: 1,
    kind,
    sections: [section('', 1, title, 'An introduction.'), ...sections],
  });
  const mentions = 'get_records_sql get_records_sql get_records_sql returns rows; call get_records_sql with placeholders.';
  const pages: IndexedPage[] = [
    page('/docs/apis/core/dml', 'Data manipulation API', [
      section('many', 3, 'Many records', 'public function get_records_sql($sql, ?array $params=null) {} returns an array of records keyed by the first column.', { definitions: ['get_records_sql'] }),
      section('user', 3, 'get_user()', 'Reading a user.', { headings: ['get_user'] }),
    ]),
    page('/general/development/policies/security/sql-injection', 'SQL injection', [section('bind', 2, 'Bind every value', `${mentions} Bind values, never concatenate; core_user::get_user, core_user::get_user and core_user::get_user are safe.`)]),
    page('/docs/devupdate/4.5', 'Moodle 4.5 developer update', [section('dml', 2, 'Database changes', `${mentions} changed in 4.5.`)], 'changes'),
    // Pairs of pages with the same text: only their kinds (and titles) tell them apart.
    // (Each listed first, so that a tie would put it first.)
    page('/docs/apis/subsystems/privacy/faq', 'Privacy API questions', [section('provider', 2, 'Providers', 'A privacy provider describes the personal data a plugin stores.')]),
    page('/docs/apis/subsystems/privacy', 'Privacy API', [section('provider', 2, 'Providers', 'A privacy provider describes the personal data a plugin stores.')]),
    page('/docs/apis/plugintypes/tiny/tiny-legacy', 'Legacy TinyMCE plugins', [section('button', 2, 'Buttons', 'A tiny plugin adds buttons to the editor.')], 'legacy'),
    page('/docs/apis/plugintypes/tiny', 'TinyMCE editor plugins', [section('button', 2, 'Buttons', 'A tiny plugin adds buttons to the editor.')]),
  ];
  const files = buildIndexFiles(pages, '/');
  const read = (file: string) => Promise.resolve(JSON.parse(files.get(file) ?? 'null') as unknown);
  const index = new LocalIndex(JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta, read);
  const filters = { language: 'en-AU' };
  const urls = async (query: string) => Promise.all((await index.rank(query, filters)).map(async (result) => (await index.page(result.page)).url));

  it('records the kinds of pages: a topic page has pages below its route', () => {
    const meta = JSON.parse(files.get('meta.json') ?? '{}') as IndexMeta;
    // dml, sql-injection, the developer update, the privacy FAQ, privacy (with the FAQ below it), legacy TinyMCE, tiny (with it below).
    expect(meta.kinds).toBe('ppcpili');
  });

  it('ranks the page that declares a name above the pages that only mention it, more often', async () => {
    const ranked = await urls('get_records_sql');
    expect(ranked[0]).toBe('/docs/apis/core/dml');
    expect(ranked).toContain('/general/development/policies/security/sql-injection');
    // The result leads to the section that declares it.
    const [dml] = await index.rank('get_records_sql', filters);
    expect((await index.page(dml.page)).sections[dml.sections[0].local][0]).toBe('many');
  });

  it('ranks the page given to the member a qualified name names', async () => {
    expect((await urls('core_user::get_user'))[0]).toBe('/docs/apis/core/dml');
  });

  it('ranks a list of changes below the page that documents a name, unless the query asks what changed', async () => {
    const ranked = await urls('get_records_sql');
    expect(ranked.indexOf('/docs/devupdate/4.5')).toBeGreaterThan(ranked.indexOf('/docs/apis/core/dml'));
    expect((await urls('database changes'))[0]).toBe('/docs/devupdate/4.5');
  });

  it('ranks a topic page above a child page for the topic, the child for what only it covers', async () => {
    expect((await urls('privacy provider'))[0]).toBe('/docs/apis/subsystems/privacy');
    expect((await urls('privacy questions'))[0]).toBe('/docs/apis/subsystems/privacy/faq');
  });

  it('counts the words of a page\'s sidebar label as title words', async () => {
    const text = 'A capability is checked in a context.';
    const labelled = buildIndexFiles(
      [
        page('/docs/apis/subsystems/roles', 'Roles', [section('check', 2, 'Checks', text)]),
        page('/docs/apis/subsystems/access', 'Access API', [section('check', 2, 'Checks', text)], 'page', 'Access (capabilities)'),
      ],
      '/',
    );
    const labelledIndex = new LocalIndex(JSON.parse(labelled.get('meta.json') ?? '{}') as IndexMeta, (file) => Promise.resolve(JSON.parse(labelled.get(file) ?? 'null') as unknown));
    const [first] = await labelledIndex.rank('capabilities', filters);
    expect((await labelledIndex.page(first.page)).url).toBe('/docs/apis/subsystems/access');
  });

  it('puts a name\'s history second, after the page that documents it, and lets the lists of changes document nothing', async () => {
    const named = (name: string) => ({ names: [name] });
    const history = buildIndexFiles(
      [
        page('/docs/apis/core/htmlwriter', 'HTML writer', [section('class', 2, 'html_writer', 'Writes tags.', { headings: ['html_writer'] })]),
        page('/general/development/policies/security/crosssite-scripting', 'Cross-site scripting', [section('escape', 2, 'Escape output', 'Use html_writer, html_writer and html_writer to escape html_writer output.')]),
        page('/docs/apis/subsystems/output', 'Output API', [section('writers', 2, 'Writers', 'html_writer and html_writer build tags; html_writer is static.')]),
        page('/docs/devupdate/4.5', 'Moodle 4.5 developer update', [section('moved', 2, 'Moved classes', 'html_writer moved.', named('html_writer'))], 'changes'),
        page('/docs/devupdate/changes', 'API changes by name', [section('moodle-4-5', 2, 'Moodle 4.5', 'html_writer Class Moved in 4.5', named('html_writer'))], 'names'),
      ],
      '/',
    );
    const historyIndex = new LocalIndex(JSON.parse(history.get('meta.json') ?? '{}') as IndexMeta, (file) => Promise.resolve(JSON.parse(history.get(file) ?? 'null') as unknown));
    const results = await historyIndex.rank('html_writer', filters);
    const ranked = await Promise.all(results.map(async (result) => (await historyIndex.page(result.page)).url));
    expect(ranked.slice(0, 2)).toEqual(['/docs/apis/core/htmlwriter', '/docs/devupdate/changes']);
    // The developer update names it as the API page's table would, but documents nothing: it ranks by its text.
    expect(results[ranked.indexOf('/docs/devupdate/4.5')].defines).toBe(0);
    expect(results[ranked.indexOf('/docs/apis/core/htmlwriter')].defines).toBeGreaterThan(0);
    // Asked what changed, the lists of changes count as any page.
    const asked = await historyIndex.rank('html_writer changes', filters);
    const askedUrls = await Promise.all(asked.map(async (result) => (await historyIndex.page(result.page)).url));
    expect(asked[askedUrls.indexOf('/docs/devupdate/4.5')].defines).toBeGreaterThan(0);
  });

  it('ranks a page about legacy code below its current counterpart unless the query asks for it', async () => {
    expect((await urls('tiny plugin')).slice(0, 2)).toEqual(['/docs/apis/plugintypes/tiny', '/docs/apis/plugintypes/tiny/tiny-legacy']);
    expect((await urls('legacy tiny plugin'))[0]).toBe('/docs/apis/plugintypes/tiny/tiny-legacy');
  });
});

describe('the local index', () => {
  const section = (anchor: string, level: 1 | 2 | 3, heading: string, text: string, parent = -1): IndexedSection => ({ anchor, level, heading, parent, text, emphasis: '', headings: [], definitions: [], names: [] });
  const page = (route: string, title: string, tag: string, sections: IndexedSection[], textWeight = 1): IndexedPage => ({
    route,
    title,
    label: '',
    section: searchSection(route),
    filters: { docusaurus_tag: tag, language: 'en-AU', section: searchSectionFilter(route), version: '' },
    textWeight,
    kind: 'page',
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
    // Four letters are too few to guess a changed letter from ("tosk" finds nothing); two
    // neighbouring letters swapped in a word the index lacks are a typing slip ("tsak" is "task").
    expect(await urls('tosk')).toEqual([]);
    expect(await urls('tsak')).toEqual(await urls('task'));
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

  it('marks where each shard starts with the shortest beginning of its first term, and finds every term through it', async () => {
    expect(shardStart('get_record', 'get_records')).toBe('get_records');
    expect(shardStart('apple', 'banana')).toBe('b');
    expect(shardStart('$cfg->behat_profiles', '$cfg->maxbytes')).toBe('$cfg->m');
    // Shards of a few hundred bytes, so that the small fixture is cut into many.
    const small = buildIndexFiles(pages, '/', { shardBytes: 200 });
    const meta = JSON.parse(small.get('meta.json') ?? '{}') as IndexMeta;
    expect(meta.shards.length).toBeGreaterThan(5);
    const terms = meta.shards.map(({ file }) => Object.keys(JSON.parse(small.get(file) ?? '{}') as Shard));
    meta.shards.forEach(({ first }, shard) => {
      if (shard > 0) {
        const previousLast = terms[shard - 1][terms[shard - 1].length - 1];
        expect(terms[shard][0].startsWith(first)).toBe(true);
        expect(first > previousLast).toBe(true);
        expect(first.slice(0, -1) > previousLast).toBe(false);
      }
      for (const term of terms[shard]) {
        expect(shardOf(meta.shards.map((entry) => entry.first), term)).toBe(shard);
      }
    });
    const cut = new LocalIndex(meta, (file) => Promise.resolve(JSON.parse(small.get(file) ?? 'null') as unknown));
    for (const query of ['get_record', 'sched', 'sheduled', 'scheduled task', 'records']) {
      const ranked = await cut.rank(query, current);
      expect(await Promise.all(ranked.map(async (result) => (await cut.page(result.page)).url))).toEqual(await urls(query));
    }
  });

  it('finds each page of a larger site in its page chunk', async () => {
    const many = Array.from({ length: pagesPerChunk * 2 + 3 }, (_, number) => page(`/docs/page-${String(number).padStart(2, '0')}`, `Page ${number}`, 'docs-default-current', [section('part', 2, 'Part', `Text of page ${number}.`)]));
    const built = buildIndexFiles(many, '/');
    const meta = JSON.parse(built.get('meta.json') ?? '{}') as IndexMeta;
    expect(meta.chunks).toHaveLength(3);
    const site = new LocalIndex(meta, (file) => Promise.resolve(JSON.parse(built.get(file) ?? 'null') as unknown));
    const found = await Promise.all(many.map(async (_, number) => (await site.page(number)).url));
    expect(found).toEqual(many.map((entry) => entry.route));
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
