/** The test server resolves paths like a static host: file, then .html, then index.html, else 404. */
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
});
