/**
 * The page chunks in each page's HTML. Docusaurus asks react-loadable which modules a page
 * rendered (the registry's module requests, such as "@site/docs/apis/core/dml.md") and looks them
 * up in the client manifest written by react-loadable-ssr-addon. With webpack 5 and Rspack that
 * manifest names its entries by chunk name ("17896441") only, so no module is found and a page's
 * HTML loads main.js alone: the page's own chunks were requested only once main.js had run, a
 * round trip later. addModuleOrigins() adds each registry module request to the manifest, beside
 * its chunk name, so the HTML names the page's chunks and they download alongside main.js.
 */

/** The part of react-loadable-ssr-addon's client manifest this reads and extends. */
export interface ClientManifest {
  entrypoints: string[];
  /** Chunk name (and, after addModuleOrigins, module request) to the ids of the chunks to load. */
  origins: Record<string, (string | number)[]>;
  assets: Record<string, unknown>;
}

/** One line of Docusaurus's generated registry.js: `"name": [() => import(/* webpackChunkName: "name" *\/ "request"), "request", …],` */
const registryEntry = /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ ("(?:[^"\\]|\\.)*")\), ("(?:[^"\\]|\\.)*"),/gm;

/** The module request of each chunk name in Docusaurus's generated registry.js. */
export function registryModules(registrySource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const match of registrySource.matchAll(registryEntry)) {
    const [, key, chunkName, imported, reported] = match;
    if (key !== chunkName || imported !== reported) {
      throw new Error(`route-loading: registry entry "${key}" does not have the shape this plugin reads (chunk "${chunkName}", ${imported} / ${reported}).`);
    }
    modules.set(chunkName, JSON.parse(reported) as string);
  }
  return modules;
}

/**
 * The manifest with an origin for every module request of the registry that has a chunk of its
 * own, the same chunks as its chunk name's. Throws, naming the file to update, when the registry
 * or the manifest does not look as expected, rather than quietly leaving pages without their
 * chunks.
 */
export function addModuleOrigins(manifest: ClientManifest, registrySource: string): ClientManifest {
  const modules = registryModules(registrySource);
  const declared = (registrySource.match(/webpackChunkName:/g) ?? []).length;
  if (modules.size === 0 || modules.size !== declared) {
    throw new Error(`route-loading: read ${modules.size} of the ${declared} entries of .docusaurus/registry.js; has Docusaurus changed its format? Update src/plugins/route-loading/utils.ts.`);
  }
  const origins = { ...manifest.origins };
  let added = 0;
  for (const [chunkName, request] of modules) {
    // A module the bundler merged into main.js (the site config) has no chunk of its own.
    const chunks = manifest.origins[chunkName];
    if (chunks !== undefined) {
      origins[request] = chunks;
      added += 1;
    }
  }
  if (added === 0) {
    throw new Error('route-loading: the client manifest names none of the registry\'s chunks; has react-loadable-ssr-addon changed how it names chunks? Update src/plugins/route-loading/utils.ts.');
  }
  return { ...manifest, origins };
}
