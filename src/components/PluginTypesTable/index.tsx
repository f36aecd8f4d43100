import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useDocsVersion, useVersions } from '@docusaurus/plugin-content-docs/client';
import components from '@site/data/components.json';
import components41 from '@site/data/components-4.1.json';
import pluginTypes from '@site/data/plugin-types.json';
import { pluginTypeRows, subpluginTypeRows } from '@site/src/utils/pluginTypes';
import type { ComponentsData, PluginTypesData } from '@site/src/utils/siteDataTypes';

const described = pluginTypes as PluginTypesData;
/** The components file of each frozen docs version; the current docs read Moodle main's. */
const componentsByVersion: Record<string, ComponentsData> = { '4.1': components41 };

interface Props {
  /** Show the sub-plugin types (declared by plugins in db/subplugins.json) instead of the plugin types. */
  subplugins?: boolean;
}

/** The path of a doc of the version being read, or undefined when that version has no such doc. */
function useDocPaths(): (id: string | undefined) => string | undefined {
  const { version } = useDocsVersion();
  const docs = useVersions(undefined).find((entry) => entry.name === version)?.docs ?? [];
  return (id) => (id === undefined ? undefined : docs.find((doc) => doc.id === id)?.path);
}

function TypeName({ type, href }: { type: string; href: string | undefined }): ReactNode {
  return href ? (
    <Link to={href}>
      <code>{type}</code>
    </Link>
  ) : (
    <code>{type}</code>
  );
}

/**
 * Every plugin type of the Moodle version being read, with the folder its plugins live in and
 * what it is for, read from that version's components file and data/plugin-types.json; the type
 * links to its page where the docs version has one. With `subplugins`, the sub-plugin types the
 * site documents.
 */
export default function PluginTypesTable({ subplugins = false }: Props): ReactNode {
  const { version } = useDocsVersion();
  const docPath = useDocPaths();
  if (subplugins) {
    const rows = subpluginTypeRows(described, version);
    return (
      <table>
        <caption>{rows.length} sub-plugin types documented here, the plugin that declares each, and where they live</caption>
        <thead>
          <tr>
            <th scope="col">Sub-plugin type</th>
            <th scope="col">Declared by</th>
            <th scope="col">Directory</th>
            <th scope="col">What it is for</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.type}>
              <th scope="row">
                <TypeName type={row.type} href={docPath(row.page)} />
              </th>
              <td>
                <code>{row.parent}</code>
              </td>
              <td>
                <code>{row.directory}/</code>
              </td>
              <td>
                {row.purpose}
                {row.removed && ` Removed from core in Moodle ${row.removed}.`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const rows = pluginTypeRows(componentsByVersion[version] ?? components, described);
  return (
    <table>
      <caption>{rows.length} plugin types, where their plugins live and what each is for</caption>
      <thead>
        <tr>
          <th scope="col">Plugin type</th>
          <th scope="col">Directory</th>
          <th scope="col">What it is for</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.type}>
            <th scope="row">
              <TypeName type={row.type} href={docPath(row.page)} />
              {row.deprecated && ' (deprecated)'}
            </th>
            <td>
              <code>{row.directory}/</code>
            </td>
            <td>{row.purpose}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
