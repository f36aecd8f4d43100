/**
 * Serves the production build (build/) the way a static host does, for the end-to-end tests and
 * for previewing a build:
 *
 *   1. the exact file, when the path names one;
 *   2. the path plus ".html" (pages are built as x.html, because trailing slashes are off);
 *   3. the path's index.html;
 *   4. otherwise 404.html with status 404.
 *
 * Every response carries the headers of the build's `_headers` file (the Content-Security-Policy
 * and the other security headers, src/plugins/security-headers), as Netlify and Cloudflare Pages
 * send them; the browser reports any violation of the policy here, and each is printed.
 *
 * Usage: tsx scripts/serve.ts [--port 4173] [--host 127.0.0.1] [--dir build] [--prefix /mirror]
 */
import { startStaticServer } from '../tests/e2e/staticServer';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const port = Number(option('port', process.env.PORT ?? '4173'));
const host = option('host', '127.0.0.1');
const dir = option('dir', 'build');
const prefix = option('prefix', '');

startStaticServer({
  dir,
  port,
  host,
  prefix,
  onCspReport: (report) => {
    console.error(`Content-Security-Policy violation on ${report.documentUri}: ${report.effectiveDirective} blocked ${report.blockedUri || 'an inline script or style'}${report.sourceFile ? ` (${report.sourceFile}:${report.lineNumber ?? '?'})` : ''}`);
  },
}).then(
  ({ url, hasHeadersFile }) => {
    console.log(`Serving ${dir}/ at ${url}${hasHeadersFile ? ` with the headers of ${dir}/_headers` : ''}`);
    if (!hasHeadersFile) {
      console.warn(`${dir}/_headers is missing, so pages are served without the Content-Security-Policy: build the site again.`);
    }
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
