/**
 * Turns a built page into Markdown: the page's rendered article, not its source file, so that
 * what MDX components render (requirement tables, release lists, version markers, deprecation
 * notes, tabs, admonitions) comes out as readable Markdown, and nothing of the source (front
 * matter, imports, JSX) can leak. Pure functions over HTML text, unit-tested without a build.
 *
 * Components mark what needs a Markdown form of its own with a `data-markdown` attribute
 * (`since`, `code-example`, `mermaid`); the theme's own markup (code blocks, admonitions, tabs,
 * doc cards) is recognised by its stable `theme-*` class names.
 */
import type { Element, ElementContent, Properties, Root } from 'hast';
import type { Code } from 'mdast';
import { decodeHTML } from 'entities';
import { selectAll, select } from 'hast-util-select';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { toText } from 'hast-util-to-text';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';

/** A page as the Markdown export writes it. */
export interface MarkdownPage {
  route: string;
  title: string;
  description: string;
  /** The page in Markdown, starting with its title as the only H1. */
  markdown: string;
}

export interface ConvertOptions {
  /** The page's route, such as "/docs/apis/core/dml" (without the base URL). */
  route: string;
  /** Origin the site is deployed at, such as "https://moodledev.io". */
  siteUrl: string;
  /** Path the site is served under, "/" or "/devdocs/". */
  baseUrl: string;
}

function classList(node: Element): string[] {
  const value: unknown = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

function hasClass(node: Element, name: string): boolean {
  return classList(node).includes(name);
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** A code block as a plain `<pre>` that the code handler below turns into a fenced block. */
function codeElement(value: string, lang: string | undefined, title: string | undefined): Element {
  const properties: Properties = {};
  if (lang) {
    properties.dataLang = lang;
  }
  if (title) {
    properties.dataTitle = title;
  }
  return element('pre', properties, [text(value)]);
}

function childElements(node: Element): Element[] {
  return node.children.filter((child): child is Element => child.type === 'element');
}

function hasClassPrefix(node: Element, prefix: string): boolean {
  return classList(node).some((name) => name.startsWith(prefix));
}

/** Page furniture, not content: anchors, buttons, icons, hidden decorations. */
function isFurniture(node: Element): boolean {
  const classes = classList(node);
  return (
    ['button', 'svg', 'script', 'style', 'template', 'noscript', 'h1'].includes(node.tagName) ||
    node.properties.ariaHidden === 'true' ||
    classes.includes('hash-link') ||
    classes.includes('theme-doc-toc-mobile') ||
    classes.includes('theme-doc-version-badge') ||
    classes.includes('theme-doc-breadcrumbs') ||
    // The diagram itself (empty in the built HTML, an SVG in a browser) has nothing to add.
    classes.includes('docusaurus-mermaid-container')
  );
}

function bold(children: ElementContent[]): Element {
  return element('p', {}, [element('strong', {}, children)]);
}

/** Doc cards (a category's list of pages): a list of links with their descriptions. */
function docCardList(section: Element): Element {
  const items = selectAll('a.theme-doc-card-container', section).map((card) => {
    const title = toText(select('.theme-doc-card-title', card) ?? card).trim();
    const descriptionNode = select('.theme-doc-card-description', card);
    const description = descriptionNode ? toText(descriptionNode).trim() : '';
    return element('li', {}, [element('a', { href: card.properties.href }, [text(title)]), ...(description ? [text(`: ${description}`)] : [])]);
  });
  return element('ul', {}, items);
}

/**
 * Rewrites one node of the content into what Markdown can say, returning its replacement
 * (none, one or several nodes). Children are rewritten first where the result uses them.
 */
function rewrite(node: ElementContent, urls: (url: string) => string): ElementContent[] {
  // Comments (React's text separators among them) carry no content.
  if (node.type === 'comment') {
    return [];
  }
  if (node.type !== 'element') {
    return [node];
  }
  if (isFurniture(node)) {
    return [];
  }
  const dataMarkdown = node.properties.dataMarkdown;
  // Diagrams render in the browser; the page carries their source for this export.
  if (dataMarkdown === 'mermaid') {
    return [codeElement(String(node.properties.dataSource ?? ''), 'mermaid', undefined)];
  }
  if (node.tagName === 'header' && childElements(node).every((child) => child.tagName === 'h1')) {
    return [];
  }
  const children = node.children.flatMap((child) => rewrite(child, urls));
  for (const attribute of ['href', 'src'] as const) {
    const value = node.properties[attribute];
    if (typeof value === 'string') {
      node.properties[attribute] = urls(value);
    }
  }
  // <CodeExample file="…">: the file becomes the code block's title; the caption goes.
  if (dataMarkdown === 'code-example') {
    const file = String(node.properties.dataFile ?? '');
    const caption = childElements(node).find((child) => child.tagName === 'figcaption');
    const source = caption ? select('a[href]', caption) : undefined;
    const content = children.filter((child) => !(child.type === 'element' && child.tagName === 'figcaption')).flatMap((child) => (child.type === 'element' && child.tagName === 'div' ? child.children : [child]));
    content.forEach((child) => {
      if (child.type === 'element' && child.tagName === 'pre' && !child.properties.dataTitle) {
        child.properties.dataTitle = file;
      }
    });
    return [...(source ? [element('p', {}, [text('Source: '), source])] : []), ...content];
  }
  // <Since> reads as an emphasised note in the sentence: "_Since Moodle 4.5 (MDL-81031)_".
  if (dataMarkdown === 'since') {
    return [element('em', {}, children)];
  }
  // Admonitions and deprecation notes become block quotes that start with their heading.
  if (node.tagName === 'div' && hasClass(node, 'theme-admonition')) {
    const parts = childElements(node);
    const heading = parts.find((child) => hasClassPrefix(child, 'admonitionHeading'));
    const content = children.filter((child) => child.type === 'element' && hasClassPrefix(child, 'admonitionContent')) as Element[];
    const label = heading ? toText(heading).trim() : '';
    const title = label ? [bold([text(label.charAt(0).toUpperCase() + label.slice(1))])] : [];
    return [element('blockquote', {}, [...title, ...(content.length ? content.flatMap((part) => part.children) : children)])];
  }
  if (node.tagName === 'aside') {
    return [element('blockquote', {}, children)];
  }
  // Tabs: every panel in turn, each under its label in bold.
  if (node.tagName === 'div' && hasClass(node, 'tabs-container')) {
    const labels = selectAll('[role="tab"]', node).map((tab) => toText(tab).trim());
    const panels = children.flatMap((child) => (child.type === 'element' ? selectAll('[role="tabpanel"]', child) : []));
    return panels.flatMap((panel, index) => [bold([text(labels[index] ?? `Tab ${index + 1}`)]), ...panel.children]);
  }
  // <details>: the summary in bold, then the content, all of it visible.
  if (node.tagName === 'details') {
    return children.flatMap((child) => {
      if (child.type === 'element' && child.tagName === 'summary') {
        return [bold(child.children)];
      }
      return child.type === 'element' && child.tagName === 'div' ? child.children : [child];
    });
  }
  if (node.tagName === 'section' && selectAll('a.theme-doc-card-container', node).length) {
    return [docCardList(node)];
  }
  // A table's caption goes above it as a paragraph, since Markdown tables have none.
  if (node.tagName === 'table') {
    const caption = children.find((child) => child.type === 'element' && child.tagName === 'caption') as Element | undefined;
    node.children = children.filter((child) => child !== caption);
    return caption ? [element('p', {}, [element('em', {}, caption.children)]), node] : [node];
  }
  node.children = children;
  return [node];
}

/** Links and images point at the deployed site, so the file makes sense wherever it is read. */
function urlResolver({ route, siteUrl, baseUrl }: ConvertOptions): (url: string) => string {
  const origin = siteUrl.replace(/\/$/, '');
  const pageUrl = `${origin}${baseUrl.replace(/\/$/, '')}${route === '/' ? '' : route}`;
  return (url) => {
    if (url.startsWith('#')) {
      return `${pageUrl}${url}`;
    }
    if (url.startsWith('/') && !url.startsWith('//')) {
      return `${origin}${url}`;
    }
    return url;
  };
}

const siteTitleSuffix = / \| Moodle Developer Resources$/;

/**
 * The part of the page's HTML that can hold its content: from the document's content (or a
 * generated index) to the end of <main>. Parsing only this slice, not the navbar, sidebar and
 * head, makes the export several times faster.
 */
function contentSlice(html: string): string | null {
  const start = html.search(/<div class="?[^"> ]*\b(theme-doc-markdown|generatedIndexPage_)/);
  if (start < 0) {
    return null;
  }
  const end = html.indexOf('</main>', start);
  return html.slice(start, end < 0 ? undefined : end);
}

function decodeEntities(value: string): string {
  return decodeHTML(value).trim();
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A code block's text: one `.token-line` div per line, each ending in a `<br>`. */
function codeText(linesHtml: string): string {
  const lines = linesHtml.split(/<div class="?token-line\b[^>]*>/).slice(1);
  const source = lines.length ? lines.map((line) => line.replace(/<\/div>\s*$/, '')) : [linesHtml];
  return source
    .map((line) => decodeHTML(line.replace(/<br\s*\/?>/g, '').replace(/<[^>]*>/g, '')))
    .join('\n')
    .replace(/\n+$/, '');
}

const codeBlockStart = /<div class="language-([^\s"]+)[^"]*\btheme-code-block\b[^>]*>(?:<div class="?codeBlockTitle_[^>]*>(.*?)<\/div>)?/g;
const codeBlockEnd = '</code></pre></div></div>';

/**
 * Highlighted code is most of a page's markup (a span with inline styles per token) and would
 * be most of the parsing time. Docusaurus writes every code block the same way, so each one is
 * cut down to a plain `<pre>` with its language and title before the HTML is parsed.
 */
function compactCodeBlocks(slice: string): string {
  let result = '';
  let position = 0;
  for (const match of slice.matchAll(codeBlockStart)) {
    if (match.index < position) {
      continue;
    }
    const end = slice.indexOf(codeBlockEnd, match.index);
    const codeStart = slice.indexOf('<code', match.index);
    if (end < 0 || codeStart < 0 || codeStart > end) {
      continue;
    }
    const linesHtml = slice.slice(slice.indexOf('>', codeStart) + 1, end);
    const title = match[2] ? decodeHTML(match[2].replace(/<[^>]*>/g, '')).trim() : '';
    const attributes = `data-lang="${escapeHtml(match[1])}"${title ? ` data-title="${escapeHtml(title)}"` : ''}`;
    result += `${slice.slice(position, match.index)}<pre ${attributes}>${escapeHtml(codeText(linesHtml))}</pre>`;
    position = end + codeBlockEnd.length;
  }
  return result + slice.slice(position);
}

/** The page's description, from its meta tag (minified HTML may leave the quotes out). */
function metaDescription(html: string): string {
  const tag = /<meta\b[^>]*\bname="?description"?[^>]*>/.exec(html)?.[0];
  const content = tag ? /\bcontent=(?:"([^"]*)"|([^\s>]+))/.exec(tag) : null;
  return content ? decodeEntities(content[1] ?? content[2] ?? '') : '';
}

/** The part of a built page that holds its content, and its title and description. */
function pageParts(html: string): { content: Element; title: string; description: string } | null {
  const slice = contentSlice(html);
  if (slice === null) {
    return null;
  }
  const tree = fromHtml(compactCodeBlocks(slice), { fragment: true });
  const content = select('.theme-doc-markdown', tree) ?? select('[class*="generatedIndexPage"]', tree);
  if (!content) {
    return null;
  }
  const h1 = select('h1', content);
  const pageTitle = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const title = (h1 ? toText(h1) : decodeEntities(pageTitle).replace(siteTitleSuffix, '')).replace(/\s+/g, ' ').trim();
  return { content, title, description: metaDescription(html) };
}

/** Code blocks keep their language and title: ```php title="local/greet/version.php". */
function codeHandler(_state: unknown, node: Element): Code {
  const lang = typeof node.properties.dataLang === 'string' ? node.properties.dataLang : null;
  const title = typeof node.properties.dataTitle === 'string' ? node.properties.dataTitle : '';
  return { type: 'code', lang, meta: title ? `title=${JSON.stringify(title)}` : null, value: toText(node, { whitespace: 'pre' }) };
}

/** Markdown as the site writes it: "-" bullets, "_" emphasis, fenced code, GFM tables. */
const markdownOptions: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  incrementListMarker: true,
  extensions: [gfmTableToMarkdown(), gfmStrikethroughToMarkdown()],
};

/**
 * Converts a built page to Markdown, or returns null when the page has no document content
 * (the home page, search, tag lists). The title is the only H1; the description follows as a
 * quote, then the page's own URL, then the content.
 */
export function pageToMarkdown(html: string, options: ConvertOptions): MarkdownPage | null {
  const parts = pageParts(html);
  if (!parts) {
    return null;
  }
  const urls = urlResolver(options);
  const root: Root = { type: 'root', children: parts.content.children.flatMap((child) => rewrite(child, urls)) };
  const body = toMarkdown(toMdast(root, { handlers: { pre: codeHandler } }), markdownOptions).trim();
  const header = [`# ${parts.title}`, ...(parts.description ? [`> ${parts.description}`] : []), `Source: <${urls('#').replace(/#$/, '')}>`];
  return { route: options.route, title: parts.title, description: parts.description, markdown: `${header.join('\n\n')}\n\n${body}\n` };
}
