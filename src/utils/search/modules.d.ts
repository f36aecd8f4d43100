/**
 * DocSearch's secondary entry points ship without types of their own; they re-export parts of
 * the typed main entry.
 */
declare module '@docsearch/react/style';
declare module '@docsearch/react/modal' {
  export { DocSearchModal } from '@docsearch/react';
}

/** The search bar of the build's search mode, aliased by the search-index plugin. */
declare module '@search-mode/SearchBar' {
  import type { ReactNode } from 'react';

  export default function SearchBar(): ReactNode;
}
