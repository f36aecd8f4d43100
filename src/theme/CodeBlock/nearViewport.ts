/**
 * One IntersectionObserver for the code blocks of a page, telling each block's listeners when
 * the block comes within a screen of the viewport and when it leaves: the word wrap measures a
 * block then (../wordWrap.ts), and its buttons mount then (Buttons).
 */

/** A screen above and below: what depends on it is ready before the block is scrolled to. */
export const nearMargin = '100% 0px';

interface Observed {
  listeners: Set<(near: boolean) => void>;
  /** The last report, once the observer has made one. */
  near?: boolean;
}

let observer: IntersectionObserver | undefined;
const observed = new Map<Element, Observed>();

/** Calls `listener` with whether `element` is near the viewport, once known and on every change; returns the unsubscribe. */
export function observeNear(element: Element, listener: (near: boolean) => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const state = observed.get(entry.target);
        if (state) {
          state.near = entry.isIntersecting;
          for (const each of [...state.listeners]) {
            each(entry.isIntersecting);
          }
        }
      }
    },
    { rootMargin: nearMargin },
  );
  let state = observed.get(element);
  if (!state) {
    state = { listeners: new Set() };
    observed.set(element, state);
    // The observer reports a new element once on its own, near or not.
    observer.observe(element);
  } else if (state.near !== undefined) {
    listener(state.near);
  }
  const current = state;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (!current.listeners.size) {
      observed.delete(element);
      observer?.unobserve(element);
    }
  };
}
