/**
 * Wraps the theme's SearchBar to choose the search backend: Algolia's DocSearch when the site
 * was built with Algolia credentials, the same DocSearch UI on the local index otherwise.
 */
import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import SearchBar from '@theme-original/SearchBar';
import type { SearchMode } from '@site/config/search';
import LocalSearchBar from '@site/src/components/LocalSearchBar';

export default function SearchBarWrapper(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { mode } = siteConfig.customFields?.search as SearchMode;
  return mode === 'algolia' ? <SearchBar /> : <LocalSearchBar />;
}
