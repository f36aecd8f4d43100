import type { ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export type ExampleVariant = 'valid' | 'invalid';

const variants: Record<ExampleVariant, { label: string; className: string; mark: string }> = {
  valid: { label: 'Do', className: styles.valid, mark: '✓' },
  invalid: { label: "Don't", className: styles.invalid, mark: '✗' },
};

interface Props {
  variant: ExampleVariant;
  /** What the example shows, after "Do" or "Don't". */
  title?: string;
  /** The code block, and any sentence explaining it. */
  children: ReactNode;
}

/**
 * A good or bad example. The label is text, not only colour, so it reads the same in both
 * colour modes and to screen readers.
 */
export default function Example({ variant, title, children }: Props): ReactNode {
  const { label, className, mark } = variants[variant];
  return (
    <section className={clsx(styles.example, className)} aria-label={title ? `${label}: ${title}` : label}>
      <p className={styles.label}>
        <span aria-hidden="true" className={styles.mark}>
          {mark}
        </span>{' '}
        <strong>{label}</strong>
        {title && <>: {title}</>}
      </p>
      {children}
    </section>
  );
}

export function ValidExample(props: Omit<Props, 'variant'>): ReactNode {
  return <Example variant="valid" {...props} />;
}

export function InvalidExample(props: Omit<Props, 'variant'>): ReactNode {
  return <Example variant="invalid" {...props} />;
}

/** A valid and an invalid example side by side on wide screens, stacked on narrow ones. */
export function ExamplePair({ children }: { children: ReactNode }): ReactNode {
  return <div className={styles.pair}>{children}</div>;
}
