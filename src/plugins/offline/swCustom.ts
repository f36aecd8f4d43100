/**
 * Code added to the PWA plugin's service worker through its swCustom hook (the offline plugin
 * compiles this file to JavaScript, because the plugin bundles the worker without a TypeScript
 * loader). It must stay self-contained: no imports.
 *
 * Why: with trailing slashes off, the page /docs/apis is the file docs/apis.html. The plugin's
 * worker only looks a request up as /docs/apis and /docs/apis/index.html, so opening a page
 * directly (typed address, bookmark, reload) would miss the precache and fail offline. This
 * handler answers page navigations from the precache under the file name the build gave them,
 * then from the network, and finally with the cached not-found page (status 404).
 */

interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

interface WorkerScopeLike {
  location: { origin: string };
  registration: { scope: string };
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

declare const self: WorkerScopeLike;

export interface WorkerParams {
  offlineMode?: boolean;
  debug?: boolean;
}

/**
 * The precached files that can hold the page at `pathname`, most likely first. Dots do not
 * mark files here: /docs/4.1, /general/releases/3.9/3.9.18 and
 * /docs/apis/commonfiles/version.php are pages.
 */
export function pageFileCandidates(pathname: string): string[] {
  if (pathname.endsWith('.html')) {
    return [pathname];
  }
  if (pathname.endsWith('/')) {
    return pathname === '/' ? ['/index.html'] : [`${pathname}index.html`, `${pathname.slice(0, -1)}.html`];
  }
  return [`${pathname}.html`, `${pathname}/index.html`];
}

async function cached(url: string): Promise<Response | undefined> {
  // Precache keys carry a __WB_REVISION__ query parameter; the page's own query is ignored too.
  return caches.match(url, { ignoreSearch: true });
}

/** The page for a navigation: precache, else network, else the cached not-found page. */
export async function pageResponse(request: Request, scope: string, debug = false): Promise<Response> {
  const url = new URL(request.url);
  for (const candidate of pageFileCandidates(url.pathname)) {
    const response = await cached(new URL(candidate, url.origin).href);
    if (response) {
      if (debug) {
        console.log('[offline] page from precache', { url: url.href, candidate });
      }
      return response;
    }
  }
  try {
    return await fetch(request);
  } catch (error) {
    const notFound = await cached(new URL('404.html', scope).href);
    if (!notFound) {
      throw error;
    }
    return new Response(notFound.body, { status: 404, statusText: 'Not Found', headers: notFound.headers });
  }
}

export default function offlinePages(params: WorkerParams): void {
  if (!params.offlineMode) {
    return;
  }
  // Registered before the plugin's own fetch listener, which stays in charge of assets.
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET' || request.mode !== 'navigate' || new URL(request.url).origin !== self.location.origin) {
      return;
    }
    event.respondWith(pageResponse(request, self.registration.scope, params.debug));
    // The plugin's listener would answer "/" a second time (respondWith may be called once).
    event.stopImmediatePropagation();
  });
}
