import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import LatestReleases from '@site/src/components/LatestReleases';
import SectionCards, { type SectionCard } from '@site/src/components/SectionCards';
import { formatLongDate } from '@site/src/utils/dates';
import { releaseNotesIndexRoute } from '@site/src/utils/releaseRoutes';
import { supportStatus } from '@site/src/utils/moodleReleases';
import PlannedDate from '@site/src/components/PlannedDate';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './_components/home.module.css';
import { siteDescription } from '@site/config/site';

const sections: SectionCard[] = [
  {
    title: 'Guides',
    to: '/docs',
    description: 'The developer documentation: plugin types, core APIs and subsystems, for the master branch and each stable version.',
  },
  {
    title: 'Coding',
    to: '/general/development/gettingstarted',
    description: 'Set up a development environment, learn the coding style and tools, and write your first change.',
  },
  {
    title: 'Process',
    to: '/general/development/process',
    description: 'How a change travels from a tracker issue through peer review, integration and testing to a release.',
  },
  {
    title: 'Community',
    to: '/general/community/contribute',
    description: 'The many ways to contribute: code, testing, translation, documentation and helping others.',
  },
  {
    title: 'Moodle App',
    to: '/general/app/overview',
    description: 'How the mobile app works, how it talks to a Moodle site, and how plugins support it.',
  },
  {
    title: 'Release notes',
    to: releaseNotesIndexRoute,
    description: 'What changed in each Moodle release, the fixed issues and security advisories, and how long each version is supported.',
  },
  {
    title: 'Projects',
    to: '/general/projects',
    description: 'Projects the developer community runs, who leads them and where they are discussed.',
  },
  {
    title: 'About these docs',
    to: '/general/documentation',
    description: 'How this site is organised and how to improve a page, add one, or report a problem.',
  },
];

/** The series supported on the reader's date, and those whose planned release day has come, which the data cannot confirm. */
function SupportedSeries(): ReactNode {
  const { series, snapshotDate } = useSiteData();
  const today = useToday();
  const supported = series.filter((entry) => ['general', 'security', 'extended-security'].includes(supportStatus(entry, today, snapshotDate)));
  const unconfirmed = series.filter((entry) => supportStatus(entry, today, snapshotDate) === 'unconfirmed');
  return (
    <p>
      On <time dateTime={today}>{formatLongDate(today)}</time>, the supported series are{' '}
      {supported.map((entry, index) => (
        <span key={entry.name}>
          {index > 0 && (index === supported.length - 1 ? ' and ' : ', ')}
          <strong>{entry.name}</strong>
          {entry.isLTS ? ' (LTS)' : ''}
        </span>
      ))}
      .
      {unconfirmed.map((entry) => (
        <span key={entry.name}>
          {' '}
          Moodle {entry.name} is <PlannedDate date={entry.releaseDate} />.
        </span>
      ))}{' '}
      See the <Link to={releaseNotesIndexRoute}>support calendar</Link> for the dates.
    </p>
  );
}

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="Home" description={siteDescription}>
      <main>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            {siteConfig.title}
          </Heading>
          <p className={styles.tagline}>{siteConfig.tagline}</p>
          <p className={styles.lead}>
            Everything you need to build for Moodle: the APIs and plugin types of Moodle LMS, guides for the Moodle App, the
            coding style and tools, the development process from issue to release, and the release notes of every version.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/docs">
              Read the developer docs
            </Link>
            <Link className="button button--secondary button--lg" to="/general/community/contribute">
              Start contributing
            </Link>
          </div>
        </div>
      </header>
      <div className="container margin-vert--lg">
        <section aria-labelledby="sections-heading" className="margin-bottom--xl">
          <Heading as="h2" id="sections-heading">
            Find your way
          </Heading>
          <SectionCards labelledBy="sections-heading" sections={sections} />
        </section>
        <section aria-labelledby="releases-heading" className={styles.releases}>
          <Heading as="h2" id="releases-heading">
            Latest releases
          </Heading>
          <SupportedSeries />
          <LatestReleases />
        </section>
      </div>
      </main>
    </Layout>
  );
}
