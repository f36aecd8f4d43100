/**
 * The theme's CodeBlock without its re-mount after hydration. The stock component keys its
 * content on useIsBrowser() so that the whole block renders again in the browser with the
 * colours of the reader's mode, because its colours were inline styles of one mode. Here the
 * colours are classes coloured by CSS for both modes (src/utils/codeHighlight.ts), so the
 * server's block is already right and rendering it twice would only cost time.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((element) => isValidElement(element))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? <StringContent {...props}>{children}</StringContent> : <ElementContent {...props}>{children}</ElementContent>;
}
