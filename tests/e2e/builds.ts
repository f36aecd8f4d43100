/**
 * The builds the browser tests serve besides the main one (build/), made by globalSetup.ts:
 * the "next deployment" for the offline update test, the site in Algolia search mode, and the
 * site built with newer release data.
 */
import path from 'node:path';

export const siteDir = path.resolve(__dirname, '../..');
export const buildDir = path.join(siteDir, 'build');

export const updateBuildDir = path.join(siteDir, '.generated', 'e2e-update-build');
/** The only difference of the "next deployment": where "Edit this page" points. */
export const updateEditUrl = 'https://github.com/moodle/devdocs/edit/next-deployment';

export const algoliaBuildDir = path.join(siteDir, '.generated', 'e2e-algolia-build');
/** Made-up credentials: the tests answer Algolia's requests themselves, nothing reaches Algolia. */
export const algoliaCredentials = { ALGOLIA_APP_ID: 'E2ETESTAPP', ALGOLIA_API_KEY: 'e2e-search-only-key', ALGOLIA_INDEX_NAME: 'moodle-e2e' };

/** Release data as a later import would bring it: read on 6 October 2026, after 5.3.0 and 5.2.3 came out on 5 October. */
export const newerDataDir = path.join(siteDir, '.generated', 'e2e-newer-data');
export const newerDataSourceDate = '2026-10-06';
export const newerDataBuildDir = path.join(siteDir, '.generated', 'e2e-newer-data-build');
