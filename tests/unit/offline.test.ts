/** Offline mode's build-side pieces: page files the worker looks up, the precache list, the manifest. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withAnnouncedFiles, type AnnouncedFiles } from '../../config/pwa';
import { compileSwCustom } from '../../src/plugins/offline/index';
import { iconSizes, maskableIconSizes } from '../../src/plugins/offline/icons';
import { webAppManifest } from '../../src/plugins/offline/manifest';
import { pageFileCandidates } from '../../src/plugins/offline/swCustom';
import { listSearchIndexFiles } from '../../src/plugins/search-index/offline';

describe('page files the worker answers navigations with', () => {
  it('maps clean paths to the files a build without trailing slashes writes', () => {
    expect(pageFileCandidates('/')).toEqual(['/index.html']);
    expect(pageFileCandidates('/docs/apis')).toEqual(['/docs/apis.html', '/docs/apis/index.html']);
    expect(pageFileCandidates('/docs/apis/')).toEqual(['/docs/apis/index.html', '/docs/apis.html']);
    expect(pageFileCandidates('/404.html')).toEqual(['/404.html']);
  });

  it('treats dotted paths as pages, not files', () => {
    expect(pageFileCandidates('/docs/4.1')[0]).toBe('/docs/4.1.html');
    expect(pageFileCandidates('/general/releases/3.9/3.9.18')[0]).toBe('/general/releases/3.9/3.9.18.html');
    expect(pageFileCandidates('/docs/apis/commonfiles/version.php')[0]).toBe('/docs/apis/commonfiles/version.php.html');
  });

  it('compiles to plain JavaScript with no imports for the PWA plugin', () => {
    const output = compileSwCustom();
    expect(output).not.toMatch(/^import /m);
    expect(output).not.toMatch(/: (string|boolean|Request)\b/);
    expect(output).toMatch(/export default function offlinePages/);
  });
});

describe('precache list', () => {
  const entry = (url: string) => ({ url, revision: 'r', size: 1 });

  const searchIndex = (files: Promise<ReturnType<typeof entry>[]>): AnnouncedFiles => ({ what: 'the search index files', plugin: 'search-index', files, owns: (url) => url.startsWith('search-index/') });
  const markdown = (files: Promise<ReturnType<typeof entry>[]>): AnnouncedFiles => ({ what: 'the Markdown versions of pages', plugin: 'markdown-export', files, owns: (url) => url.endsWith('.md') });

  it('takes the search index from the index, not from the file patterns', async () => {
    const globbed = [entry('index.html'), entry('search-index/meta.json'), entry('search-index/t/0a.json'), entry('assets/js/main.js')];
    const index = [entry('search-index/meta.json'), entry('search-index/p/1b.json'), entry('search-index/t/0a.json')];
    const { manifest } = await withAnnouncedFiles(globbed, [searchIndex(Promise.resolve(index))]);
    expect(manifest.map((item) => item.url)).toEqual(['index.html', 'assets/js/main.js', 'search-index/meta.json', 'search-index/p/1b.json', 'search-index/t/0a.json']);
  });

  it('adds the Markdown versions of pages after the search index', async () => {
    const { manifest } = await withAnnouncedFiles([entry('docs.html')], [searchIndex(Promise.resolve([entry('search-index/meta.json')])), markdown(Promise.resolve([entry('docs.md'), entry('llms.txt')]))]);
    expect(manifest.map((item) => item.url)).toEqual(['docs.html', 'search-index/meta.json', 'docs.md', 'llms.txt']);
  });

  it('fails the build when the index could not be written', async () => {
    await expect(withAnnouncedFiles([], [searchIndex(Promise.reject(new Error('search-index: no pages to index')))])).rejects.toThrow('search-index: no pages to index');
  });

  it('fails the build when the Markdown export failed', async () => {
    await expect(withAnnouncedFiles([], [searchIndex(Promise.resolve([])), markdown(Promise.reject(new Error('markdown-export: no page to export')))])).rejects.toThrow('markdown-export: no page to export');
  });

  it('lists every index file with a content revision', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-'));
    fs.mkdirSync(path.join(outDir, 'search-index/t'), { recursive: true });
    fs.writeFileSync(path.join(outDir, 'search-index/meta.json'), '{"version":1}');
    fs.writeFileSync(path.join(outDir, 'search-index/t/0a.json'), '{}');
    const files = listSearchIndexFiles(outDir);
    expect(files.map((file) => file.url)).toEqual(['search-index/meta.json', 'search-index/t/0a.json']);
    expect(files[0]).toMatchObject({ size: 13, revision: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown });
    fs.rmSync(outDir, { recursive: true });
  });
});

describe('web app manifest', () => {
  it('names the app after the site and lists every icon under the base URL', () => {
    const manifest = webAppManifest({ title: 'Moodle Developer Resources', tagline: 'Nurturing developers', baseUrl: '/devdocs/' });
    expect(manifest).toMatchObject({ name: 'Moodle Developer Resources', description: 'Nurturing developers', start_url: '/devdocs/', scope: '/devdocs/', display: 'standalone' });
    expect(manifest.icons).toHaveLength(iconSizes.length + maskableIconSizes.length);
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith('/devdocs/img/icons/')).toBe(true);
      expect(fs.existsSync(path.join(__dirname, '../../static', icon.src.slice('/devdocs/'.length))), icon.src).toBe(true);
    }
  });
});
