/**
 * The rehype plugin that wraps each run of a page's static top-level blocks in <StaticBlock>
 * (hydrated as shells on the first load) and leaves everything else to hydrate as before: run on
 * real MDX with MDX's own compiler, so the node shapes are the ones the build sees.
 */
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import lazyHydration, { isStatic, staticBlockName, staticComponents, type Node } from '../../src/rehype/lazyHydration';


/** The root's children after the plugin, as the compiler hands them on. */
async function blocksOf(mdx: string): Promise<Node[]> {
  let root: Node | undefined;
  await compile(mdx, {
    rehypePlugins: [
      lazyHydration,
      () => (tree: Node) => {
        root = tree;
      },
    ],
  });
  if (!root) {
    throw new Error('The plugin chain did not run');
  }
  return (root.children ?? []).filter((node) => !(node.type === 'text' && /^\s*$/.test(node.value ?? '')));
}

const attribute = (node: Node, name: string) => node.attributes?.find((entry) => entry.name === name)?.value;

/** A short description of a wrapper and its direct children, for readable expectations. */
function outline(node: Node): string {
  if (node.type === 'mdxJsxFlowElement' && node.name === staticBlockName) {
    const inner = (node.children ?? []).filter((child) => child.type !== 'text').map(outline);
    return `${node.name}#${attribute(node, 'n')}/${attribute(node, 'count')}(${inner.join(' ')})`;
  }
  return node.type === 'element' ? (node.tagName ?? '?') : node.type === 'mdxJsxFlowElement' ? `<${node.name ?? ''}>` : node.type;
}

describe('lazy hydration blocks', () => {
  it('keeps a run of text, headings, lists, quotes and tables in one static block, counted', async () => {
    const blocks = await blocksOf('## Title\n\nSome *text* with a [link](/docs).\n\n- one\n- two\n\n> Quoted.\n\n<table><tbody><tr><td>1</td></tr></tbody></table>\n');
    expect(blocks.map(outline)).toEqual(['StaticBlock#0/5(h2 p ul blockquote <table>)']);
  });

  it('marks the first element of each run with its number, where the browser looks for it', async () => {
    const blocks = await blocksOf('One.\n\n```php\necho 1;\n```\n\n<div>Two.</div>\n\nThree.\n');
    expect(blocks.map(outline)).toEqual(['StaticBlock#0/1(p)', 'pre', 'StaticBlock#1/2(<div> p)']);
    expect(blocks[0].children?.[0].properties?.dataSb).toBe('0');
    expect(attribute(blocks[2].children?.find((child) => child.type === 'mdxJsxFlowElement') ?? { type: '' }, 'data-sb')).toBe('1');
  });

  it('leaves code blocks, unknown components, details, expressions and form controls to hydrate as before', async () => {
    expect((await blocksOf('<Tabs>\n<TabItem value="a">\n\nText.\n\n</TabItem>\n</Tabs>\n')).map(outline)).toEqual(['<Tabs>']);
    expect((await blocksOf('```js\na();\n```\n\n<details>\n<summary>More</summary>\n\nHidden.\n\n</details>\n')).map(outline)).toEqual(['pre', '<details>']);
    expect((await blocksOf('Text.\n\n{1 + 1}\n')).map(outline)).toEqual(['StaticBlock#0/1(p)', 'mdxFlowExpression']);
    expect((await blocksOf('<input type="checkbox" />\n\nText.\n')).map(outline)).toEqual(['<input>', 'StaticBlock#0/1(p)']);
  });

  it('looks inside paragraphs and listed components for interactive parts', async () => {
    expect((await blocksOf('Due <PlannedDate date="2027-01-01" />.\n')).map(outline)).toEqual(['p']);
    expect((await blocksOf('See <TrackerLink issue="MDL-1" />.\n')).map(outline)).toEqual(['StaticBlock#0/1(p)']);
    expect((await blocksOf('- See <Unknown />.\n')).map(outline)).toEqual(['ul']);
  });

  it('starts a run only at an element that carries the mark, and takes admonitions inside a run', async () => {
    // A top-level component cannot carry the attribute, so a run never starts with one.
    expect((await blocksOf('<Deprecated>\n\nGone.\n\n</Deprecated>\n\nText.\n')).map(outline)).toEqual(['<Deprecated>', 'StaticBlock#0/1(p)']);
    const admonition = { type: 'mdxJsxFlowElement', name: 'admonition', children: [{ type: 'text', value: 'Note.' }] };
    expect(isStatic(admonition)).toBe(true);
  });

  it('leaves imports and exports outside the blocks, where MDX expects them', async () => {
    const blocks = await blocksOf("import Thing from './thing';\n\nText.\n\nexport const x = 1;\n\nMore.\n");
    expect(blocks.map(outline)).toEqual(['mdxjsEsm', 'StaticBlock#0/1(p)', 'mdxjsEsm', 'StaticBlock#1/1(p)']);
  });

  it('compiles to JSX that asks for the wrapper as a component', async () => {
    const code = String(await compile('Text.\n\n```php\necho 1;\n```\n', { rehypePlugins: [lazyHydration] }));
    expect(code).toContain(`_jsx(${staticBlockName}, {`);
  });

  it('never freezes a component with state or the reader\'s date', () => {
    for (const name of ['PlannedDate', 'SupportStatus', 'SupportCalendar', 'DeveloperMeetings', 'ThirdPartyLibraries', 'ApiChanges', 'PluginCheck', 'Tabs', 'TabItem', 'Head', 'Details', 'CodeExample']) {
      expect(staticComponents.has(name), name).toBe(false);
    }
    expect(isStatic({ type: 'element', tagName: 'pre', children: [] })).toBe(false);
    expect(isStatic({ type: 'element', tagName: 'p', children: [{ type: 'mdxJsxTextElement', name: 'Tabs', children: [] }] })).toBe(false);
  });
});
