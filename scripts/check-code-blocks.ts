/**
 * Checks the fenced code blocks of the pages named on the command line in their languages, the
 * way the unit test does for every page, and checks the plugin files Moodle reads by name
 * (version.php, db/access.php, lang/en/*.php, db/services.php, db/tasks.php, named or recognised
 * by their content) as tests/unit/pluginFiles.test.ts does:
 * `npm run check:code -- docs/apis/core/lock.md`. For writers checking a page before running
 * the whole suite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkBlocks, formatProblem } from '../tests/support/codeBlocks';
import { fencedBlocks, siteRoot } from '../tests/support/content';
import { checkPluginFiles } from '../tests/support/pluginFiles';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Name the pages to check: npm run check:code -- docs/apis/core/lock.md');
  process.exit(2);
}
const blocks = files.flatMap((file) => fencedBlocks(path.relative(siteRoot, path.resolve(file)), fs.readFileSync(file, 'utf8')));
void Promise.all([checkBlocks(blocks), checkPluginFiles(blocks)]).then((results) => {
  const problems = results.flat();
  for (const problem of problems) {
    console.error(formatProblem(problem));
  }
  console.log(`${blocks.length} code blocks in ${files.length} page(s), ${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
});
