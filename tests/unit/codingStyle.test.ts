/**
 * The coding-style pages hold themselves to the style they teach: each correct PHP example that
 * is a whole file passes the file-level rules moodle-cs enforces (the GPL boilerplate and the
 * MOODLE_INTERNAL check where, and only where, the file needs it) on top of `php -l` (the
 * code-block test), every sniff a page names exists in the moodle standard, and every rule has
 * a correct and an incorrect example. The checker tells right files from wrong ones.
 */
import { describe, expect, it } from 'vitest';
import { joinParts, metaHasWord } from '../support/codeBlocks';
import { contentFiles, fencedBlocks, readPage as read } from '../support/content';
import { phpFileRuleProblems, unknownSniffs } from '../support/phpFileRules';
import { namedPath } from '../support/pluginFiles';

const styleDir = 'general/development/policies/codingstyle';
const stylePages = contentFiles(['general']).filter((file) => file.startsWith(`${styleDir}/`));

const boilerplate = `<?php
// This file is part of Moodle - https://moodle.org/
//
// Moodle is free software: you can redistribute it and/or modify
// it under the terms of the GNU General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// Moodle is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
// GNU General Public License for more details.
//
// You should have received a copy of the GNU General Public License
// along with Moodle.  If not, see <https://www.gnu.org/licenses/>.
`;
const internal = "defined('MOODLE_INTERNAL') || die();\n";

describe('the coding style pages', () => {
  it('exist: the style, frankenstyle and SQL', () => {
    expect(stylePages).toEqual(expect.arrayContaining([`${styleDir}/index.md`, `${styleDir}/frankenstyle.md`, `${styleDir}/sql.md`]));
  });

  it('show correct whole files that pass the boilerplate and MOODLE_INTERNAL rules', { timeout: 60_000 }, async () => {
    const wholeFiles = stylePages
      .flatMap((file) => joinParts(fencedBlocks(file, read(file))))
      .filter((block) => block.language === 'php' && block.code.startsWith('<?php') && !metaHasWord(block, 'invalid'));
    expect(wholeFiles.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const block of wholeFiles) {
      for (const problem of await phpFileRuleProblems(block.code, namedPath(block))) {
        problems.push(`${block.file}:${block.line + problem.line}: ${problem.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name only sniffs the moodle coding standard has', () => {
    const unknown = stylePages.flatMap((file) => unknownSniffs(read(file)).map((code) => `${file}: ${code}`));
    expect(unknown).toEqual([]);
  });

  it('give every rule of the style a correct and an incorrect example', () => {
    // A rule is an h3 of the style page; its section runs to the next h2 or h3.
    const text = read(`${styleDir}/index.md`).replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, '');
    const sections = text.split(/^(?=#{2,3} )/m).filter((section) => section.startsWith('### '));
    expect(sections.length).toBeGreaterThan(10);
    const missing = sections
      .filter((section) => !(section.includes('<ValidExample') && section.includes('<InvalidExample')))
      .map((section) => section.split('\n')[0]);
    expect(missing).toEqual([]);
  });
});

describe('the file rule checker', () => {
  it('accepts a class file with the boilerplate and no MOODLE_INTERNAL check', async () => {
    const file = `${boilerplate}\nnamespace local_greet;\n\nuse core\\context;\n\n/**\n * A greeting.\n */\nfinal class greeting {\n    public function name(): string {\n        return self::class;\n    }\n}\n`;
    expect(await phpFileRuleProblems(file)).toEqual([]);
    const checked = await phpFileRuleProblems(file.replace('namespace local_greet;', `namespace local_greet;\n\n${internal}`));
    expect(checked.map((problem) => problem.message)).toEqual(['moodle.Files.MoodleInternal: unexpected MOODLE_INTERNAL check: the file only declares symbols']);
  });

  it('wants the check where a file changes global state, unless it requires config.php', async () => {
    expect(await phpFileRuleProblems(`${boilerplate}\n${internal}\n$plugin->version = 2025100600;\n`)).toEqual([]);
    const unchecked = await phpFileRuleProblems(`${boilerplate}\n$plugin->version = 2025100600;\n`);
    expect(unchecked.map((problem) => problem.line)).toEqual([17]);
    expect(unchecked[0].message).toMatch(/^moodle\.Files\.MoodleInternal: expected .*global state/);
    expect(await phpFileRuleProblems(`${boilerplate}\nrequire_once(__DIR__ . '/../../config.php');\n\nrequire_login();\necho 'Hello';\n`)).toEqual([]);
    const several = await phpFileRuleProblems(`${boilerplate}\nclass a {\n}\n\nclass b {\n}\n`);
    expect(several).toHaveLength(1);
    expect(several[0].message).toMatch(/several classes/);
  });

  it('leaves language and Behat files out of the MOODLE_INTERNAL rule, as the sniff does', async () => {
    const strings = `${boilerplate}\n$string['pluginname'] = 'Greet';\n`;
    expect(await phpFileRuleProblems(strings, 'local/greet/lang/en/local_greet.php')).toEqual([]);
    expect(await phpFileRuleProblems(strings, 'local/greet/lib.php')).toHaveLength(1);
  });

  it('names the first line of the boilerplate that differs', async () => {
    const shortened = boilerplate.replace('// it under the terms', '// under the terms');
    const differing = await phpFileRuleProblems(`${shortened}\n${internal}\n$x = 1;\n`);
    expect(differing.map((problem) => problem.line)).toEqual([5]);
    expect(differing[0].message).toMatch(/^moodle\.Files\.BoilerplateComment: expected "\/\/ it under the terms/);
    expect(await phpFileRuleProblems(`<?php\n\n${boilerplate.slice(6)}\n${internal}\n$x = 1;\n`)).toEqual([]);
  });

  it('knows the sniffs of the moodle standard', () => {
    expect(unknownSniffs('moodle.Files.BoilerplateComment, moodle.Files.LineLength.TooLong, Generic.Arrays.DisallowLongArraySyntax and PSR2.Files.ClosingTag')).toEqual([]);
    expect(unknownSniffs('moodle.Files.Boilerplate and Squiz.Strings.DoubleQuoteUsage')).toEqual(['moodle.Files.Boilerplate', 'Squiz.Strings.DoubleQuoteUsage']);
  });
});
