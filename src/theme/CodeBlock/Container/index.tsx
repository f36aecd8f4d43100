/**
 * The theme's code block container without the inline Prism colour variables: the block's
 * colours come from CSS for each colour mode (codeThemeCss in src/utils/codeHighlight.ts), so
 * the server-rendered block is right in dark mode before any script runs, and hydration has
 * nothing to change.
 */
import type { ComponentProps, ElementType, ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

export default function CodeBlockContainer<T extends ElementType>({ as: As, ...props }: { as: T } & ComponentProps<T>): ReactNode {
  const Element = As as ElementType;
  return <Element {...props} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
