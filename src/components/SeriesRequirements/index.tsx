import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import requirementsBySeries from '@generated/site-data/default/requirements.json';
import type { DatabaseRequirement } from '@site/src/utils/moodleReleases';

interface Props {
  /** The series, such as "4.1". */
  series: string;
}

function databaseMinimum(database: DatabaseRequirement): string {
  return database.notYetSupported ? `${database.minimumVersion} (${database.notYetSupported})` : database.minimumVersion;
}

/**
 * The server requirements of a Moodle series, rendered from data/moodle-releases.json: the
 * build number of its first release, the oldest version it upgrades from, PHP, PHP extensions
 * and databases. Throws at build time for a series the data has no requirements for, so a page
 * cannot silently show an empty table.
 */
export default function SeriesRequirements({ series }: Props): ReactNode {
  const entry = requirementsBySeries[series] as (typeof requirementsBySeries)[string] | undefined;
  if (!entry) {
    throw new Error(`<SeriesRequirements series="${series}" />: data/moodle-releases.json states no requirements for Moodle ${series}.`);
  }
  const { requirements, buildVersion } = entry;
  const rows: [ReactNode, ReactNode][] = [];
  if (buildVersion) {
    rows.push([`Version number of ${series}.0`, <code key="build">{buildVersion}</code>]);
  }
  if (requirements.upgrade) {
    rows.push(['Upgrade from', `Moodle ${requirements.upgrade.minimumVersion} or later`]);
  }
  if (requirements.php?.minimum) {
    const also = requirements.php.alsoSupported?.length ? `; also supported: ${requirements.php.alsoSupported.join(', ')}` : '';
    rows.push(['PHP', `${requirements.php.minimum} or later${also}`]);
  }
  for (const database of requirements.databases ?? []) {
    rows.push([
      database.url ? <Link href={database.url}>{database.name}</Link> : database.name,
      `${databaseMinimum(database)} or later`,
    ]);
  }
  const extensions = requirements.phpExtensions ?? [];
  return (
    <>
      <table>
        <caption>Moodle {series} server requirements</caption>
        <thead>
          <tr>
            <th scope="col">Requirement</th>
            <th scope="col">Minimum</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value], index) => (
            // Labels can be elements (linked database names), so the row's position is its key;
            // the rows never reorder.
            <tr key={index}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {extensions.length > 0 && (
        <ul>
          {extensions.map((extension) => (
            <li key={extension.name}>
              PHP extension <code>{extension.name}</code>: {extension.status}
              {extension.requiredFromMoodle ? `, required from Moodle ${extension.requiredFromMoodle}` : ''}
              {extension.requiredSinceMoodle ? `, required since Moodle ${extension.requiredSinceMoodle}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
