/**
 * A static file server that resolves paths like a real static host (see scripts/serve.ts).
 * `prefix` mounts the site under a sub-path, to reproduce a deployment whose base URL differs
 * from the one the site was built for.
 *
 * Like Netlify and Cloudflare Pages, it sends the headers the build's `_headers` file names (the
 * Content-Security-Policy among them, src/plugins/security-headers), and does not serve that
 * file. It adds a `report-uri` to the policy, so that the browser reports every violation to it
 * (`cspReports`, `onCspReport`), and tests can rewrite a page's HTML on its way out.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { headersFor, parseHeadersFile, type HeadersRule } from '../../src/plugins/security-headers/utils';

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

/** A Content-Security-Policy violation, as the browser reported it. */
export interface CspReport {
  documentUri: string;
  effectiveDirective: string;
  blockedUri: string;
  sourceFile?: string;
  lineNumber?: number;
  sample?: string;
}

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  prefix?: string;
  /** Changes each HTML page before it is sent (tests inject markup with it). */
  rewriteHtml?: (html: string, urlPath: string) => string;
  /** Called with each violation report the browser sends. */
  onCspReport?: (report: CspReport) => void;
}

export interface RunningServer {
  url: string;
  /** Whether the build has a `_headers` file, whose headers the server sends. */
  hasHeadersFile: boolean;
  /** The violation reports received so far, oldest first. */
  cspReports: CspReport[];
  close(): Promise<void>;
}

/** Where the browser sends violation reports, under the prefix. */
export const cspReportPath = '/__csp-report';

/** Reads the body of a `report-uri` report (`{"csp-report": {…}}`). */
export function parseCspReport(body: string): CspReport | undefined {
  try {
    const report = (JSON.parse(body) as { 'csp-report'?: Record<string, unknown> })['csp-report'];
    if (!report) {
      return undefined;
    }
    const text = (key: string) => (typeof report[key] === 'string' ? report[key] : undefined);
    return {
      documentUri: text('document-uri') ?? '',
      effectiveDirective: text('effective-directive') ?? text('violated-directive') ?? '',
      blockedUri: text('blocked-uri') ?? '',
      sourceFile: text('source-file'),
      lineNumber: typeof report['line-number'] === 'number' ? report['line-number'] : undefined,
      sample: text('script-sample'),
    };
  } catch {
    return undefined;
  }
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

/** The name of the headers file static hosts read, which they never serve. */
const headersFile = '_headers';

export function startStaticServer({ dir, port = 0, host = '127.0.0.1', prefix = '', rewriteHtml, onCspReport }: StaticServerOptions): Promise<RunningServer> {
  const root = path.resolve(dir);
  const notFoundPage = path.join(root, '404.html');
  const headersPath = path.join(root, headersFile);
  const headerRules: HeadersRule[] = isFile(headersPath) ? parseHeadersFile(fs.readFileSync(headersPath, 'utf8'), headersPath) : [];
  const cspReports: CspReport[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === `${prefix}${cspReportPath}`) {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        const report = parseCspReport(body);
        if (report) {
          cspReports.push(report);
          onCspReport?.(report);
        }
        response.writeHead(204).end();
      });
      return;
    }
    let urlPath = url.pathname;
    if (prefix) {
      if (urlPath !== prefix && !urlPath.startsWith(`${prefix}/`)) {
        urlPath = '/__outside_prefix__';
      } else {
        urlPath = urlPath.slice(prefix.length) || '/';
      }
    }
    const file = urlPath === `/${headersFile}` ? undefined : resolveFile(root, urlPath);
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
    for (const [name, value] of headersFor(headerRules, urlPath)) {
      headers[name] = /^content-security-policy$/i.test(name) ? `${value}; report-uri ${prefix}${cspReportPath}` : value;
    }
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
    const source = rewriteHtml && body.endsWith('.html') ? Readable.from([rewriteHtml(fs.readFileSync(body, 'utf8'), urlPath)]) : fs.createReadStream(body);
    if (compress) {
      source.pipe(zlib.createGzip()).pipe(response);
    } else {
      source.pipe(response);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}${prefix}`,
        hasHeadersFile: headerRules.length > 0,
        cspReports,
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
