/** The client manifest entries that put a page's own chunks in its HTML (src/plugins/route-loading). */
import { describe, expect, it } from 'vitest';
import { addModuleOrigins, registryModules, type ClientManifest } from '../../src/plugins/route-loading/utils';

const registry = `export default {
  "0058b4c6": [() => import(/* webpackChunkName: "0058b4c6" */ "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json"), "@generated/docusaurus-plugin-content-docs/default/p/docs-175.json", require.resolveWeak("@generated/docusaurus-plugin-content-docs/default/p/docs-175.json")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "5e9f5e1a": [() => import(/* webpackChunkName: "5e9f5e1a" */ "@generated/docusaurus.config"), "@generated/docusaurus.config", require.resolveWeak("@generated/docusaurus.config")],};
`;

const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: { '0058b4c6': ['70266'], '17896441': ['19460', '98640', '70106'], main: ['main'] },
  assets: { '70266': { js: [{ file: 'assets/js/0058b4c6.3e09cb36.js' }] } },
};

describe('registryModules', () => {
  it('reads the module request of each chunk name', () => {
    expect(Object.fromEntries(registryModules(registry))).toEqual({
      '0058b4c6': '@generated/docusaurus-plugin-content-docs/default/p/docs-175.json',
      '17896441': '@theme/DocItem',
      '5e9f5e1a': '@generated/docusaurus.config',
    });
  });

  it('refuses an entry whose chunk name or request does not match its key', () => {
    const mismatched = registry.replace('webpackChunkName: "17896441"', 'webpackChunkName: "other"');
    expect(() => registryModules(mismatched)).toThrow(/registry entry "17896441"/);
  });
});

describe('addModuleOrigins', () => {
  it('adds each module request beside its chunk name, with the same chunks, and keeps the rest', () => {
    const result = addModuleOrigins(manifest, registry);
    expect(result.origins['@generated/docusaurus-plugin-content-docs/default/p/docs-175.json']).toEqual(['70266']);
    expect(result.origins['@theme/DocItem']).toEqual(['19460', '98640', '70106']);
    expect(result.origins['0058b4c6']).toEqual(['70266']);
    expect(result.entrypoints).toEqual(['main']);
    expect(result.assets).toBe(manifest.assets);
    expect(manifest.origins).not.toHaveProperty('@theme/DocItem');
  });

  it('leaves out a module that has no chunk of its own (merged into main.js)', () => {
    expect(addModuleOrigins(manifest, registry).origins).not.toHaveProperty(['@generated/docusaurus.config']);
  });

  it('fails loudly when the registry format is not the one it reads', () => {
    const changed = registry.replace(/\[\(\) => import/g, '[() =>  import');
    expect(() => addModuleOrigins(manifest, changed)).toThrow(/read 0 of the 3 entries of \.docusaurus\/registry\.js/);
  });

  it('fails loudly when the manifest names none of the chunks', () => {
    expect(() => addModuleOrigins({ ...manifest, origins: { 70266: ['70266'] } }, registry)).toThrow(/names none of the registry's chunks/);
  });
});
