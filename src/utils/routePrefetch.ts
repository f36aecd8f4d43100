/**
 * The pure part of the site's link prefetching (src/clientModules/idlePrefetch.ts): which code
 * chunks a route needs, worked out the way Docusaurus's own `prefetch` does, but with the
 * route-to-chunks table indexed once instead of scanned for every link.
 */

/** A route of the generated route table, as far as matching needs it. */
export interface RouteLike {
  path?: string | string[];
  exact?: boolean;
  routes?: RouteLike[];
}

/** react-router's matchPath, passed in so that this module runs outside the bundle too. */
export type MatchPath = (pathname: string, route: { path?: string | string[]; exact?: boolean }) => unknown;

/**
 * Whether a route with a plain path (no parameters or patterns, as all of this site's are)
 * matches a pathname the way react-router's matchPath does (not case-sensitive, a trailing
 * slash allowed; without `exact`, any path below it), without compiling a regular expression.
 * Undefined for a path with parameters or patterns, which only matchPath can decide.
 */
export function plainPathMatches(route: { path?: string | string[]; exact?: boolean }, pathname: string): boolean | undefined {
  if (typeof route.path !== 'string' || /[:*?()+[\]]/.test(route.path)) {
    return undefined;
  }
  const path = route.path.toLowerCase().replace(/\/$/, '');
  const target = pathname.toLowerCase().replace(/\/$/, '');
  if (target === path) {
    return true;
  }
  return !route.exact && (path === '' || target.startsWith(`${path}/`));
}

/**
 * The branch of routes a pathname renders, outermost first, as react-router-config's
 * matchRoutes finds it: at each level the first route that matches, then its children. Plain
 * paths are compared as strings: compiling a regular expression for each of the site's 1,260
 * routes took a phone about 100 ms on the first link.
 */
export function matchBranch(routes: readonly RouteLike[], pathname: string, matchPath: MatchPath): RouteLike[] {
  const branch: RouteLike[] = [];
  let level: readonly RouteLike[] | undefined = routes;
  while (level) {
    const found: RouteLike | undefined = level.find((route) => plainPathMatches(route, pathname) ?? Boolean(matchPath(pathname, { path: route.path, exact: route.exact })));
    if (!found) {
      break;
    }
    branch.push(found);
    level = found.routes;
  }
  return branch;
}

/** A route's chunk names, as nested in the generated routesChunkNames (modules, props, context). */
export type ChunkNameTree = string | { [key: string]: ChunkNameTree } | ChunkNameTree[];

function leaves(tree: ChunkNameTree, into: string[]): string[] {
  if (typeof tree === 'string') {
    into.push(tree);
  } else if (Array.isArray(tree)) {
    tree.forEach((item) => leaves(item, into));
  } else {
    Object.values(tree).forEach((item) => leaves(item, into));
  }
  return into;
}

/**
 * Route path → the chunk names of every generated entry for that path, built a slice at a time
 * so that a browser can spread the work over idle periods: `step` adds entries while `more()`
 * says there is time, and tells whether the index is complete. The table's keys are paths with a
 * short hash (`/docs/apis-4a9`); several entries can share a path (a docs plugin's root, version
 * and sidebar routes are all `/docs`), and all of them are needed.
 */
export class ChunkIndexBuilder {
  readonly index = new Map<string, string[]>();
  private readonly entries: [string, ChunkNameTree][];
  private next = 0;

  constructor(routesChunkNames: Record<string, ChunkNameTree>) {
    this.entries = Object.entries(routesChunkNames);
  }

  step(more: () => boolean): boolean {
    while (this.next < this.entries.length && more()) {
      // A slice of entries between checks: asking the clock is not free either.
      for (const end = Math.min(this.next + 50, this.entries.length); this.next < end; this.next++) {
        const [key, tree] = this.entries[this.next];
        const routePath = key.replace(/-[^-]+$/, '');
        const names = this.index.get(routePath) ?? [];
        leaves(tree, names);
        this.index.set(routePath, names);
      }
    }
    return this.next >= this.entries.length;
  }
}

/** The path a link prefetches: without its query and fragment, which select no other code. */
export function prefetchPath(target: string): string {
  return target.replace(/[?#].*$/, '');
}

/** Whether the reader's connection asks for no prefetching (2G, or the data saver on). */
export function isConstrainedConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined): boolean {
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

/**
 * The event the prefetcher dispatches on `window` each time a link asks for its page's code,
 * saying what it decided. Nothing on the site listens: it lets the browser tests wait for the
 * decision instead of guessing how long the prefetcher may take.
 */
export const idlePrefetchEvent = 'idleprefetch';

/** The detail of an `idleprefetch` event. */
export interface IdlePrefetchReport {
  /** `prefetch`: the link came into view; `preload`: the reader hovered or focused it. */
  request: 'prefetch' | 'preload';
  /** The page asked for, without query and fragment (prefetchPath). */
  path: string;
  /**
   * `declined`: nothing is fetched for it (a 2G or data-saving connection; for a preload, also a
   * page loaded before); `skipped`: a prefetch of a page asked for or loaded before; `queued`: its
   * code will be prefetched in idle time; `loading`: a preload fetches its code now.
   */
  outcome: 'declined' | 'skipped' | 'queued' | 'loading';
}
