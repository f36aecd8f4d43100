import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { replacements, standInFor } from '../../src/plugins/locale-data';
import { checkOriginals } from '../../src/plugins/locale-data/utils';
import { extractLeadingEmoji } from '../../src/plugins/locale-data/emojiUtils';

const [docsClientUtils, reactUtils, emojiUtils] = replacements;

// The stand-in imports the original under the alias the bundler gives it, and matchPath under
// the alias Docusaurus gives react-router: both exist only in the bundle.
const originalExports = vi.hoisted(() => ({ getActivePlugin: () => 'the original', getLatestVersion: () => 'the original' }));
vi.mock('@locale-data/original/docsClientUtils', () => originalExports);
vi.mock('@docusaurus/router', async () => ({ matchPath: (await import('react-router-dom')).matchPath }));

describe('locale-data: the originals', () => {
  it('still hold the code their stand-ins replace', () => {
    expect(() => { checkOriginals(replacements, (file) => fs.readFileSync(file, 'utf8')); }).not.toThrow();
  });

  it('fail the build, naming the file, when Docusaurus has changed the code replaced', () => {
    const changed = (file: string) => fs.readFileSync(file, 'utf8').replace('localeCompare', 'compare');
    expect(() => { checkOriginals([docsClientUtils], changed); }).toThrow(/docsClientUtils\.js no longer holds the code .*docsClientUtils\.ts replaces/);
    expect(() => { checkOriginals([reactUtils], changed); }).toThrow(/reactUtils\.js no longer holds/);
    const missing = () => {
      throw new Error('ENOENT');
    };
    expect(() => { checkOriginals([emojiUtils], missing); }).toThrow(/cannot read .*emojiUtils\.js.*Has Docusaurus moved it/);
  });
});

describe('locale-data: which imports get a stand-in', () => {
  it('replaces the modules where Docusaurus imports them, by the path the import resolves to', () => {
    expect(standInFor({ context: path.dirname(docsClientUtils.original), request: './docsClientUtils' })).toBe(docsClientUtils.standIn);
    const themeCommonLib = path.dirname(path.dirname(reactUtils.original));
    expect(standInFor({ context: path.join(themeCommonLib, 'hooks'), request: '../utils/reactUtils' })).toBe(reactUtils.standIn);
    expect(standInFor({ context: path.join(themeCommonLib, 'contexts/navbarSecondaryMenu'), request: '../../utils/reactUtils' })).toBe(reactUtils.standIn);
    expect(standInFor({ context: path.join(themeCommonLib, 'utils'), request: './reactUtils.js' })).toBe(reactUtils.standIn);
    expect(standInFor({ context: themeCommonLib, request: './utils/emojiUtils' })).toBe(emojiUtils.standIn);
  });

  it('leaves other modules of the same name, the aliases and package imports alone', () => {
    expect(standInFor({ context: path.resolve('src/utils'), request: './reactUtils' })).toBeUndefined();
    expect(standInFor({ context: path.dirname(reactUtils.standIn), request: '@locale-data/original/reactUtils' })).toBeUndefined();
    expect(standInFor({ context: path.resolve('src'), request: '@docusaurus/theme-common' })).toBeUndefined();
  });
});

describe('locale-data: the stand-ins give what the originals give', () => {
  it('getActivePlugin finds the docs instance with the longest path a pathname is under, and keeps the rest of the module', async () => {
    const standIn = await import('../../src/plugins/locale-data/docsClientUtils');
    const plugin = (routePath: string) => ({ path: routePath, versions: [], breadcrumbs: true }) as never;
    const data = { default: plugin('/docs'), general: plugin('/general'), older: plugin('/docs/4.1'), root: plugin('/'), dashed: plugin('/docs-archive') };
    const expected: [string, string][] = [
      ['/docs', 'default'],
      ['/docs/apis', 'default'],
      ['/docs/4.1', 'older'],
      ['/docs/4.1/apis/core/dml', 'older'],
      ['/docs/4.10', 'default'],
      ['/docs-archive/x', 'dashed'],
      ['/general/releases', 'general'],
      ['/versions', 'root'],
      ['/docsx', 'root'],
    ];
    for (const [pathname, pluginId] of expected) {
      expect(standIn.getActivePlugin(data, pathname)?.pluginId, pathname).toBe(pluginId);
    }
    const withoutRoot = { default: plugin('/docs'), general: plugin('/general') };
    expect(standIn.getActivePlugin(withoutRoot, '/versions')).toBeUndefined();
    expect(() => standIn.getActivePlugin(withoutRoot, '/versions', { failfast: true })).toThrow('Can\'t find active docs plugin for "/versions" pathname');
    // Every other export is the original's.
    expect(standIn.getLatestVersion).toBe(originalExports.getLatestVersion);
  });

  it('extractLeadingEmoji splits titles as the original does', async () => {
    const original = (await import(/* @vite-ignore */ emojiUtils.original)) as { extractLeadingEmoji: typeof extractLeadingEmoji };
    const titles = ['⚠️ Hello World', 'Hello', '', '1️⃣ One', '1 One', '#️⃣ Hash', '# Hash', '🇦🇺 Australia', 'ℹ️ Information', '👩‍💻 Developers', '👍🏽 Thanks', '🙂', ' Space', 'Émigré', '✅Done', 'Zebra 🦓'];
    for (const title of titles) {
      expect(extractLeadingEmoji(title), title).toEqual(original.extractLeadingEmoji(title));
    }
    expect(extractLeadingEmoji('⚠️ Hello World')).toEqual({ emoji: '⚠️', rest: ' Hello World' });
  });
});
