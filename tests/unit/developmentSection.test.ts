/**
 * The development section of the general docs (/general/development: the coding policies, the
 * process, the tools and the tracker): its pages carry the tags a reader filters by, each
 * security threat page shows a vulnerable example beside the fixed one, every index page links
 * the pages below it, and the moodle-plugin-ci commands its GitHub Actions workflows and shell
 * samples run exist with the options they are given.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles, fencedBlocks, linkedPages, pageTags, readPage as read, siteRoot } from '../support/content';
import { moodlePluginCiProblems, workflowProblems } from '../support/moodlePluginCi';

const root = 'general/development';
const pages = contentFiles(['general']).filter((file) => file.startsWith(`${root}/`));
const securityDir = `${root}/policies/security`;
const threats = pages.filter((file) => file.startsWith(`${securityDir}/`) && !file.endsWith('/index.md'));

describe('the development section', () => {
  it('has the fifteen threat pages the spec names', () => {
    expect(threats.map((file) => path.posix.basename(file, '.md')).sort()).toEqual(
      [
        'bruteforcing-login',
        'bufferoverruns',
        'commandline-injection',
        'configinfo-leakage',
        'crosssite-request-forgery',
        'crosssite-scripting',
        'dataloss',
        'dos',
        'info-leakage',
        'insecure-config',
        'session-fixation',
        'socialengineering',
        'sql-injection',
        'unauthenticated-access',
        'unauthorised-access',
      ].sort(),
    );
  });

  it('tags each page with the subjects of its folder', () => {
    const tagged = (prefix: string, tag: string): string[] =>
      pages.filter((file) => file.startsWith(`${root}/${prefix}`) && !pageTags(file).includes(tag)).map((file) => `${file}: ${tag}`);
    const missing = [
      ...tagged('process/', 'process'),
      ...tagged('process/testing/', 'testing'),
      ...tagged('tracker/', 'tracker'),
      ...tagged('tools/behat/', 'behat'),
      ...tagged('tools/phpunit', 'php-unit'),
      ...tagged('policies/security/', 'security'),
      ...tagged('policies/codingstyle/', 'coding-style'),
      ...tagged('policies/accessibility', 'accessibility'),
    ];
    expect(missing).toEqual([]);
  });

  it('runs only real moodle-plugin-ci commands with their real options', () => {
    const blocks = pages.flatMap((file) => fencedBlocks(file, read(file))).filter((block) => /moodle-plugin-ci\s+[a-z]/.test(block.code));
    const workflows = blocks.filter((block) => block.language === 'yaml' && /^jobs:/m.test(block.code));
    expect(workflows.length).toBeGreaterThan(0);
    const problems = blocks.flatMap((block) =>
      [...(block.language === 'yaml' ? workflowProblems(block.code) : []), ...moodlePluginCiProblems(block.code)].map((problem) => `${block.file}:${block.line}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('shows on each threat page a vulnerable example beside the fixed one', () => {
    const without = threats.filter((file) => {
      const text = read(file);
      return !(/<ExamplePair>[\s\S]*<InvalidExample[\s\S]*```\w+[^\n]*\binvalid\b[\s\S]*<ValidExample[\s\S]*<\/ExamplePair>/.test(text) || /<ExamplePair>[\s\S]*<ValidExample[\s\S]*<InvalidExample[\s\S]*```\w+[^\n]*\binvalid\b[\s\S]*<\/ExamplePair>/.test(text));
    });
    expect(without).toEqual([]);
  });

  it('links every page from the index of its folder', () => {
    const unlinked = pages
      .filter((file) => !file.endsWith('/index.md') || path.posix.dirname(file) !== root)
      .flatMap((file) => {
        // The index of the folder above a folder's own index, or of the page's folder.
        const dir = file.endsWith('/index.md') ? path.posix.dirname(path.posix.dirname(file)) : path.posix.dirname(file);
        const index = `${dir}/index.md`;
        return fs.existsSync(path.join(siteRoot, index)) && !linkedPages(index).has(file) ? [`${index} does not link ${file}`] : [];
      });
    expect(unlinked).toEqual([]);
  });
});
