/**
 * Remark plugin: a bare tracker key in a page's text (MDL-12345, MOBILE-4242) becomes a link to
 * Moodle's tracker, so writers never type the address. Keys inside links, inline code, code
 * blocks and headings (whose text becomes the anchor) stay as written.
 */
import type { Link, Nodes, PhrasingContent, Root, Text } from 'mdast';
import { trackerKeysInText, trackerUrl } from '../utils/tracker';

/** Node types whose text is left alone. */
const untouched = new Set(['link', 'linkReference', 'heading', 'code', 'inlineCode', 'definition']);

/** JSX elements that are links already: their text is not linked again. */
const linkElements = new Set(['a', 'Link', 'TrackerLink']);

/** Splits one text node into text and link nodes; null when it holds no key. */
export function linkTrackerKeys(text: string): PhrasingContent[] | null {
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const match of text.matchAll(trackerKeysInText())) {
    const start = match.index;
    if (start > last) {
      parts.push({ type: 'text', value: text.slice(last, start) } satisfies Text);
    }
    parts.push({ type: 'link', url: trackerUrl(match[0]), children: [{ type: 'text', value: match[0] }] } satisfies Link);
    last = start + match[0].length;
  }
  if (parts.length === 0) {
    return null;
  }
  if (last < text.length) {
    parts.push({ type: 'text', value: text.slice(last) });
  }
  return parts;
}

/** Replaces key-bearing text nodes below `node`, skipping the node types left alone. */
function transform(node: Nodes): void {
  if (untouched.has(node.type) || !('children' in node)) {
    return;
  }
  // MDX JSX elements (mdast-util-mdx-jsx): their Markdown children are linked, unless the
  // element is a link itself.
  const element = node as { type: string; name?: string | null };
  if (element.type.startsWith('mdxJsx') && linkElements.has(element.name ?? '')) {
    return;
  }
  const children: Nodes[] = [];
  for (const child of node.children as Nodes[]) {
    const parts = child.type === 'text' ? linkTrackerKeys(child.value) : null;
    if (parts) {
      children.push(...parts);
    } else {
      transform(child);
      children.push(child);
    }
  }
  (node as { children: Nodes[] }).children = children;
}

export default function trackerLinks() {
  return (tree: Root): void => {
    transform(tree);
  };
}
