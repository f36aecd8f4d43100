/** How main.js starts (src/plugins/client-start): the entry in steps and the compile hint. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import clientStartPlugin, { compileHint, docusaurusClientEntry } from '../../src/plugins/client-start';
import { runInSteps } from '../../src/plugins/client-start/runInSteps';

type ConfigureWebpack = (config: Record<string, unknown>, isServer: boolean) => Record<string, unknown>;
const configureWebpack = clientStartPlugin().configureWebpack as unknown as ConfigureWebpack;

describe('runInSteps', () => {
  it('runs the steps in order, ending the task between each two and not before the first', async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`start ${name}`);
      await Promise.resolve();
      log.push(`end ${name}`);
    };
    await runInSteps([step('a'), step('b'), step('c')], async () => {
      log.push('next task');
    });
    expect(log).toEqual(['start a', 'end a', 'next task', 'start b', 'end b', 'next task', 'start c', 'end c']);
  });

  it('stops at a step that fails and rejects with its error', async () => {
    const ran: string[] = [];
    const run = runInSteps(
      [
        async () => ran.push('a'),
        async () => {
          throw new Error('module failed');
        },
        async () => ran.push('c'),
      ],
      async () => undefined,
    );
    await expect(run).rejects.toThrow('module failed');
    expect(ran).toEqual(['a']);
  });
});

describe('client-start plugin', () => {
  it("replaces Docusaurus's client entry with start.ts, and leaves the server bundle alone", () => {
    const result = configureWebpack({ entry: docusaurusClientEntry, mode: 'production' }, false);
    expect(result.entry).toBe(path.resolve(__dirname, '../../src/plugins/client-start/start.ts'));
    expect(result.mergeStrategy).toEqual({ entry: 'replace' });
    expect(configureWebpack({ entry: '/somewhere/serverEntry.js', mode: 'production' }, true)).toEqual({});
  });

  it('fails the build with the entry it found when Docusaurus starts differently', () => {
    expect(() => configureWebpack({ entry: { main: docusaurusClientEntry }, mode: 'production' }, false)).toThrow(
      /client-start: expected the client bundle's entry to be .*clientEntry\.js, found \{"main":/,
    );
  });

  it('puts the compile hint at the top of every script file, not the style sheets, in production builds', () => {
    expect(configureWebpack({ entry: docusaurusClientEntry, mode: 'development' }, false).plugins).toEqual([]);
    const [plugin] = configureWebpack({ entry: docusaurusClientEntry, mode: 'production' }, false).plugins as { apply: (compiler: unknown) => void }[];
    const assets = new Map<string, string>([
      ['assets/js/main.1234abcd.js', '(self.webpackChunk=[]).push([])'],
      ['assets/css/styles.1234abcd.css', 'body{}'],
      ['assets/js/17896441.1234abcd.js', 'page()'],
    ]);
    let processAssets: (() => void) | undefined;
    let stage: number | undefined;
    class ConcatSource {
      constructor(private readonly parts: (string | { source(): string })[]) {}
      source() {
        return this.parts.map((part) => (typeof part === 'string' ? part : part.source())).join('');
      }
    }
    plugin.apply({
      webpack: {
        Compilation: { PROCESS_ASSETS_STAGE_DEV_TOOLING: 500 },
        sources: { ConcatSource: function (...parts: (string | { source(): string })[]) { return new ConcatSource(parts); } },
      },
      hooks: {
        thisCompilation: {
          tap: (_name: string, callback: (compilation: unknown) => void) => {
            callback({
              chunks: [
                { name: 'main', files: ['assets/js/main.1234abcd.js', 'assets/css/styles.1234abcd.css'] },
                { name: null, files: ['assets/js/17896441.1234abcd.js'] },
              ],
              hooks: {
                processAssets: {
                  tap: (options: { stage: number }, run: () => void) => {
                    stage = options.stage;
                    processAssets = run;
                  },
                },
              },
              updateAsset: (file: string, update: (source: { source(): string }) => { source(): string }) => {
                assets.set(file, update({ source: () => assets.get(file) ?? '' }).source());
              },
            });
          },
        },
      },
    });
    expect(stage).toBe(500);
    processAssets?.();
    expect(assets.get('assets/js/main.1234abcd.js')).toBe(`${compileHint}(self.webpackChunk=[]).push([])`);
    expect(compileHint).toBe('//# allFunctionsCalledOnLoad\n');
    expect(assets.get('assets/css/styles.1234abcd.css')).toBe('body{}');
    expect(assets.get('assets/js/17896441.1234abcd.js')).toBe(`${compileHint}page()`);
  });
});
