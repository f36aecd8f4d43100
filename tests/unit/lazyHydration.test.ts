/**
 * The rehype plugin that wraps a page's top-level blocks in <StaticBlock> (kept as the server's
 * HTML on the first load) and <IdleBlock> (hydrated when idle), and leaves the rest to hydrate
 * with the page: run on real MDX with MDX's own compiler, so the node shapes are the ones the
 * build sees.
 */
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import lazyHydration, { hydrationOf, idleBlockName, idleComponents, staticBlockName, staticComponents } from '../../src/rehype/lazyHydration';

interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  children?: Node[];
}

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

/** A short description of a wrapper and its direct children, for readable expectations. */
function outline(node: Node): string {
  if (node.type === 'mdxJsxFlowElement' && (node.name === staticBlockName || node.name === idleBlockName)) {
    const inner = (node.children ?? []).filter((child) => child.type !== 'text').map(outline);
    return `${node.name}(${inner.join(' ')})`;
  }
  return node.type === 'element' ? (node.tagName ?? '?') : node.type === 'mdxJsxFlowElement' ? `<${node.name ?? ''}>` : node.type;
}

describe('lazy hydration blocks', () => {
  it('keeps a run of text, headings, lists and tables in one static block', async () => {
    const blocks = await blocksOf('## Title\n\nSome *text* with a [link](/docs).\n\n- one\n- two\n\n> Quoted.\n\n<table><tbody><tr><td>1</td></tr></tbody></table>\n');
    expect(blocks.map(outline)).toEqual(['StaticBlock(h2 p ul blockquote <table>)']);
  });

  it('makes a code block an island between two static runs', async () => {
    const blocks = await blocksOf('Before.\n\n```php\necho 1;\n```\n\nAfter.\n');
    expect(blocks.map(outline)).toEqual(['StaticBlock(p)', 'IdleBlock(pre)', 'StaticBlock(p)']);
  });

  it('numbers the wrappers in document order, as the browser counts React\'s marks', async () => {
    const blocks = await blocksOf('One.\n\n```php\necho 1;\n```\n\n<Tabs />\n\nTwo.\n');
    const numbers = blocks.map((node) => (node as { attributes?: { name: string; value: string }[] }).attributes?.find((attribute) => attribute.name === 'n')?.value);
    expect(blocks.map(outline)).toEqual(['StaticBlock(p)', 'IdleBlock(pre)', '<Tabs>', 'StaticBlock(p)']);
    expect(numbers).toEqual(['0', '1', undefined, '2']);
  });

  it('joins neighbouring islands into one', async () => {
    const blocks = await blocksOf('```js\na();\n```\n\n<PlannedDate date="2027-01-01" />\n\n```php\nb();\n```\n');
    expect(blocks.map(outline)).toEqual(['IdleBlock(pre <PlannedDate> pre)']);
  });

  it('leaves an unknown component, details, an expression and a form control to hydrate with the page', async () => {
    expect((await blocksOf('<Tabs>\n<TabItem value="a">\n\nText.\n\n</TabItem>\n</Tabs>\n')).map(outline)).toEqual(['<Tabs>']);
    expect((await blocksOf('```js\na();\n```\n\n<details>\n<summary>More</summary>\n\nHidden.\n\n</details>\n')).map(outline)).toEqual(['IdleBlock(pre)', '<details>']);
    expect((await blocksOf('Text.\n\n{1 + 1}\n')).map(outline)).toEqual(['StaticBlock(p)', 'mdxFlowExpression']);
    expect((await blocksOf('<input type="checkbox" />\n\nText.\n')).map(outline)).toEqual(['<input>', 'StaticBlock(p)']);
  });

  it('looks inside a listed component and a paragraph for interactive parts', async () => {
    expect((await blocksOf('<Deprecated>\n\nGone.\n\n</Deprecated>\n')).map(outline)).toEqual(['StaticBlock(<Deprecated>)']);
    expect((await blocksOf('<Deprecated>\n\n```php\nold();\n```\n\n</Deprecated>\n')).map(outline)).toEqual(['IdleBlock(<Deprecated>)']);
    expect((await blocksOf('Due <PlannedDate date="2027-01-01" />.\n')).map(outline)).toEqual(['IdleBlock(p)']);
    expect((await blocksOf('See <TrackerLink issue="MDL-1" />.\n')).map(outline)).toEqual(['StaticBlock(p)']);
    expect((await blocksOf('- See <Unknown />.\n')).map(outline)).toEqual(['ul']);
  });

  it('leaves imports and exports outside the blocks, where MDX expects them', async () => {
    const blocks = await blocksOf("import Thing from './thing';\n\nText.\n\nexport const x = 1;\n\nMore.\n");
    expect(blocks.map(outline)).toEqual(['mdxjsEsm', 'StaticBlock(p)', 'mdxjsEsm', 'StaticBlock(p)']);
  });

  it('compiles to JSX that asks for the two wrappers as components', async () => {
    const code = String(await compile('Text.\n\n```php\necho 1;\n```\n', { rehypePlugins: [lazyHydration] }));
    expect(code).toContain(`_jsx(${staticBlockName}, {`);
    expect(code).toContain(`_jsx(${idleBlockName}, {`);
  });

  it('never freezes a component with state, nor hydrates late one that renders differently once the app runs', () => {
    // Components with state or the reader's date must not be static.
    for (const name of ['PlannedDate', 'SupportStatus', 'SupportCalendar', 'DeveloperMeetings', 'ThirdPartyLibraries', 'ApiChanges', 'PluginCheck', 'Tabs', 'TabItem', 'Head', 'Details']) {
      expect(staticComponents.has(name), name).toBe(false);
    }
    // Components that use useIsBrowser (the theme's Tabs and Details, the API changes page's) must hydrate with the page.
    for (const name of ['ApiChanges', 'PluginCheck', 'Tabs', 'TabItem', 'Details', 'ThemedImage', 'BrowserOnly', 'Head']) {
      expect(idleComponents.has(name), name).toBe(false);
    }
    expect(hydrationOf({ type: 'mdxJsxFlowElement', name: 'admonition', children: [{ type: 'text', value: 'x' }] })).toBe('static');
    expect(hydrationOf({ type: 'element', tagName: 'pre', children: [] })).toBe('idle');
    expect(hydrationOf({ type: 'element', tagName: 'p', children: [{ type: 'mdxJsxTextElement', name: 'Tabs', children: [] }, { type: 'element', tagName: 'pre', children: [] }] })).toBe('eager');
  });
});
