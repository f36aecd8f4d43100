/**
 * DocSearch's secondary entry points ship without types of their own; they re-export parts of
 * the typed main entry.
 */
declare module '@docsearch/react/style';
declare module '@docsearch/react/modal' {
  export { DocSearchModal } from '@docsearch/react';
}
