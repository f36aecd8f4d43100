import type { ReactNode } from 'react';
import type { DatabaseRequirement } from '@site/src/utils/moodleReleases';
import { compareVersions } from '@site/src/utils/moodleReleases';
import { assertMoodleVersion } from '@site/src/utils/tracker';
import { useSiteData } from '@site/src/utils/useSiteData';
import styles from './styles.module.css';

const databaseColumns: { id: DatabaseRequirement['id']; label: string }[] = [
  { id: 'postgres', label: 'PostgreSQL' },
  { id: 'mysql', label: 'MySQL' },
  { id: 'mariadb', label: 'MariaDB' },
  { id: 'mssql', label: 'SQL Server' },
  { id: 'oracle', label: 'Oracle' },
];

interface Props {
  /** The oldest series to list, such as "3.5"; every series with data when omitted. */
  from?: string;
}

/**
 * The PHP and database minimums of each Moodle series, from the release data (the
 * requirements section of each series' release notes). Newest series first.
 */
export default function RequirementsTable({ from }: Props): ReactNode {
  const oldest = from === undefined ? undefined : assertMoodleVersion(from, 'RequirementsTable (prop "from")');
  const rows = useSiteData().requirements.filter((row) => oldest === undefined || compareVersions(row.series, oldest) >= 0);
  if (rows.length === 0) {
    throw new Error(`RequirementsTable: no series from ${String(oldest)} has requirements in data/moodle-releases.json`);
  }
  return (
    <div className={styles.wrapper} role="region" aria-label="Server requirements by Moodle series" tabIndex={0}>
      <table>
        <caption className={styles.caption}>Minimum versions for each Moodle series; a dash means the release notes give none.</caption>
        <thead>
          <tr>
            <th scope="col">Moodle</th>
            <th scope="col">PHP minimum</th>
            <th scope="col">Newer PHP supported</th>
            {databaseColumns.map((column) => (
              <th key={column.id} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">Upgrade from</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.series}>
              <th scope="row">{row.series}</th>
              <td>{row.php.minimum}</td>
              <td>{row.php.alsoSupported.length > 0 ? row.php.alsoSupported.join(', ') : '–'}</td>
              {databaseColumns.map((column) => (
                <td key={column.id}>{row.databases[column.id] ?? '–'}</td>
              ))}
              <td>{row.upgradeFrom ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
