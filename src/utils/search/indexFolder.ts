/**
 * Where the local search index lives in the build output, for the indexer that writes it, the
 * browser that reads it and the offline precache. A module of its own because the site
 * configuration reads it and cannot load the search engine's ES modules (engine.ts).
 */
export const searchIndexFolder = 'search-index';
