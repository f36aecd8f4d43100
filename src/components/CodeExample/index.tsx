import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  /** Where the file lives, relative to the Moodle root, such as "local/greet/version.php". */
  file: string;
  /** A link to the same file in a real code base, when the example mirrors one. */
  source?: string;
  /** The fenced code block (write it as Markdown inside the component). */
  children: ReactNode;
}

/**
 * A code example that belongs in a named file. The path is a caption, so it is read before
 * the code and copied separately from it; the block keeps its copy button and highlighting.
 */
export default function CodeExample({ file, source, children }: Props): ReactNode {
  if (!file.trim()) {
    throw new Error('CodeExample: prop "file" is empty; give the path of the file the example belongs in');
  }
  return (
    <figure className={styles.example} data-markdown="code-example" data-file={file}>
      <figcaption className={styles.caption}>
        <span className={styles.label}>File</span> <code className={styles.path}>{file}</code>
        {source && (
          <a className={styles.source} href={source}>
            Source
          </a>
        )}
      </figcaption>
      <div className={styles.code}>{children}</div>
    </figure>
  );
}
