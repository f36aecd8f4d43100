/**
 * The sidebar items generator of the general section. It is Docusaurus's own, with one rule
 * added: the pages of development/ that belong to the process sidebar (the process folder, the
 * tracker folder and the Moodle App's process page) are left out of the sidebars generated from
 * the folders around them, so the coding sidebar, generated from development/, holds the coding
 * pages and tools only.
 */
import type { PluginOptions } from '@docusaurus/plugin-content-docs';

type Generator = NonNullable<PluginOptions['sidebarItemsGenerator']>;
type Items = Awaited<ReturnType<Generator>>;
type Item = Items[number];

/** Doc ids (a folder ends with a slash) of the general section listed in the process sidebar. */
export const processSidebarDocs = ['development/process/', 'development/tracker/', 'development/process-moodleapp'];

const matches = (id: string, prefixes: string[]): boolean => prefixes.some((prefix) => (prefix.endsWith('/') ? id.startsWith(prefix) : id === prefix));

function without(items: Items, prefixes: string[]): Items {
  return items.flatMap((item): Item[] => {
    if (item.type === 'doc' && matches(item.id, prefixes)) {
      return [];
    }
    if (item.type === 'category') {
      const link = item.link?.type === 'doc' ? item.link.id : undefined;
      if (link && matches(link, prefixes)) {
        return [];
      }
      return [{ ...item, items: without(item.items, prefixes) }];
    }
    return [item];
  });
}

export const generalSidebarItems: Generator = async ({ defaultSidebarItemsGenerator, ...args }) => {
  const items = await defaultSidebarItemsGenerator(args);
  // A sidebar generated from inside one of those folders keeps its pages.
  const dir = `${args.item.dirName}/`;
  return without(
    items,
    processSidebarDocs.filter((prefix) => !dir.startsWith(prefix)),
  );
};
