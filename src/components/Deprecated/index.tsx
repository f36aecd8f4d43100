import type { ReactNode } from 'react';
import TrackerLink from '@site/src/components/TrackerLink';
import { assertMoodleVersion, joinVersions, parseBackports } from '@site/src/utils/tracker';
import styles from './styles.module.css';

interface Props {
  /** The Moodle version that deprecated it, such as "4.0". */
  since: string;
  /** The version that removed it, when it is gone. */
  removed?: string;
  /** The tracker issue of the deprecation. */
  issue?: string;
  /** Earlier stable releases that deprecated it too (a backport), such as "5.0.5, 5.1.2". */
  backports?: string;
  /** What to use instead (Markdown allowed in children; this is a short name in code). */
  replacement?: string;
  /** Why, and how to migrate. */
  children?: ReactNode;
}

/**
 * A notice that an API, file or setting is deprecated: since when, until when, what replaces
 * it. It is a note landmark so that screen-reader users can find it among the page's regions.
 */
export default function Deprecated({ since, removed, issue, backports, replacement, children }: Props): ReactNode {
  const deprecatedIn = assertMoodleVersion(since, 'Deprecated (prop "since")');
  const alsoIn = parseBackports(backports, deprecatedIn, 'Deprecated (prop "backports")');
  const removedIn = removed === undefined ? undefined : assertMoodleVersion(removed, 'Deprecated (prop "removed")');
  return (
    <aside className={styles.notice} role="note" aria-label={`Deprecated since Moodle ${deprecatedIn}`}>
      <p className={styles.heading}>
        <strong>Deprecated since Moodle {deprecatedIn}</strong>
        {removedIn && <>, removed in Moodle {removedIn}</>}
        {issue && (
          <>
            {' '}
            (<TrackerLink issue={issue} />)
          </>
        )}
        {alsoIn.length > 0 && <>; also deprecated in {joinVersions(alsoIn)}</>}
      </p>
      {replacement && (
        <p>
          Use <code>{replacement}</code> instead.
        </p>
      )}
      {children}
    </aside>
  );
}
