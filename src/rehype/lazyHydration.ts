/**
 * Rehype plugin: sorts a page's top-level blocks by what the browser must do with them on the
 * page's first load.
 *
 * On a long page most of the article is text, headings, lists and tables that the server
 * rendered and that never change: hydrating them only costs the reader's phone time. So:
 * - a run of blocks with nothing interactive in them is wrapped in <StaticBlock>: on the first
 *   load React hydrates only its top-level elements, as shells, and keeps the server's nodes;
 * - a run of blocks whose interactive parts hydrate correctly at any time (code blocks with their
 *   buttons, drawn diagrams, components that show the reader's date) is wrapped in <IdleBlock>,
 *   an island React hydrates in a pass of its own after the page's;
 * - any other block (tabs, details, a page's own component, an expression) is left unwrapped and
 *   hydrates with the page, as before. Components that render differently once the app has
 *   started (useIsBrowser) must hydrate with the page: hydrated later, they would no longer
 *   match the server's HTML.
 * The wrappers are Suspense boundaries (src/components/LazyHydration), which add no element, so
 * the page's markup and styles stay the same. Nothing is static or idle unless listed here: a
 * component nobody checked is never frozen by mistake.
 */

/** The parts of hast and MDX's hast nodes this plugin reads. */
interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  children?: Node[];
  attributes?: unknown[];
}

export const staticBlockName = 'StaticBlock';
export const idleBlockName = 'IdleBlock';

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
 * Islands that hydrate correctly whenever React gets to them: their first render in the browser
 * is the server's (state starts as on the server; the reader's date comes through
 * useSyncExternalStore, which renders the server's value while hydrating). Code blocks arrive as
 * `pre` (the theme's CodeBlock, src/theme/CodeBlock), drawn diagrams as `mermaid`.
 */
export const idleComponents: ReadonlySet<string> = new Set(['CodeExample', 'DeveloperMeetings', 'PlannedDate', 'SupportCalendar', 'SupportStatus', 'ThirdPartyLibraries']);
const idleTags: ReadonlySet<string> = new Set(['mermaid', 'pre']);

/**
 * HTML tags that hydrate with the page wherever they appear: details (the theme's Details starts
 * differently once the app runs), form controls and embedded media.
 */
const eagerTags: ReadonlySet<string> = new Set(['audio', 'button', 'details', 'dialog', 'form', 'iframe', 'input', 'object', 'select', 'summary', 'textarea', 'video']);

/** What the browser does with a block on the first load, from the least work to the most. */
export type Hydration = 'static' | 'idle' | 'eager';
const order: Hydration[] = ['static', 'idle', 'eager'];

function most(a: Hydration, b: Hydration): Hydration {
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

function ofName(name: string): Hydration {
  if (/^[a-z]/.test(name)) {
    return eagerTags.has(name) ? 'eager' : idleTags.has(name) ? 'idle' : 'static';
  }
  return staticComponents.has(name) ? 'static' : idleComponents.has(name) ? 'idle' : 'eager';
}

/** What a node, with everything inside it, needs on the first load. */
export function hydrationOf(node: Node): Hydration {
  let own: Hydration;
  switch (node.type) {
    case 'text':
    case 'comment':
      return 'static';
    case 'element':
      own = ofName(node.tagName ?? '');
      break;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      // A fragment (<>…</>) has no name and renders its children.
      own = node.name ? ofName(node.name) : 'static';
      break;
    default:
      // Expressions, imports and exports, and anything this plugin does not know.
      return 'eager';
  }
  return (node.children ?? []).reduce((needed, child) => (needed === 'eager' ? needed : most(needed, hydrationOf(child))), own);
}

/** Whether a top-level node is a block that renders (ESM and the like stay outside the runs). */
function isBlock(node: Node): boolean {
  return node.type === 'element' || node.type === 'mdxJsxFlowElement';
}

function isWhitespace(node: Node): boolean {
  return node.type === 'text' && /^\s*$/.test(node.value ?? '');
}

/** A wrapper numbered `index`: the browser finds its nodes by React's marks, counted in order. */
function wrap(name: string, index: number, children: Node[]): Node {
  return { type: 'mdxJsxFlowElement', name, attributes: [{ type: 'mdxJsxAttribute', name: 'n', value: String(index) }], children };
}

/** Groups the root's children into static runs and idle islands, in place; the rest stays as it is. */
export function groupBlocks(root: Node): void {
  const result: Node[] = [];
  let run: Node[] = [];
  let runName: string | undefined;
  // Whitespace between two blocks of one run goes inside it; at a run's end it stays outside.
  let pending: Node[] = [];
  let wrappers = 0;
  const flush = () => {
    if (runName !== undefined && run.length > 0) {
      result.push(wrap(runName, wrappers, run));
      wrappers += 1;
    }
    result.push(...pending);
    run = [];
    pending = [];
    runName = undefined;
  };
  for (const node of root.children ?? []) {
    if (isWhitespace(node)) {
      (runName === undefined ? result : pending).push(node);
      continue;
    }
    if (!isBlock(node)) {
      flush();
      result.push(node);
      continue;
    }
    const hydration = hydrationOf(node);
    if (hydration === 'eager') {
      flush();
      result.push(node);
      continue;
    }
    const name = hydration === 'static' ? staticBlockName : idleBlockName;
    if (name !== runName) {
      flush();
      runName = name;
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
