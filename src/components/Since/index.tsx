import type { ReactNode } from 'react';
import TrackerLink from '@site/src/components/TrackerLink';
import { assertMoodleVersion, joinVersions, parseBackports } from '@site/src/utils/tracker';
import styles from './styles.module.css';

interface Props {
  /** The Moodle version that introduced the feature, such as "4.1". */
  version: string;
  /** The tracker issue that introduced it. */
  issue?: string;
  /** Earlier stable releases that also have it (a backport), such as "4.4.5, 4.5.1". */
  backports?: string;
}

/**
 * An inline marker saying which Moodle version introduced what the sentence or heading
 * describes. Put it after a heading's text or at the start of a paragraph.
 */
export default function Since({ version, issue, backports }: Props): ReactNode {
  const checked = assertMoodleVersion(version, 'Since (prop "version")');
  const alsoIn = parseBackports(backports, checked, 'Since (prop "backports")');
  return (
    <span className={styles.badge} data-markdown="since">
      <span className={styles.label}>Since Moodle {checked}</span>
      {issue && (
        <>
          {' '}
          (<TrackerLink issue={issue} />)
        </>
      )}
      {alsoIn.length > 0 && <>, also in {joinVersions(alsoIn)}</>}
    </span>
  );
}
