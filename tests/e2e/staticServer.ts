/**
 * A static file server that resolves paths like a real static host (see scripts/serve.ts).
 * `prefix` mounts the site under a sub-path, to reproduce a deployment whose base URL differs
 * from the one the site was built for.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  // The Markdown version of each page (src/plugins/markdown-export).
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  prefix?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to the file a static host would send, or undefined for a 404. */
export function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const target = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) {
    return undefined;
  }
  for (const candidate of [target, `${target}.html`, path.join(target, 'index.html')]) {
    if (isFile(candidate)) {
      return candidate;
    }
  }
  return undefined;
}

export function startStaticServer({ dir, port = 0, host = '127.0.0.1', prefix = '' }: StaticServerOptions): Promise<RunningServer> {
  const root = path.resolve(dir);
  const notFoundPage = path.join(root, '404.html');
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let urlPath = url.pathname;
    if (prefix) {
      if (urlPath !== prefix && !urlPath.startsWith(`${prefix}/`)) {
        urlPath = '/__outside_prefix__';
      } else {
        urlPath = urlPath.slice(prefix.length) || '/';
      }
    }
    const file = resolveFile(root, urlPath);
    const status = file ? 200 : 404;
    const body = file ?? (isFile(notFoundPage) ? notFoundPage : undefined);
    const contentType = body ? (contentTypes[path.extname(body)] ?? 'application/octet-stream') : 'text/plain; charset=utf-8';
    // Like a production host, compress text for clients that accept it.
    const compress = Boolean(body) && /^(text\/|application\/(json|xml|manifest))|svg/.test(contentType) && /\bgzip\b/.test(String(request.headers['accept-encoding']));
    const headers: Record<string, string> = {
      'Content-Type': contentType,
      Vary: 'Accept-Encoding',
      // Hashed assets never change; pages and the service worker are revalidated on each visit.
      'Cache-Control': /\/assets\//.test(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (compress) {
      headers['Content-Encoding'] = 'gzip';
    }
    response.writeHead(status, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    if (!body) {
      response.end('Not found');
      return;
    }
    const stream = fs.createReadStream(body);
    if (compress) {
      stream.pipe(zlib.createGzip()).pipe(response);
    } else {
      stream.pipe(response);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}${prefix}`,
        close: () =>
          new Promise((done) => {
            server.close(() => {
              done();
            });
            // Browsers keep connections open; a stopped server must stop answering at once.
            server.closeAllConnections();
          }),
      });
    });
  });
}
