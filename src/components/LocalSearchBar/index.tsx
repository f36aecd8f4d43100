/**
 * The DocSearch button and modal on the local search index. It follows the theme's own
 * SearchBar (keyboard shortcuts, preloading, the "See all results" footer, contextual filters)
 * with two differences: queries go to the local client instead of Algolia, and there is no
 * preconnect to Algolia's servers, since nothing leaves the site.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type React from 'react';
import { createPortal } from 'react-dom';
import type { DocSearchHit, DocSearchModal as DocSearchModalType, DocSearchProps } from '@docsearch/react';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { useSearchLinkCreator } from '@docusaurus/theme-common';
import { useAlgoliaContextualFacetFilters, useSearchResultUrlProcessor } from '@docusaurus/theme-search-algolia/client';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import translations from '@theme/SearchTranslations';
import { missingResultsIssueUrl } from '@site/config/search';
import SearchHitLink from '@site/src/components/SearchHitLink';
import type { SearchRequest } from '@site/src/utils/search/localClient';
import { SearchButton, useSearchKeyboardEvents } from './SearchButton';

let DocSearchModal: typeof DocSearchModalType | null = null;

type LocalClientModule = typeof import('@site/src/utils/search/localClient');

/** The search code, like the modal's, is fetched when a reader approaches search, not with every page. */
let localClient: LocalClientModule | undefined;
let loadingLocalClient: Promise<LocalClientModule> | undefined;
function loadLocalClient(): Promise<LocalClientModule> {
  loadingLocalClient ??= import('@site/src/utils/search/localClient').then(
    (module) => {
      localClient = module;
      return module;
    },
    (error: unknown) => {
      loadingLocalClient = undefined;
      throw error;
    },
  );
  return loadingLocalClient;
}

/**
 * Loads the modal's code, the search code and the index's meta file; called on hover, focus and
 * touch. The modal opens once both codes are in (the index may still be loading).
 */
function preloadSearch(baseUrl: string): Promise<void> {
  const client = loadLocalClient();
  void client.then(({ loadIndex }) => loadIndex(baseUrl)).catch(() => undefined);
  const modal = DocSearchModal
    ? Promise.resolve()
    : Promise.all([import('@docsearch/react/modal'), import('@docsearch/react/style'), import('./styles.css')]).then(([{ DocSearchModal: Modal }]) => {
        DocSearchModal = Modal;
      });
  return Promise.all([modal, client]).then(() => undefined);
}

/**
 * Whether the modal is open, and the element it is rendered into, kept outside the component:
 * the navbar (this search bar included) is rendered anew for each page, and a click that lands
 * while a route change swaps the page reaches the outgoing search bar. Whichever search bar is
 * on the page shows the modal.
 */
let modalOpen = false;
let modalContainer: HTMLDivElement | null = null;
const modalListeners = new Set<() => void>();

function setModalOpen(open: boolean): void {
  if (open && !modalContainer) {
    modalContainer = document.createElement('div');
    document.body.insertBefore(modalContainer, document.body.firstChild);
  }
  modalOpen = open;
  modalListeners.forEach((listener) => {
    listener();
  });
}

function subscribeToModal(listener: () => void): () => void {
  modalListeners.add(listener);
  return () => {
    modalListeners.delete(listener);
  };
}

function useModalOpen(): boolean {
  return useSyncExternalStore(
    subscribeToModal,
    () => modalOpen,
    () => false,
  );
}

interface HitProps {
  hit: { url: string };
  children: ReactNode;
}

function Hit({ hit, children }: HitProps): React.JSX.Element {
  return <SearchHitLink to={hit.url}>{children}</SearchHitLink>;
}

function ResultsFooter({ state, onClose }: { state: { query: string; context: { nbHits?: number } }; onClose: () => void }): ReactNode {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{ count: state.context.nbHits }}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

export default function LocalSearchBar(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { baseUrl } = siteConfig;
  const history = useHistory();
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const facetFilters = useAlgoliaContextualFacetFilters();
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const isOpen = useModalOpen();
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);

  const [indexAvailable, setIndexAvailable] = useState(true);
  const searchClient = useMemo(
    () => ({
      async search(request: { requests: SearchRequest[] }) {
        const { createLocalSearchClient } = await loadLocalClient();
        return createLocalSearchClient({ baseUrl, origin: window.location.origin, onAvailability: setIndexAvailable }).search(request);
      },
    }),
    [baseUrl],
  );
  const createSearchLink = useSearchLinkCreator();
  const navigator = useMemo(
    () => ({
      navigate({ itemUrl }: { itemUrl: string }) {
        history.push(itemUrl);
      },
    }),
    [history],
  );
  const transformItems = useCallback((items: DocSearchHit[]) => items.map((item) => ({ ...item, url: processSearchResultUrl(item.url) })), [processSearchResultUrl]);

  const preload = useCallback(() => preloadSearch(baseUrl), [baseUrl]);
  const preloadOnApproach = useCallback(() => {
    void preload();
  }, [preload]);
  const openModal = useCallback(() => {
    void preload().then(() => {
      setModalOpen(true);
    });
  }, [preload]);
  const closeModal = useCallback(() => {
    setModalOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
  }, []);
  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) {
        // Leave the browser's find-in-page alone.
        return;
      }
      // The letter starts the query; stop it from being typed a second time into the modal.
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );
  const resultsFooterComponent = useMemo(
    () =>
      function Footer({ state }: { state: { query: string; context: { nbHits?: number } } }) {
        return <ResultsFooter state={state} onClose={closeModal} />;
      },
    [closeModal],
  );

  useSearchKeyboardEvents({ isOpen, onOpen: openModal, onClose: closeModal, onInput: handleInput, searchButtonRef });

  // DocSearch renders the typed text before it asks the client for results; start fetching the
  // index pieces the text needs as the keystroke lands, ahead of that render. (DocSearch offers
  // no input callback, so this listens before it, in the capture phase.)
  useEffect(() => {
    if (!isOpen) {
      return undefined;
    }
    const onInput = (event: Event) => {
      const { target } = event;
      if (target instanceof HTMLInputElement && target.classList.contains('DocSearch-Input')) {
        localClient?.loadedIndex()?.preload(target.value);
      }
    };
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
    };
  }, [isOpen]);

  const modalProps: Partial<DocSearchProps> = {
    // Placeholders: the local client replaces Algolia's, so these are never sent anywhere.
    appId: 'LOCAL',
    apiKey: 'local-search-index',
    indexName: 'local',
    searchParameters: { facetFilters, hitsPerPage: 5 },
    placeholder: 'Search docs',
    transformSearchClient: () => searchClient as unknown as ReturnType<NonNullable<DocSearchProps['transformSearchClient']>>,
    // While the index cannot be loaded, the empty screen says so and offers a retry on the
    // search page instead of a report of missing results.
    getMissingResultsUrl: indexAvailable
      ? ({ query }: { query: string }) => `${missingResultsIssueUrl}?title=${encodeURIComponent(`Search: no results for "${query}"`)}&body=${encodeURIComponent(`The search for "${query}" found nothing, but I expected it to find:\n\n`)}`
      : ({ query }: { query: string }) => createSearchLink(query),
    insights: false,
  };
  const modalTranslations = indexAvailable
    ? translations.modal
    : {
        ...translations.modal,
        noResultsScreen: {
          ...translations.modal?.noResultsScreen,
          noResultsText: 'Unable to fetch results for',
          reportMissingResultsText: 'You might want to check your network connection.',
          reportMissingResultsLinkText: 'Try again on the search page.',
        },
      };

  return (
    <>
      <SearchButton onTouchStart={preloadOnApproach} onFocus={preloadOnApproach} onMouseOver={preloadOnApproach} onClick={openModal} ref={searchButtonRef} translations={translations.button} />
      {isOpen &&
        DocSearchModal &&
        modalContainer &&
        createPortal(
          <DocSearchModal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            resultsFooterComponent={resultsFooterComponent}
            translations={modalTranslations}
            {...(modalProps as DocSearchProps)}
          />,
          modalContainer,
        )}
    </>
  );
}
