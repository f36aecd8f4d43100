/**
 * Prefetches the pages of visible links when the browser is idle, each code file once.
 *
 * Docusaurus's <Link> prefetches its page's code as soon as the link scrolls into view, through
 * `window.docusaurus.prefetch` (the documented client API, and the one thing this module
 * replaces: the object is frozen, so the window gets a new one). Its own version does the whole
 * job inside the IntersectionObserver callback: it scans the full route-to-chunks table for
 * every link and appends a <link rel="prefetch"> for every chunk, the same shared chunk (a
 * version's sidebar, the layout) once per link. A docs page shows about a hundred links when it
 * loads, so on a phone this was the largest piece of script after hydration: about 800 ms of
 * main-thread time on /docs/apis/core/dml at Lighthouse's 4x CPU slowdown, in tasks of up to
 * 650 ms.
 *
 * Here a visible link only joins a queue. The queue is worked through in idle periods, a few
 * links at a time, after the table has been indexed (also in idle periods), and each chunk is
 * asked for once. What is prefetched is unchanged: the code of every page whose link the reader
 * can see, never on a 2G or data-saving connection, and not for a page already loaded by a
 * hover (preload).
 *
 * Each request, a prefetch or a hover's preload, is answered with an `idleprefetch` event on the
 * window (idlePrefetchEvent and IdlePrefetchReport in src/utils/routePrefetch.ts) naming the page
 * and what was decided for it. The browser tests wait for it rather than for a guessed time.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { matchPath } from '@docusaurus/router';
import type { ClientModule } from '@docusaurus/types';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import { ChunkIndexBuilder, idlePrefetchEvent, isConstrainedConnection, matchBranch, prefetchPath, type IdlePrefetchReport } from '../utils/routePrefetch';

// The bundler's runtime: `gca` (added by Docusaurus) gives the URL of a named chunk.
declare const __webpack_require__: { gca(chunkName: string): string | undefined };

type Docusaurus = Window['docusaurus'];

const requested = new Set<string>();
const queued: string[] = [];
const fetchedChunks = new Set<string>();
let chunkIndex: ChunkIndexBuilder | undefined;
let scheduled = false;

function connectionIsConstrained(): boolean {
  return isConstrainedConnection((navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection);
}

/** Says what was decided for a page asked for (see the top of this file). */
function report(request: IdlePrefetchReport['request'], path: string, outcome: IdlePrefetchReport['outcome']): void {
  window.dispatchEvent(new CustomEvent<IdlePrefetchReport>(idlePrefetchEvent, { detail: { request, path, outcome } }));
}

/** Chunks of queued links, waiting for their <link rel="prefetch">. */
const chunkQueue: string[] = [];

function prefetchChunk(chunkName: string): void {
  const url = __webpack_require__.gca(chunkName);
  // A chunk the bundler merged into another has no file of its own.
  if (url && !url.includes('undefined')) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
  }
}

/** Queues the chunks a page needs that no earlier link asked for. */
function queueChunksOf(routePath: string, index: Map<string, string[]>): void {
  for (const route of matchBranch(routes, routePath, matchPath)) {
    for (const chunkName of typeof route.path === 'string' ? (index.get(route.path) ?? []) : []) {
      if (!fetchedChunks.has(chunkName)) {
        fetchedChunks.add(chunkName);
        chunkQueue.push(chunkName);
      }
    }
  }
}

function work(deadline: IdleDeadline): void {
  scheduled = false;
  // Work one chunk at a time, for at most 10 ms a call and while the idle period lasts: on a slow
  // phone the bundler's look-up of one chunk's URL and the <link> take several milliseconds each.
  const started = performance.now();
  const hasTime = () => performance.now() - started < 10 && (deadline.didTimeout || deadline.timeRemaining() > 15);
  // The route-to-chunks table is indexed first, over as many idle periods as that takes.
  chunkIndex ??= new ChunkIndexBuilder(routesChunkNames);
  if (chunkIndex.step(hasTime)) {
    while (hasTime()) {
      const chunkName = chunkQueue.shift();
      if (chunkName !== undefined) {
        prefetchChunk(chunkName);
        continue;
      }
      const next = queued.shift();
      if (next === undefined) {
        break;
      }
      queueChunksOf(next, chunkIndex.index);
    }
  }
  schedule();
}

function schedule(): void {
  if (scheduled || (queued.length === 0 && chunkQueue.length === 0)) {
    return;
  }
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: 5_000 });
  } else {
    // Browsers without requestIdleCallback work through the queue on a timer instead.
    window.setTimeout(() => {
      work({ didTimeout: true, timeRemaining: () => 0 });
    }, 200);
  }
}

/** window.docusaurus with this module's prefetch (Docusaurus freezes its own object). */
function withIdlePrefetch(docusaurus: Docusaurus): Docusaurus {
  return Object.freeze({
    preload(routePath: string) {
      // A page being loaded in full needs no prefetching any more.
      const target = prefetchPath(routePath);
      requested.add(target);
      // Docusaurus loads nothing on a constrained connection or for a page it loaded before.
      const loading = docusaurus.preload(routePath);
      report('preload', target, loading === false ? 'declined' : 'loading');
      return loading;
    },
    prefetch(routePath: string) {
      const target = prefetchPath(routePath);
      if (connectionIsConstrained()) {
        report('prefetch', target, 'declined');
        return false;
      }
      if (requested.has(target)) {
        report('prefetch', target, 'skipped');
        return false;
      }
      requested.add(target);
      queued.push(target);
      report('prefetch', target, 'queued');
      schedule();
      return Promise.resolve([]);
    },
  });
}

const clientModule: ClientModule = {
  // The first call comes as the first page hydrates: window.docusaurus is set by then, and links
  // only ask for prefetching later, from their IntersectionObserver.
  onRouteDidUpdate({ previousLocation }) {
    if (previousLocation === null) {
      window.docusaurus = withIdlePrefetch(window.docusaurus);
    }
  },
};

export default ExecutionEnvironment.canUseDOM ? clientModule : {};
