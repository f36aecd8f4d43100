/** The two builds the offline tests serve: the main one, and the "next deployment". */
import path from 'node:path';

export const siteDir = path.resolve(__dirname, '../..');
export const buildDir = path.join(siteDir, 'build');
export const updateBuildDir = path.join(siteDir, '.generated', 'e2e-update-build');
/** The only difference of the second build: where "Edit this page" points. */
export const updateEditUrl = 'https://github.com/moodle/devdocs/edit/next-deployment';
