/**
 * Writing data into Markdown (compiled as MDX) so that it always renders as the text it is:
 * a title such as `<img src=x onerror=…>` or `{count}` must appear literally, never as markup.
 */
import type { IssueItem, KeyLink, ReleaseSection } from '../../utils/moodleReleases';

/**
 * Escapes text for a Markdown paragraph, list item, heading or table cell. CommonMark lets any
 * ASCII punctuation be escaped with a backslash, and MDX honours those escapes for `<` and `{`,
 * so escaping every character with a meaning is enough to make the text literal.
 */
export function escapeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[\\`*_{}[\]<>()#+\-!|~&^$=:"']/g, '\\$&');
}

/** A link destination, with the characters that would end or break it percent-encoded. */
export function escapeUrl(url: string): string {
  return url.replace(/[()<>\s"'{}|\\^`[\]]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A Markdown link with literal text. */
export function link(text: string, url: string): string {
  return `[${escapeText(text)}](${escapeUrl(url)})`;
}

/** A YAML scalar: JSON strings are valid YAML and need no further escaping. */
export function yamlString(text: string): string {
  return JSON.stringify(text);
}

/** Front matter from plain values (strings, numbers, string lists, one level of mapping). */
export function frontMatter(fields: Record<string, string | number | string[] | Record<string, string> | undefined>): string {
  const lines = ['---'];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) {
      continue;
    }
    if (Array.isArray(value)) {
      lines.push(`${key}:`, ...value.map((item) => `  - ${yamlString(item)}`));
    } else if (typeof value === 'object') {
      lines.push(`${key}:`, ...Object.entries(value).map(([inner, innerValue]) => `  ${inner}: ${yamlString(innerValue)}`));
    } else {
      lines.push(`${key}: ${typeof value === 'number' ? String(value) : yamlString(value)}`);
    }
  }
  lines.push('---');
  return lines.join('\n');
}

/** A Markdown table with escaped cells (cells may hold links made with `link`). */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function keyLinks(item: IssueItem): string {
  const keys: KeyLink[] = [{ key: item.key, url: item.url }, ...(item.relatedKeys ?? [])];
  return keys.map((entry) => link(entry.key, entry.url)).join(', ');
}

/** One release-notes bullet: the key (and related keys) linked, then the summary as text. */
export function itemLine(item: IssueItem): string {
  let text: string;
  if (item.title) {
    text = `${keyLinks(item)}: ${escapeText(item.title)}`;
  } else if (item.inline) {
    text = `${keyLinks(item)}, mentioned in a longer note; the tracker holds its summary`;
  } else {
    text = `${keyLinks(item)}, described at length in the original notes; the tracker holds its summary`;
  }
  if (item.mentionedKeys?.length) {
    text += ` (see also ${item.mentionedKeys.map((entry) => link(entry.key, entry.url)).join(', ')})`;
  }
  return `- ${text}`;
}

/** The bullets of a section, with nested bullets under their parent when it is in the list. */
export function itemList(items: IssueItem[]): string {
  const keys = new Set(items.map((item) => item.key));
  const lines: string[] = [];
  for (const item of items) {
    if (item.parentKey && keys.has(item.parentKey)) {
      continue;
    }
    lines.push(itemLine(item));
    for (const child of items.filter((candidate) => candidate.parentKey === item.key && candidate !== item)) {
      lines.push(`  ${itemLine(child)}`);
    }
  }
  return lines.join('\n');
}

/**
 * The data's sections as headings with their items. Parent headings ("Major features") are
 * written once, before the first section under them; levels start at `baseLevel` and nest by
 * the parents, whatever level the source page used.
 */
export function sectionsMarkdown(sections: ReleaseSection[], baseLevel = 2): string {
  const open: string[] = [];
  const blocks: string[] = [];
  for (const section of sections) {
    const parents = section.parentHeadings ?? [];
    parents.forEach((parent, index) => {
      if (open[index] !== parent) {
        open.length = index;
        open.push(parent);
        blocks.push(`${'#'.repeat(Math.min(baseLevel + index, 6))} ${escapeText(parent)}`);
      }
    });
    open.length = parents.length;
    blocks.push(`${'#'.repeat(Math.min(baseLevel + parents.length, 6))} ${escapeText(section.heading)}`, itemList(section.items));
  }
  return blocks.join('\n\n');
}

/** "1 fixed issue", "12 fixed issues". */
export function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${value} ${value === 1 ? singular : plural}`;
}

/** "a, b and c". */
export function listText(values: string[]): string {
  return values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}
