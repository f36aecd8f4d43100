import type { ReactNode } from 'react';
import components from '@site/data/components.json';
import { componentDirectory } from '@site/src/utils/components';

/**
 * The folder a component's code lives in, such as `mod/forum/` for mod_forum, read from
 * data/components.json so that pages never retype a plugin type's directory. An unknown type or
 * subsystem fails the build.
 */
export default function ComponentPath({ component }: { component: string }): ReactNode {
  let directory: string;
  try {
    directory = componentDirectory(component, components);
  } catch (error) {
    throw new Error(`ComponentPath (prop "component"): ${(error as Error).message}`);
  }
  return <code>{directory}/</code>;
}
