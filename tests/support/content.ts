/**
 * Helpers for tests that read the site's Markdown: which files are content, their tags and links,
 * and the fenced code blocks in them.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const siteRoot = path.resolve(__dirname, '../..');

/** Folders whose Markdown becomes pages. */
export const contentRoots = ['docs', 'versioned_docs', 'general', 'src/pages'];

/** Every .md and .mdx file under the content folders, relative to the site root. */
export function contentFiles(roots = contentRoots): string[] {
  const files: string[] = [];
  const visit = (dir: string): void => {
    if (!fs.existsSync(dir)) {
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
      } else if (/\.mdx?$/.test(entry.name)) {
        files.push(path.relative(siteRoot, full));
      }
    }
  };
  roots.forEach((root) => {
    visit(path.join(siteRoot, root));
  });
  return files.sort();
}

export interface FencedBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  meta: string;
  code: string;
  /** The file the block is an example of: the `file` of the <CodeExample> around it, if any. */
  examplePath?: string;
}

/**
 * The fenced code blocks of a Markdown text, outermost only: a block that shows Markdown source
 * containing fences is one block, as in CommonMark.
 */
export function fencedBlocks(file: string, text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const lines = text.split('\n');
  let examplePath: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const exampleOpen = /^\s*<CodeExample\b[^>]*\bfile="([^"]+)"/.exec(lines[i]);
    if (exampleOpen) {
      examplePath = exampleOpen[1];
    }
    if (/^\s*<\/CodeExample>/.test(lines[i])) {
      examplePath = undefined;
    }
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(lines[i]);
    if (!open) {
      continue;
    }
    const [, indent, fence, language, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).exec(lines[j]);
      if (close) {
        break;
      }
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({ file, line: i + 1, language: language.toLowerCase(), meta, code: body.join('\n'), ...(examplePath ? { examplePath } : {}) });
    i = j;
  }
  return blocks;
}

/** Every fenced block of every content file. */
export function allFencedBlocks(roots = contentRoots): FencedBlock[] {
  return contentFiles(roots).flatMap((file) => fencedBlocks(file, fs.readFileSync(path.join(siteRoot, file), 'utf8')));
}

/** The text of a content file, by its path relative to the site root. */
export function readPage(file: string): string {
  return fs.readFileSync(path.join(siteRoot, file), 'utf8');
}

/** The tags a page's front matter lists. */
export function pageTags(file: string): string[] {
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readPage(file))?.[1] ?? '';
  return ((YAML.parse(frontMatter) as { tags?: unknown[] } | null)?.tags ?? []).map(String);
}

/** The pages a page links to with relative Markdown links, as files relative to the site root. */
export function linkedPages(file: string): Set<string> {
  return new Set([...readPage(file).matchAll(/\]\(([^)#\s]+\.mdx?)(?:#[^)]*)?\)/g)].map((match) => path.posix.join(path.posix.dirname(file), match[1])));
}
