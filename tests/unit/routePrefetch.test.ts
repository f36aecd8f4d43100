/**
 * Link prefetching (src/clientModules/idlePrefetch.ts): the branch of routes a link needs, the
 * chunks of each, and when nothing is prefetched. The route table has the shape Docusaurus
 * generates for a docs plugin (plugin root, version, sidebar root, then the pages) beside plain
 * pages, and matching uses react-router's own matchPath, as the browser does.
 */
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChunkIndexBuilder, isConstrainedConnection, matchBranch, plainPathMatches, prefetchPath, type RouteLike } from '../../src/utils/routePrefetch';

const routes: RouteLike[] = [
  { path: '/search', exact: true },
  {
    path: '/docs',
    routes: [
      { path: '/docs/4.1', routes: [{ path: '/docs/4.1', routes: [{ path: '/docs/4.1/apis', exact: true }] }] },
      {
        path: '/docs',
        routes: [
          { path: '/docs/tags', exact: true },
          { path: '/docs', routes: [{ path: '/docs/apis', exact: true }, { path: '/docs/apis/core/dml', exact: true }] },
        ],
      },
    ],
  },
  { path: '/', exact: true },
];

const paths = (branch: RouteLike[]) => branch.map((route) => route.path);

/** The whole index, built in one go. */
function chunkNamesByPath(table: ConstructorParameters<typeof ChunkIndexBuilder>[0]): Map<string, string[]> {
  const builder = new ChunkIndexBuilder(table);
  builder.step(() => true);
  return builder.index;
}

describe('the routes a link needs', () => {
  it('are the first match at each level, outermost first, as react-router-config finds them', () => {
    expect(paths(matchBranch(routes, '/docs/apis/core/dml', matchPath))).toEqual(['/docs', '/docs', '/docs', '/docs/apis/core/dml']);
    expect(paths(matchBranch(routes, '/docs/4.1/apis', matchPath))).toEqual(['/docs', '/docs/4.1', '/docs/4.1', '/docs/4.1/apis']);
    expect(paths(matchBranch(routes, '/docs/tags', matchPath))).toEqual(['/docs', '/docs', '/docs/tags']);
    expect(paths(matchBranch(routes, '/', matchPath))).toEqual(['/']);
  });

  it('stop where nothing matches: an unknown page needs only its section’s layout', () => {
    expect(paths(matchBranch(routes, '/docs/nowhere', matchPath))).toEqual(['/docs', '/docs', '/docs']);
    expect(matchBranch(routes, '/nowhere', matchPath)).toEqual([]);
  });
});

describe('plain paths compared as strings', () => {
  it('match exactly as react-router’s matchPath does', () => {
    const routePaths = ['/', '/docs', '/docs/', '/docs/apis', '/Docs/APIs', '/general/releases/3.9/3.9.18'];
    const pathnames = ['/', '/docs', '/docs/', '/docs/apis', '/docs/apis/', '/DOCS/apis', '/docs/apis/core', '/docsx', '/general/releases/3.9/3.9.18', '/general/releases/3.9'];
    for (const path of routePaths) {
      for (const exact of [true, false]) {
        for (const pathname of pathnames) {
          expect(plainPathMatches({ path, exact }, pathname), `${path} ${exact ? 'exact' : ''} ${pathname}`).toBe(Boolean(matchPath(pathname, { path, exact })));
        }
      }
    }
  });

  it('leave paths with parameters or patterns to matchPath', () => {
    expect(plainPathMatches({ path: '/docs/:id' }, '/docs/x')).toBeUndefined();
    expect(plainPathMatches({ path: '*' }, '/x')).toBeUndefined();
    expect(plainPathMatches({ path: ['/a', '/b'] }, '/a')).toBeUndefined();
  });
});

describe('the chunks of a route', () => {
  const index = chunkNamesByPath({
    '/docs-231': { __comp: 'root', __context: { plugin: 'plugin-docs' } },
    '/docs-4a9': { __comp: 'version', __props: 'version-props' },
    '/docs-e5f': { __comp: 'sidebar-root' },
    '/docs/apis/core/dml-0c1': { __comp: 'doc-item', content: 'dml-content', nested: [{ a: 'first' }, 'second'] },
    '/docs/4.1-aa2': { __comp: 'version', __props: 'props-4.1' },
  });

  it('are the leaves of every generated entry for the path, whatever its hash', () => {
    expect(index.get('/docs')).toEqual(['root', 'plugin-docs', 'version', 'version-props', 'sidebar-root']);
    expect(index.get('/docs/apis/core/dml')).toEqual(['doc-item', 'dml-content', 'first', 'second']);
    expect(index.get('/docs/4.1')).toEqual(['version', 'props-4.1']);
    expect(index.get('/docs/apis')).toBeUndefined();
  });
});

describe('the index built a slice at a time', () => {
  it('stops when told, resumes, and ends with the same index as in one go', () => {
    const table = Object.fromEntries(Array.from({ length: 120 }, (_, n) => [`/page/${n % 60}-${n.toString(16)}`, { __comp: `chunk${n}` }]));
    const builder = new ChunkIndexBuilder(table);
    let slices = 0;
    expect(builder.step(() => slices++ < 1)).toBe(false);
    expect(builder.index.size).toBe(50);
    while (!builder.step(() => true)) {
      // Runs until complete.
    }
    expect(builder.index).toEqual(chunkNamesByPath(table));
    expect(builder.index.size).toBe(60);
    expect(builder.index.get('/page/7')).toEqual(['chunk7', 'chunk67']);
  });
});

describe('what is prefetched', () => {
  it('is the page a link leads to, whatever its query or fragment', () => {
    expect(prefetchPath('/docs/apis/core/dml#get_record')).toBe('/docs/apis/core/dml');
    expect(prefetchPath('/search?q=dml#top')).toBe('/search');
    expect(prefetchPath('/docs/apis')).toBe('/docs/apis');
  });

  it('is nothing on a 2G connection or with the data saver on', () => {
    expect(isConstrainedConnection({ effectiveType: '2g' })).toBe(true);
    expect(isConstrainedConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isConstrainedConnection({ effectiveType: '4g', saveData: true })).toBe(true);
    expect(isConstrainedConnection({ effectiveType: '4g', saveData: false })).toBe(false);
    expect(isConstrainedConnection({ effectiveType: '3g' })).toBe(false);
    expect(isConstrainedConnection(undefined)).toBe(false);
  });
});
