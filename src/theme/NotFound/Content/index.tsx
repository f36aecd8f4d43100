/**
 * Wraps the theme's not-found message with links to the site's main sections, so a reader who
 * followed a stale link has somewhere to go.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type { WrapperProps } from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

const destinations = [
  { to: '/docs', label: 'Developer docs (APIs and plugin types)' },
  { to: '/general/development/gettingstarted', label: 'Getting started with Moodle development' },
  { to: '/general/development/process', label: 'The development process' },
  { to: '/general/releases', label: 'Release notes' },
  { to: '/versions', label: 'All documentation versions' },
];

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Content {...props} />
      <nav aria-labelledby="not-found-next" className={`container ${styles.next}`}>
        <div className="row">
          <div className="col col--6 col--offset-3">
            <h2 id="not-found-next">Where to go next</h2>
            <p>
              Pages sometimes move when the docs are reorganised. Start again from one of these pages:
            </p>
            <ul>
              {destinations.map((destination) => (
                <li key={destination.to}>
                  <Link to={destination.to}>{destination.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </nav>
    </>
  );
}
