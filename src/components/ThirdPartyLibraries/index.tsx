import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import ScrollableTable from '@site/src/components/ScrollableTable';
import type { ThirdPartyLibrariesData } from '@site/src/utils/siteDataTypes';
import { filterLibraries, licenceLabel, sortLibraries, type LibraryColumn, type SortDirection } from './utils';
import styles from './styles.module.css';

const columns: { id: LibraryColumn; label: string }[] = [
  { id: 'name', label: 'Library' },
  { id: 'location', label: 'Location' },
  { id: 'version', label: 'Version' },
  { id: 'licence', label: 'Licence' },
];

/** The query string key that keeps a filter in the address, so that a filtered table can be linked. */
const filterParam = 'filter';

/** The address is read once per render; the table itself writes the filter back to it. */
const subscribe = (): (() => void) => () => undefined;
const addressFilter = (): string => new URLSearchParams(window.location.search).get(filterParam) ?? '';

interface Props {
  /** data/third-party-libraries.json, imported by the page so that only that page's bundle carries it. */
  data: ThirdPartyLibrariesData;
}

/**
 * Every library of data/third-party-libraries.json in a table a reader can filter by typing and
 * sort by any column. The server renders the whole table sorted by name, so it reads the same
 * without JavaScript; the filter box and the sort buttons work once the page has hydrated.
 */
export default function ThirdPartyLibraries({ data }: Props): ReactNode {
  // Null until the reader types: until then the filter comes from the address (none on the server).
  const [typed, setTyped] = useState<string | null>(null);
  const fromAddress = useSyncExternalStore(subscribe, addressFilter, () => '');
  const query = typed ?? fromAddress;
  const [sort, setSort] = useState<{ column: LibraryColumn; direction: SortDirection }>({ column: 'name', direction: 'ascending' });
  const inputId = useId();
  const statusId = useId();

  const rows = useMemo(() => sortLibraries(filterLibraries(data.libraries, query), sort.column, sort.direction), [data, query, sort]);

  const updateQuery = (value: string) => {
    setTyped(value);
    const url = new URL(window.location.href);
    if (value.trim()) {
      url.searchParams.set(filterParam, value);
    } else {
      url.searchParams.delete(filterParam);
    }
    window.history.replaceState(window.history.state, '', url);
  };

  const toggleSort = (column: LibraryColumn) => {
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
  };

  return (
    <div className={styles.libraries}>
      <div className={styles.filter}>
        <label htmlFor={inputId}>Filter libraries</label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => {
            updateQuery(event.target.value);
          }}
          placeholder="Name, folder, licence or version"
          aria-describedby={statusId}
          autoComplete="off"
          spellCheck={false}
        />
        <p id={statusId} role="status" className={styles.status}>
          {rows.length === data.libraries.length ? `All ${rows.length} libraries` : `${rows.length} of ${data.libraries.length} libraries`}
        </p>
      </div>
      <ScrollableTable className={styles.table}>
        <caption>
          Third-party libraries bundled with Moodle ({data.libraries.length}). Select a column heading to sort by it.
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = sort.column === column.id;
              return (
                <th key={column.id} scope="col" aria-sort={active ? sort.direction : undefined}>
                  <button type="button" className={styles.sortButton} onClick={() => {
                      toggleSort(column.id);
                    }}>
                    {column.label}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((library) => (
            <tr key={`${library.location}\u0000${library.name}`} data-library-location={library.location}>
              <th scope="row">
                {library.repository ? <Link href={library.repository}>{library.name}</Link> : library.name}
                {library.customised && <span className={styles.customised}>customised</span>}
                {library.description && <span className={styles.description}>{library.description}</span>}
              </th>
              <td>
                <code>{library.location}</code>
              </td>
              <td>{library.version ?? <span className={styles.unstated}>not stated</span>}</td>
              <td>{licenceLabel(library)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      {rows.length === 0 && <p className={styles.empty}>No library matches “{query}”.</p>}
    </div>
  );
}
