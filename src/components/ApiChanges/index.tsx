import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import apiChanges from '@site/data/api-changes.json';
import TrackerLink from '@site/src/components/TrackerLink';
import type { ApiChange, ApiChangesData } from '@site/src/utils/apiChanges/types';
import { compareVersions } from '@site/src/utils/moodleReleases';
import { beforeAll, changeLabels, devupdateRoute, filterChanges, groupChanges, kindLabels, versionLabel, seriesAnchor, versionOptions, type ChangeFilters } from '@site/src/utils/apiChanges/view';
import styles from './styles.module.css';

const data = apiChanges as ApiChangesData;

export const allChanges: readonly ApiChange[] = data.changes;

function ChangeRow({ change }: { change: ApiChange }): ReactNode {
  const update = devupdateRoute(change);
  return (
    <tr>
      <td>
        <code>{change.name}</code>
      </td>
      <td>{kindLabels[change.kind]}</td>
      <td>
        {changeLabels[change.change]} in {change.version}
        {change.backportedTo?.length ? <span className={styles.backport}> (also {change.backportedTo.join(', ')})</span> : null}
      </td>
      <td>{change.replacement ? <code>{change.replacement}</code> : <span aria-label="None">–</span>}</td>
      <td>
        {change.note}
        {update || change.issue ? (
          <span className={styles.links}>
            {update ? <Link to={update}>Moodle {update.slice(update.lastIndexOf('/') + 1)} developer update</Link> : null}
            {update && change.issue ? ' · ' : null}
            {change.issue ? <TrackerLink issue={change.issue} /> : null}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The changes grouped by release, then component; one table per release, in a region that scrolls sideways on a phone. */
function ChangeTables({ changes }: { changes: readonly ApiChange[] }): ReactNode {
  return groupChanges(changes).map((group) => (
    <section key={group.series} aria-labelledby={seriesAnchor(group.series)}>
      <h2 id={seriesAnchor(group.series)}>
        Moodle {group.series} <span className={styles.count}>({group.count === 1 ? '1 change' : `${group.count} changes`})</span>
      </h2>
      {/* Focusable so that keyboard users can scroll it (WCAG 2.1.1), whether or not the page has hydrated. */}
      <div className={styles.scroll} role="region" aria-label={`Changes in Moodle ${group.series}`} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">What happened</th>
              <th scope="col">Use instead</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          {group.components.map(({ component, changes: list }) => (
            <tbody key={component}>
              <tr>
                <th scope="rowgroup" colSpan={5} className={styles.component}>
                  {component}
                </th>
              </tr>
              {list.map((change) => (
                <ChangeRow key={`${change.name} ${change.kind} ${change.change} ${change.version}`} change={change} />
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  ));
}

/** The element holding the tables: one per page. */
const tablesId = 'api-changes-tables';

/**
 * Every change of data/api-changes.json, by release and component. The server renders the whole
 * list, so it reads the same without JavaScript; once the page runs, a form filters it by name
 * and by the releases a plugin moves between.
 */
export default function ApiChanges(): ReactNode {
  const versions = useMemo(() => versionOptions(allChanges), []);
  const seriesRange = useMemo(() => {
    const series = groupChanges(allChanges).map((group) => group.series);
    return [series[0], series[series.length - 1]];
  }, []);
  const [filters, setFilters] = useState<ChangeFilters>({ name: '', from: beforeAll, to: versions[versions.length - 1] });
  const deferred = useDeferredValue(filters);
  const id = useId();
  // On the page's first load, the tables the server rendered (read before React hydrates them);
  // undefined on the server and after a client-side navigation, where React renders them.
  const [serverHtml] = useState(() => (typeof document === 'undefined' ? undefined : document.getElementById(tablesId)?.innerHTML));
  // True once the page runs in the browser (after hydration): the controls need JavaScript.
  const ready = useIsBrowser();
  const shown = useMemo(() => (ready ? filterChanges(allChanges, deferred) : allChanges), [ready, deferred]);
  const update = (change: Partial<ChangeFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
  };
  return (
    <div className={styles.changes}>
      {ready ? (
        <form
          className={styles.filters}
          role="search"
          aria-label="Filter the changes"
          onSubmit={(event) => {
            event.preventDefault();
          }}>
          <label htmlFor={`${id}-name`}>
            Name
            <input id={`${id}-name`} type="search" value={filters.name} placeholder="get_context_instance, core/modal_factory…" autoComplete="off" spellCheck={false} onChange={(event) => { update({ name: event.target.value }); }} />
          </label>
          <label htmlFor={`${id}-from`}>
            From version
            <select id={`${id}-from`} value={filters.from} onChange={(event) => { update({ from: event.target.value }); }}>
              {versions.slice(0, -1).map((version) => (
                <option key={version} value={version}>
                  {versionLabel(version, versions)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={`${id}-to`}>
            To version
            <select id={`${id}-to`} value={filters.to} onChange={(event) => { update({ to: event.target.value }); }}>
              {versions.slice(1).map((version) => (
                <option key={version}>{version}</option>
              ))}
            </select>
          </label>
        </form>
      ) : null}
      <p className={styles.summary} role="status">
        {shown.length === allChanges.length
          ? `All ${allChanges.length} changes, from Moodle ${seriesRange[0]} to ${seriesRange[1]}, by release and component.`
          : shown.length === 0
            ? compareVersions(deferred.from, deferred.to) >= 0
              ? 'Pick a "to" version after the "from" version.'
              : 'No change matches these filters.'
            : `${shown.length} of ${allChanges.length} changes match.`}
      </p>
      {serverHtml !== undefined && shown.length === allChanges.length ? (
        // The whole list as the server wrote it: React takes the markup as it is and does not
        // hydrate its thousands of rows, which never change until a filter is used.
        <div id={tablesId} dangerouslySetInnerHTML={{ __html: serverHtml }} />
      ) : (
        <div id={tablesId}>
          <ChangeTables changes={shown} />
        </div>
      )}
    </div>
  );
}
