import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { releaseFeedPath } from '@site/src/utils/releaseRoutes';

/**
 * Announces the release feed to feed readers (a `<link rel="alternate">` in the page head) and
 * to readers (a visible link). The feed is a static file, not a page, so it is linked with a
 * plain anchor rather than the router's Link.
 */
export default function ReleaseFeedLink(): ReactNode {
  const href = useBaseUrl(releaseFeedPath);
  return (
    <>
      <Head>
        <link rel="alternate" type="application/atom+xml" title="Moodle releases" href={href} />
      </Head>
      <p>
        Follow new releases of Moodle LMS and the Moodle App in a feed reader with the <a href={href}>release feed</a> (Atom).
      </p>
    </>
  );
}
