/**
 * A link to a search result. Unlike Docusaurus' Link it does not prefetch its page's code as soon
 * as it is visible: a list of results is replaced on every keystroke, and prefetching each new
 * list's pages took most of the time between a keystroke and its results. The page's code is
 * loaded when the reader points at or focuses the result instead, and the link navigates within
 * the app.
 */
import type { ReactNode } from 'react';
import type React from 'react';
import { useHistory } from '@docusaurus/router';

export interface SearchHitLinkProps {
  /** A path on this site, with its hash (or a full URL for a result elsewhere). */
  to: string;
  children: ReactNode;
}

export default function SearchHitLink({ to, children }: SearchHitLinkProps): React.JSX.Element {
  const history = useHistory();
  if (!to.startsWith('/')) {
    // A result on another host (possible with an Algolia index shared with other sites).
    return <a href={to}>{children}</a>;
  }
  const preload = () => {
    void window.docusaurus.preload(to);
  };
  const navigate = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.defaultPrevented) {
      return;
    }
    event.preventDefault();
    history.push(to);
  };
  return (
    <a href={to} onClick={navigate} onMouseEnter={preload} onFocus={preload}>
      {children}
    </a>
  );
}
