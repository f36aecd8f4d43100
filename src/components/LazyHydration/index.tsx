/**
 * The two wrappers src/rehype/lazyHydration.ts puts around a page's top-level blocks. Each is a
 * Suspense boundary: React marks it in the server's HTML with comments, not elements, so the
 * page's markup and styles are unchanged, and the browser can find each block's nodes.
 *
 * <StaticBlock>: on the page's first load, the browser hydrates the block as shells: one element
 * per top-level element the server sent (same tag, its HTML inside as `dangerouslySetInnerHTML`),
 * so React walks a few dozen nodes instead of the thousands inside them, and keeps every one of
 * them as the server made it. Links inside still navigate within the site (one click listener
 * for all static blocks does what the theme's links do) and still have their pages prefetched
 * on hover. A page reached by navigating inside the site renders its blocks normally.
 *
 * <IdleBlock>: blocks with interactive parts (a code block's buttons, a date that depends on the
 * reader's day). React hydrates a Suspense boundary in a pass of its own after the page's, so
 * the page's first pass does not wait for them.
 *
 * Why shells and not a boundary React never hydrates: Docusaurus changes contexts above the article
 * right after hydration (useIsBrowser turns true), and React then hydrates every boundary still
 * waiting, or, if it cannot, throws its nodes away and renders it again. Shells hydrate at once,
 * so nothing waits and nothing is thrown away.
 */
import { createElement, Suspense, useEffect, useState, type ReactNode } from 'react';
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

/** The element holding the page's top-level blocks: a doc's Markdown, or an MDX page's article. */
function articleContainer(): Element | null {
  return document.querySelector('.theme-doc-markdown') ?? document.querySelector('main article');
}

/**
 * The nodes of the container's top-level Suspense boundary number `index` (counted in document
 * order), between React's <!--$--> and <!--/$--> marks; undefined if the page has no such boundary.
 */
export function boundaryNodes(container: Element, index: number): ChildNode[] | undefined {
  let seen = -1;
  let inside = false;
  const nodes: ChildNode[] = [];
  for (const node of Array.from(container.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const mark = (node as Comment).data;
      if (!inside && mark === '$') {
        seen += 1;
        inside = seen === index;
        continue;
      }
      if (inside && mark === '/$') {
        return nodes;
      }
    }
    if (inside) {
      nodes.push(node);
    }
  }
  return undefined;
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

function Shells({ index, children }: { index: number; children: ReactNode }): ReactNode {
  // Read once, while hydrating: later renders keep the same elements, so React leaves them be.
  const [shells] = useState(() => {
    const container = isFirstLoad() ? articleContainer() : null;
    const nodes = container ? boundaryNodes(container, index) : undefined;
    return nodes ? shellsOf(nodes) : undefined;
  });
  useEffect(() => {
    if (shells) {
      listen();
    }
  }, [shells]);
  return shells ?? children;
}

/** Blocks that stay the server's HTML on the first load. `n` is the block's boundary number on its page. */
export function StaticBlock({ n, children }: { n?: string; children?: ReactNode }): ReactNode {
  const current = useHistory();
  useEffect(() => {
    history = current;
  }, [current]);
  return (
    <Suspense fallback={null}>
      <Shells index={Number(n)}>{children}</Shells>
    </Suspense>
  );
}

/** Blocks with interactive parts, hydrated in a pass of their own after the page's. */
export function IdleBlock({ children }: { n?: string; children?: ReactNode }): ReactNode {
  return <Suspense fallback={null}>{children}</Suspense>;
}
