/**
 * The test server resolves paths like a static host: file, then .html, then index.html, else 404;
 * it sends the headers of the build's _headers file, and takes the browser's violation reports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningServer } from '../e2e/staticServer';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
const files: Record<string, string> = {
  'index.html': 'home',
  'docs.html': 'docs page',
  'docs.md': '# Docs page',
  'llms.txt': '# Site',
  'docs/tags.html': 'tags page',
  'general/index.html': 'general index',
  'assets/app.js': 'console.log(1)',
  '404.html': 'not found page',
  _headers: "/*\n  Content-Security-Policy: default-src 'none'\n  X-Content-Type-Options: nosniff\n/docs/*\n  X-Robots-Tag: all\n",
};
let server: RunningServer;

beforeAll(async () => {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  server = await startStaticServer({ dir: root });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('static server', () => {
  it.each([
    ['/', 200, 'home'],
    ['/docs', 200, 'docs page'],
    ['/docs.html', 200, 'docs page'],
    ['/docs/tags', 200, 'tags page'],
    ['/general', 200, 'general index'],
    ['/assets/app.js', 200, 'console.log(1)'],
    ['/missing', 404, 'not found page'],
    ['/docs/index.html', 404, 'not found page'],
    ['/../../etc/passwd', 404, 'not found page'],
    ['/%E0%A4%A', 404, 'not found page'],
  ])('GET %s answers %i', async (urlPath, status, body) => {
    const response = await fetch(`${server.url}${urlPath}`);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
  });

  it('sends JavaScript with its content type', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('sends the Markdown version of a page as Markdown, and llms.txt as plain text', async () => {
    const markdown = await fetch(`${server.url}/docs.md`);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await markdown.text()).toBe('# Docs page');
    const llms = await fetch(`${server.url}/llms.txt`);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('compresses text for clients that accept gzip, and only for them', async () => {
    const zipped = await fetch(`${server.url}/docs`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe('docs page');
    const plain = await fetch(`${server.url}/docs`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('serves a site mounted under a prefix, and nothing outside it', async () => {
    const mounted = await startStaticServer({ dir: root, prefix: '/mirror' });
    try {
      expect(await (await fetch(`${mounted.url}/docs`)).text()).toBe('docs page');
      expect((await fetch(mounted.url.replace('/mirror', '/docs'))).status).toBe(404);
    } finally {
      await mounted.close();
    }
  });

  it('sends the headers _headers names for the path, with a report-uri added to the policy', async () => {
    const page = await fetch(`${server.url}/docs/tags`);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; report-uri /__csp-report");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-robots-tag')).toBe('all');
    const missing = await fetch(`${server.url}/missing`);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('x-robots-tag')).toBeNull();
    expect(server.hasHeadersFile).toBe(true);
  });

  it('does not serve _headers, as static hosts do not', async () => {
    const response = await fetch(`${server.url}/_headers`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not found page');
  });

  it('records the violation reports the browser posts, and hands each over', async () => {
    const seen: string[] = [];
    const mounted = await startStaticServer({ dir: root, prefix: '/mirror', onCspReport: (report) => seen.push(report.blockedUri) });
    try {
      expect((await fetch(`${mounted.url}/docs`)).headers.get('content-security-policy')).toBe("default-src 'none'; report-uri /mirror/__csp-report");
      const report = { 'csp-report': { 'document-uri': `${mounted.url}/docs`, 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline', 'line-number': 3, 'script-sample': 'alert(1)' } };
      const response = await fetch(`${mounted.url}/__csp-report`, { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: JSON.stringify(report) });
      expect(response.status).toBe(204);
      expect(mounted.cspReports).toEqual([{ documentUri: `${mounted.url}/docs`, effectiveDirective: 'script-src-elem', blockedUri: 'inline', lineNumber: 3, sample: 'alert(1)', sourceFile: undefined }]);
      expect(seen).toEqual(['inline']);
    } finally {
      await mounted.close();
    }
  });

  it('rewrites HTML pages, and only them, when asked to', async () => {
    const rewriting = await startStaticServer({ dir: root, rewriteHtml: (html, urlPath) => `${html} at ${urlPath}` });
    try {
      expect(await (await fetch(`${rewriting.url}/docs`, { headers: { 'Accept-Encoding': 'gzip' } })).text()).toBe('docs page at /docs');
      expect(await (await fetch(`${rewriting.url}/assets/app.js`)).text()).toBe('console.log(1)');
    } finally {
      await rewriting.close();
    }
  });

  it('serves a build without _headers with no policy', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-bare-'));
    fs.writeFileSync(path.join(bare, 'index.html'), 'home');
    const plain = await startStaticServer({ dir: bare });
    try {
      expect((await fetch(`${plain.url}/`)).headers.get('content-security-policy')).toBeNull();
      expect(plain.hasHeadersFile).toBe(false);
    } finally {
      await plain.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
