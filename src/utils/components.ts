/**
 * Where a component's code lives, from data/components.json (Moodle's own components.json): a
 * plugin's folder is its type's directory plus its name, a subsystem's is the subsystem's own.
 */
import type { ComponentsData } from './siteDataTypes';

/** The folder of a frankenstyle component, relative to the code folder, without a trailing slash. */
export function componentDirectory(component: string, data: ComponentsData): string {
  const match = /^([a-z][a-z0-9]*)_([a-z][a-z0-9_]*)$/.exec(component);
  if (!match) {
    throw new Error(`"${component}" is not a frankenstyle component name (write it as type_name, such as mod_forum)`);
  }
  const [, type, name] = match;
  if (type === 'core') {
    const directory = data.subsystems[name];
    if (typeof directory !== 'string') {
      throw new Error(`"${component}": "${name}" is not a core subsystem with a folder in data/components.json`);
    }
    return directory;
  }
  const typeDirectory = data.plugintypes[type];
  if (typeDirectory === undefined) {
    throw new Error(`"${component}": "${type}" is not a plugin type in data/components.json`);
  }
  return `${typeDirectory}/${name}`;
}
