import type { ReactNode } from 'react';
import components from '@site/data/components.json';
import type { ComponentsData } from '@site/src/utils/siteDataTypes';

const data = components as ComponentsData;

/**
 * Every plugin type of Moodle with the directory its plugins live in, read from
 * data/components.json (Moodle's own lib/components.json), sorted by type name.
 */
export default function PluginTypesTable(): ReactNode {
  const types = Object.entries(data.plugintypes).sort(([a], [b]) => a.localeCompare(b));
  return (
    <table>
      <caption>{types.length} plugin types and where their plugins live</caption>
      <thead>
        <tr>
          <th scope="col">Plugin type</th>
          <th scope="col">Directory</th>
          <th scope="col">Example component name</th>
        </tr>
      </thead>
      <tbody>
        {types.map(([type, directory]) => (
          <tr key={type}>
            <th scope="row">
              <code>{type}</code>
            </th>
            <td>
              <code>{directory}/</code>
            </td>
            <td>
              <code>{type}_example</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
