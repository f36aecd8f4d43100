/**
 * Keeps the server-rendered <head> (title, description, canonical links…) as it is while React
 * hydrates the page.
 *
 * Docusaurus sets the head with react-helmet-async, whose each <Head> registers itself while it
 * renders and asks for the head to be written on the next animation frame. Hydration runs as a
 * transition and yields to the browser, so a frame can pass when only the outer <Head>s (the
 * site's defaults) have rendered: the tab title read "Moodle Developer Resources" for about
 * 70 ms before the page's own title came back, and page-level meta tags were removed and added
 * again. Until the first route has rendered, frames asked for are held (a later request cancels
 * an earlier one, as Helmet does) and run once hydration is over, when every <Head> is known.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { ClientModule } from '@docusaurus/types';

let hydrated = !ExecutionEnvironment.canUseDOM;
const held = new Map<number, FrameRequestCallback>();
let nextHeldId = -1;

if (!hydrated) {
  const nativeRequest = window.requestAnimationFrame.bind(window);
  const nativeCancel = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback: FrameRequestCallback): number => {
    if (hydrated) {
      return nativeRequest(callback);
    }
    const id = nextHeldId--;
    held.set(id, callback);
    return id;
  };
  window.cancelAnimationFrame = (id: number): void => {
    if (held.delete(id)) {
      return;
    }
    nativeCancel(id);
  };
  // Should hydration never finish (a script error), the head still gets its updates.
  window.setTimeout(releaseHeldFrames, 10_000);
}

/** Ends the hold: later requests go straight to the browser, and the held frames run next frame. */
export function releaseHeldFrames(): void {
  if (hydrated) {
    return;
  }
  hydrated = true;
  const callbacks = [...held.values()];
  held.clear();
  for (const callback of callbacks) {
    window.requestAnimationFrame(callback);
  }
}

const clientModule: ClientModule = {
  // Runs in a layout effect after the first render of the route, that is when hydration commits.
  onRouteDidUpdate() {
    releaseHeldFrames();
  },
};

export default clientModule;
