/**
 * security-headers: after each production build, works out the Content-Security-Policy from the
 * built pages and writes it, with the other security headers, to `_headers` in the build, the
 * file Netlify and Cloudflare Pages read (`npm run serve` applies it too; the README shows
 * nginx). The policy lets the pages run and apply only the site's own files and the inline
 * scripts and styles they hold, each by the hash of its text as built (utils.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { diagramStyleSheets } from '../../utils/renderedDiagrams';
import { collectInlineSources, emptyInlineSources, formatHeadersFile, policyDirectives, securityHeaders, serializePolicy, styleSheetsInScript, type PolicyOptions } from './utils';

export const headersFileName = '_headers';

function filesEndingWith(dir: string, extension: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Reads the built pages and writes `_headers`; returns the policy. */
export function writeSecurityHeaders(outDir: string, baseUrl: string, options: PolicyOptions): string {
  const sources = emptyInlineSources();
  for (const file of filesEndingWith(outDir, '.html')) {
    collectInlineSources(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file), sources);
  }
  if (sources.problems.length) {
    throw new Error(`security-headers: the built pages hold what the Content-Security-Policy blocks:\n${[...new Set(sources.problems)].join('\n')}`);
  }
  // Style sheets the scripts insert: DocSearch's (in the modal's code), and the diagrams' when a
  // reader moves to a page with a diagram (from the page's script, as drawn, not as minified in
  // the page's HTML).
  for (const file of filesEndingWith(path.join(outDir, 'assets', 'js'), '.js')) {
    styleSheetsInScript(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file)).forEach((sheet) => sources.styles.add(sheet));
  }
  diagramStyleSheets().forEach((sheet) => sources.styles.add(sheet));
  const policy = serializePolicy(policyDirectives(sources, options));
  const file = formatHeadersFile([{ path: `${baseUrl}*`, headers: securityHeaders(policy) }], [
    'Security headers for every response, written by the build (src/plugins/security-headers); do not edit.',
    'The Content-Security-Policy lists the hash of every inline script and style the pages hold.',
  ]);
  fs.writeFileSync(path.join(outDir, headersFileName), file);
  return policy;
}

export default function securityHeadersPlugin(context: LoadContext, options: unknown): Plugin {
  return {
    name: 'security-headers',
    postBuild({ outDir }) {
      const policy = writeSecurityHeaders(outDir, context.baseUrl, options as PolicyOptions);
      const hashCount = (policy.match(/'sha256-/g) ?? []).length;
      console.log(`[security-headers] Wrote ${path.relative(process.cwd(), path.join(outDir, headersFileName))}: a Content-Security-Policy of ${policy.length} characters with ${hashCount} hashes`);
      return Promise.resolve();
    },
  };
}
