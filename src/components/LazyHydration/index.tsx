/**
 * The wrapper src/rehype/lazyHydration.ts puts around each run of a page's top-level blocks that
 * hold nothing interactive.
 *
 * On the page's first load, the browser hydrates the run as shells: one element per top-level
 * element the server sent (same tag, its HTML inside as `dangerouslySetInnerHTML`), found from
 * the run's first element (its `data-sb` attribute) and the run's element count. React walks a
 * few dozen nodes instead of the thousands inside them, and keeps every one of them as the server
 * made it. Links inside still navigate within the site (one click listener for all static runs
 * does what the theme's links do), have their pages prefetched when they come into view and
 * preloaded on hover and focus. A page
 * reached by navigating inside the site renders the run normally.
 *
 * The wrapper renders no element of its own, so the page's markup and styles are unchanged.
 * (Suspense boundaries, which also add no element, were tried first: Docusaurus changes contexts
 * above the article right after hydration, which makes React hydrate every boundary still waiting
 * in a restart of the whole render each, over two seconds of script on the DML page at 4x.)
 */
import { createElement, useEffect, useState, type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';

/** Elements that have no content, so their shell has no HTML inside. */
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The top-level elements of the static blocks, whose links the listener below handles. */
const staticElements = new WeakSet<Element>();

type History = ReturnType<typeof useHistory>;
let history: History | undefined;
let listening = false;

/** Whether the app is hydrating the page the browser loaded (Docusaurus sets the mark after). */
function isFirstLoad(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hasHydrated !== 'true';
}

/**
 * The nodes of static run `index` as the server sent them: from its first element (marked
 * `data-sb`) to its `count`-th element, with the text between; undefined if the page has no such
 * run or fewer elements than expected (the run then renders normally).
 */
export function runNodes(index: string, count: number): ChildNode[] | undefined {
  const first = document.querySelector(`[data-sb="${CSS.escape(index)}"]`);
  const nodes: ChildNode[] = [];
  let elements = 0;
  for (let node: ChildNode | null = first; node && elements < count; node = node.nextSibling) {
    nodes.push(node);
    if (node.nodeType === Node.ELEMENT_NODE) {
      elements += 1;
    }
  }
  return first && elements === count ? nodes : undefined;
}

/** The shells that hydrate against a block's nodes: each element with its HTML, and the text between. */
function shellsOf(nodes: ChildNode[]): ReactNode[] {
  const shells: ReactNode[] = [];
  nodes.forEach((node, key) => {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element;
      const tag = element.tagName.toLowerCase();
      staticElements.add(element);
      shells.push(
        voidElements.has(tag)
          ? createElement(tag, { key, suppressHydrationWarning: true })
          : createElement(tag, { key, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: element.innerHTML } }),
      );
    } else if (node.nodeType === Node.TEXT_NODE) {
      shells.push(node.textContent);
    }
    // Comments between text nodes are React's own separators, which hydration skips.
  });
  return shells;
}

/** The link a click or hover in a static block is on, when it leads to a page of this site. */
function siteLink(event: Event): HTMLAnchorElement | undefined {
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement) || target.hasAttribute('download') || (target.target && target.target !== '_self')) {
    return undefined;
  }
  let inStatic = false;
  for (let element: Element | null = target; element && !inStatic; element = element.parentElement) {
    inStatic = staticElements.has(element);
  }
  const url = new URL(target.href, window.location.href);
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  return inStatic && url.origin === window.location.origin && !(samePage && url.hash) ? target : undefined;
}

/** Does for the links of static blocks what the theme's <Link> does: navigate and preload in the app. */
function listen(): void {
  if (listening) {
    return;
  }
  listening = true;
  document.addEventListener('click', (event) => {
    const link = siteLink(event);
    if (!link || !history || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    const url = new URL(link.href);
    history.push(`${url.pathname}${url.search}${url.hash}`);
  });
  const preload = (event: Event) => {
    const link = siteLink(event);
    if (link) {
      void window.docusaurus.preload(new URL(link.href).pathname);
    }
  };
  document.addEventListener('mouseover', preload, { passive: true });
  document.addEventListener('touchstart', preload, { passive: true });
  document.addEventListener('focusin', preload);
}

let linkObserver: IntersectionObserver | undefined;

/**
 * Prefetches the pages of a run's links as they come into view, as the theme's <Link> does for
 * its own links (src/clientModules/idlePrefetch.ts works through them in idle time).
 */
function prefetchVisibleLinks(elements: Element[]): void {
  if (typeof IntersectionObserver !== 'function') {
    return;
  }
  linkObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting || entry.intersectionRatio > 0) {
        linkObserver?.unobserve(entry.target);
        void window.docusaurus.prefetch(new URL((entry.target as HTMLAnchorElement).href).pathname);
      }
    }
  });
  for (const element of elements) {
    for (const link of element.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const url = new URL(link.href, window.location.href);
      const samePage = url.pathname === window.location.pathname;
      if (url.origin === window.location.origin && !samePage && !link.hasAttribute('download')) {
        linkObserver.observe(link);
      }
    }
  }
}

/** A run of static top-level blocks: shells of the server's nodes on the first load (see above). */
export function StaticBlock({ n, count, children }: { n?: string; count?: string; children?: ReactNode }): ReactNode {
  const current = useHistory();
  // Read once, while hydrating: later renders return the same elements, so React leaves them be.
  const [run] = useState(() => {
    const nodes = isFirstLoad() && n !== undefined ? runNodes(n, Number(count)) : undefined;
    return nodes ? { nodes, shells: shellsOf(nodes) } : undefined;
  });
  useEffect(() => {
    history = current;
  }, [current]);
  useEffect(() => {
    if (run) {
      listen();
      prefetchVisibleLinks(run.nodes.filter((node): node is Element => node.nodeType === Node.ELEMENT_NODE));
    }
  }, [run]);
  return run ? run.shells : children;
}
