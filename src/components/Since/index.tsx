import type { ReactNode } from 'react';
import TrackerLink from '@site/src/components/TrackerLink';
import { assertMoodleVersion } from '@site/src/utils/tracker';
import styles from './styles.module.css';

interface Props {
  /** The Moodle version that introduced the feature, such as "4.1". */
  version: string;
  /** The tracker issue that introduced it. */
  issue?: string;
}

/**
 * An inline marker saying which Moodle version introduced what the sentence or heading
 * describes. Put it after a heading's text or at the start of a paragraph.
 */
export default function Since({ version, issue }: Props): ReactNode {
  const checked = assertMoodleVersion(version, 'Since (prop "version")');
  return (
    <span className={styles.badge} data-markdown="since">
      <span className={styles.label}>Since Moodle {checked}</span>
      {issue && (
        <>
          {' '}
          (<TrackerLink issue={issue} />)
        </>
      )}
    </span>
  );
}
