/**
 * Rehype plugin: marks the runs of a page's top-level blocks that the browser need not hydrate
 * on the page's first load.
 *
 * On a long page much of the article is text, headings, lists and tables that the server
 * rendered and that never change: hydrating them only costs the reader's phone time. Each run of
 * top-level blocks with nothing interactive in them is wrapped in <StaticBlock>
 * (src/components/LazyHydration), whose first element carries `data-sb` (the run's number) and
 * which knows how many elements it has. On the first load the browser hydrates such a run as
 * shells: React walks its top-level elements and keeps everything inside them as the server
 * made it. Every other block (code blocks and their buttons, diagrams, details, tabs, components
 * with state or the reader's date, an expression, anything unknown) hydrates as before. Nothing is
 * static unless this file says so: a component nobody checked is never frozen by mistake.
 */

/** The parts of hast and MDX's hast nodes this plugin reads and writes. */
export interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
  attributes?: { type?: string; name: string; value: string }[];
}

export const staticBlockName = 'StaticBlock';

/**
 * Components that render the same markup on the server and in the browser, keep no state and
 * handle no events, so their server HTML can stay as it is. Check a component for hooks that
 * hold state, effects, event handlers and dates before adding it here.
 */
export const staticComponents: ReadonlySet<string> = new Set([
  'admonition',
  'ComponentPath',
  'Deprecated',
  'ExamplePair',
  'InvalidExample',
  'LatestReleases',
  'PluginTypesTable',
  'ProjectsTable',
  'ReleaseFeedLink',
  'RequirementsTable',
  'SeriesKind',
  'Since',
  'TrackerLink',
  'ValidExample',
]);

/**
 * HTML tags that are interactive wherever they appear: code blocks (`pre`: copy and word-wrap
 * buttons), drawn diagrams, details (the theme's animated Details), form controls and media.
 */
const interactiveTags: ReadonlySet<string> = new Set([
  'audio',
  'button',
  'details',
  'dialog',
  'form',
  'iframe',
  'input',
  'mermaid',
  'object',
  'pre',
  'select',
  'summary',
  'textarea',
  'video',
]);

/** Whether a node, with everything inside it, can stay as the server rendered it. */
export function isStatic(node: Node): boolean {
  switch (node.type) {
    case 'text':
    case 'comment':
      return true;
    case 'element':
      return !interactiveTags.has(node.tagName ?? '') && (node.children ?? []).every(isStatic);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const name = node.name ?? '';
      // A fragment (<>…</>) has no name and renders its children.
      const known = name === '' || (/^[a-z]/.test(name) ? !interactiveTags.has(name) : staticComponents.has(name));
      return known && (node.children ?? []).every(isStatic);
    }
    default:
      // Expressions, imports and exports, and anything this plugin does not know.
      return false;
  }
}

/** Whether a top-level node is a block that renders (ESM and the like stay outside the runs). */
function isBlock(node: Node): boolean {
  return node.type === 'element' || node.type === 'mdxJsxFlowElement';
}

/**
 * Whether a top-level block renders as exactly one element that carries the attributes it is
 * given: an HTML element of the Markdown (the theme's headings and tables pass attributes on)
 * or of the JSX. The browser finds a static run by its first element's `data-sb` attribute and
 * counts its elements, so a static run holds only these and admonitions (one element each).
 */
function isElementBlock(node: Node): boolean {
  return node.type === 'element' || (node.type === 'mdxJsxFlowElement' && /^[a-z]/.test(node.name ?? ''));
}

function isWhitespace(node: Node): boolean {
  return node.type === 'text' && /^\s*$/.test(node.value ?? '');
}

/** Marks the first element of static run `index`, where the browser looks for it. */
function mark(node: Node, index: number): void {
  if (node.type === 'element') {
    node.properties = { ...node.properties, dataSb: String(index) };
  } else {
    node.attributes = [...(node.attributes ?? []), { type: 'mdxJsxAttribute', name: 'data-sb', value: String(index) }];
  }
}

function staticBlock(index: number, children: Node[]): Node {
  const count = children.filter((child) => !isWhitespace(child)).length;
  return {
    type: 'mdxJsxFlowElement',
    name: staticBlockName,
    attributes: [
      { type: 'mdxJsxAttribute', name: 'n', value: String(index) },
      { type: 'mdxJsxAttribute', name: 'count', value: String(count) },
    ],
    children,
  };
}

/** Wraps each run of static top-level blocks in <StaticBlock>, in place; the rest stays as it is. */
export function groupBlocks(root: Node): void {
  const result: Node[] = [];
  let run: Node[] = [];
  // Whitespace between two blocks of a run goes inside it; at a run's end it stays outside.
  let pending: Node[] = [];
  let runs = 0;
  const flush = () => {
    if (run.length > 0) {
      mark(run[0], runs);
      result.push(staticBlock(runs, run));
      runs += 1;
    }
    result.push(...pending);
    run = [];
    pending = [];
  };
  for (const node of root.children ?? []) {
    if (isWhitespace(node)) {
      (run.length === 0 ? result : pending).push(node);
      continue;
    }
    const joins =
      isBlock(node) &&
      isStatic(node) &&
      (isElementBlock(node) || (run.length > 0 && node.type === 'mdxJsxFlowElement' && node.name === 'admonition'));
    if (!joins) {
      flush();
      result.push(node);
      continue;
    }
    run.push(...pending, node);
    pending = [];
  }
  flush();
  root.children = result;
}

export default function lazyHydration() {
  return (tree: Node): void => {
    groupBlocks(tree);
  };
}
