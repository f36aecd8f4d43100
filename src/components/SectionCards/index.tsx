import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export interface SectionCard {
  title: string;
  to: string;
  description: string;
}

interface Props {
  /** Id of the heading that labels the list (the list is announced with that heading's text). */
  labelledBy: string;
  sections: SectionCard[];
}

/** A grid of links to the site's sections, each with a line saying what a reader finds there. */
export default function SectionCards({ labelledBy, sections }: Props): ReactNode {
  return (
    <ul className={styles.grid} aria-labelledby={labelledBy}>
      {sections.map((section) => (
        <li key={section.to} className={styles.card}>
          <Heading as="h3" className={styles.title}>
            <Link to={section.to} className={styles.link}>
              {section.title}
            </Link>
          </Heading>
          <p className={styles.description}>{section.description}</p>
        </li>
      ))}
    </ul>
  );
}
