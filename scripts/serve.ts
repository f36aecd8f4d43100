/**
 * Serves the production build (build/) the way a static host does, for the end-to-end tests and
 * for previewing a build:
 *
 *   1. the exact file, when the path names one;
 *   2. the path plus ".html" (pages are built as x.html, because trailing slashes are off);
 *   3. the path's index.html;
 *   4. otherwise 404.html with status 404.
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

startStaticServer({ dir, port, host, prefix }).then(
  ({ url }) => {
    console.log(`Serving ${dir}/ at ${url}`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
