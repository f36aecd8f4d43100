/** Docusaurus's own ComponentCreator, aliased by the route-loading plugin (index.ts). */
declare module '@docusaurus/ComponentCreator-original' {
  import type Loadable from 'react-loadable';

  export default function ComponentCreator(path: string, hash: string): ReturnType<typeof Loadable>;
}
