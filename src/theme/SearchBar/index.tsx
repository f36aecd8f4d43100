/**
 * The navbar's search slot. The search bar is chosen when the site is built (see
 * src/plugins/search-index): Algolia's DocSearch when the build has Algolia credentials, the
 * same DocSearch UI on the local index otherwise. Choosing at build time keeps the other
 * mode's code out of every page's bundle.
 */
export { default } from '@search-mode/SearchBar';
