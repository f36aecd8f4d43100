/**
 * Stands in for `@docusaurus/ComponentCreator` (see index.ts). The route table calls it once per
 * route when main.js is evaluated; it returns a small component that creates the route's real,
 * react-loadable component with Docusaurus's ComponentCreator only when the route is first
 * preloaded (before hydration, and when a link is hovered or followed) or rendered. The route
 * renders exactly what the real component renders, on the server and in the browser.
 */
import type { ComponentType, ReactNode } from 'react';
import OriginalComponentCreator from '@docusaurus/ComponentCreator-original';

type RouteComponent = ReturnType<typeof OriginalComponentCreator>;
/** What the router and Docusaurus's preload use of a route component. */
type RouteProps = Record<string, unknown>;

export default function ComponentCreator(path: string, hash: string): RouteComponent {
  let component: RouteComponent | undefined;
  const real = (): RouteComponent => (component ??= OriginalComponentCreator(path, hash));
  function LazyRoute(props: RouteProps): ReactNode {
    const Route = real() as ComponentType<RouteProps>;
    return <Route {...props} />;
  }
  // react-loadable's types say void, but preload() returns the promise of the route's modules,
  // which Docusaurus awaits before hydrating and before following a link.
  LazyRoute.preload = () => (real() as unknown as { preload: () => Promise<unknown> }).preload();
  LazyRoute.displayName = `Route(${path})`;
  return LazyRoute as unknown as RouteComponent;
}
