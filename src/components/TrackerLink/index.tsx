import type { ReactNode } from 'react';
import { trackerUrl } from '@site/src/utils/tracker';
import styles from './styles.module.css';

interface Props {
  /** A tracker key such as MDL-12345; anything else fails the build. */
  issue: string;
  /** Link text; the key when omitted. */
  children?: ReactNode;
}

/**
 * A link to an issue on Moodle's tracker. Bare keys in Markdown text are linked by the
 * trackerLinks remark plugin; this component is for keys given by name, such as in a table
 * cell built from props, or with text other than the key.
 */
export default function TrackerLink({ issue, children }: Props): ReactNode {
  return (
    <a href={trackerUrl(issue)} className={styles.link}>
      {children ?? issue}
    </a>
  );
}
