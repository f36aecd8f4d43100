/**
 * Writes the Markdown version of every docs and general page of a build next to its HTML
 * (build/docs/apis/core/dml.md beside dml.html), then llms.txt and the full-text files. Run by
 * scripts/build-markdown.ts after each production build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pageToMarkdown, type MarkdownPage } from './convert';
import { buildLlmsTxt, fullTextFiles, isExportedRoute, type SiteInfo } from './llms';

/** The route of a built file: "docs/4.1/devupdate.html" is /docs/4.1/devupdate. */
function routeOfFile(relativeFile: string): string {
  return `/${relativeFile.split(path.sep).join('/').replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
}

function htmlFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return htmlFiles(full, root);
    }
    return entry.name.endsWith('.html') ? [path.relative(root, full)] : [];
  });
}

export interface ExportResult {
  /** Files written, relative to the build folder. */
  files: string[];
  pages: number;
}

/** Exports a built site. `siteUrl` is the origin, `baseUrl` the path the site is served under. */
export function exportMarkdown({ outDir, siteUrl, baseUrl, site }: { outDir: string; siteUrl: string; baseUrl: string; site: Omit<SiteInfo, 'siteRoot'> }): ExportResult {
  const pages: MarkdownPage[] = [];
  const files: string[] = [];
  const write = (relative: string, content: string) => {
    const target = path.join(outDir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    files.push(relative.split(path.sep).join('/'));
  };
  for (const file of htmlFiles(outDir)) {
    const route = routeOfFile(file);
    if (!isExportedRoute(route)) {
      continue;
    }
    const page = pageToMarkdown(fs.readFileSync(path.join(outDir, file), 'utf8'), { route, siteUrl, baseUrl });
    if (page) {
      pages.push(page);
      write(`${route.slice(1)}.md`, page.markdown);
    }
  }
  if (!pages.length) {
    throw new Error(`markdown-export: no page to export in ${outDir} (no built docs or general page has document content)`);
  }
  const siteInfo: SiteInfo = { ...site, siteRoot: `${siteUrl.replace(/\/$/, '')}${baseUrl}` };
  write('llms.txt', buildLlmsTxt(pages, siteInfo));
  for (const { file, content } of fullTextFiles(pages, siteInfo)) {
    write(file, content);
  }
  return { files: files.sort(), pages: pages.length };
}
