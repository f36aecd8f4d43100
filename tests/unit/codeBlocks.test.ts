/**
 * Every fenced code block of every page parses in its language (PHP with `php -l`), and the
 * checker itself tells good blocks from bad ones.
 */
import { describe, expect, it } from 'vitest';
import { checkBlock, checkBlocks, formatProblem } from '../support/codeBlocks';
import { allFencedBlocks, type FencedBlock } from '../support/content';

const block = (language: string, code: string): FencedBlock => ({ file: 'page.md', line: 10, language, meta: '', code });

const installXml = (fields: string, keys: string): string => `<?xml version="1.0" encoding="UTF-8" ?>
<XMLDB PATH="local/greet/db" VERSION="20240101" COMMENT="Greetings">
  <TABLES>
    <TABLE NAME="local_greet_message" COMMENT="A greeting">
      <FIELDS>
        <FIELD NAME="id" TYPE="int" LENGTH="10" NOTNULL="true" SEQUENCE="true"/>
        ${fields}
      </FIELDS>
      <KEYS>
        <KEY NAME="primary" TYPE="primary" FIELDS="id"/>
        ${keys}
      </KEYS>
    </TABLE>
  </TABLES>
</XMLDB>`;

describe('code blocks of the pages', () => {
  it('all parse in their languages', { timeout: 180_000 }, async () => {
    const blocks = allFencedBlocks();
    const problems = await checkBlocks(blocks);
    expect(problems.map(formatProblem)).toEqual([]);
  });
});

describe('the code block checker', () => {
  it('lints whole PHP files and reports the Markdown line of an error', async () => {
    expect(await checkBlock(block('php', "<?php\ndefined('MOODLE_INTERNAL') || die();\n$plugin = new stdClass();\n"))).toBeNull();
    const problem = await checkBlock(block('php', '<?php\n$plugin->version = 2024010100\n$plugin->requires = 1;\n'));
    expect(problem?.message).toMatch(/syntax error/);
    // The error is on the block's third line; the fence is line 10 of the page.
    expect(problem?.line).toBe(13);
  });

  it('wraps PHP fragments as top-level code or as a class body', async () => {
    expect(await checkBlock(block('php', "$record = $DB->get_record('user', ['id' => 2], '*', MUST_EXIST);"))).toBeNull();
    expect(await checkBlock(block('php', 'public function get_name(): string {\n    return get_string("taskname", "local_greet");\n}'))).toBeNull();
    const problem = await checkBlock(block('php', "'classname' => 'x',"));
    expect(problem?.message).toMatch(/also not valid as a class body/);
  });

  it('parses JavaScript and TypeScript as modules', async () => {
    expect(await checkBlock(block('js', "import {call} from 'core/ajax';\nexport const init = async() => call([]);"))).toBeNull();
    expect(await checkBlock(block('ts', 'const count: number = 1;\nexport default count;'))).toBeNull();
    expect((await checkBlock(block('js', 'export const init = () => {')))?.message).toMatch(/expected/i);
  });

  it('parses JSON and YAML', async () => {
    expect(await checkBlock(block('json', '{"template": "local_greet/card"}'))).toBeNull();
    expect((await checkBlock(block('json', '{"a": 1,}')))?.language).toBe('json');
    expect(await checkBlock(block('yaml', 'name: CI\non: [push]\n'))).toBeNull();
    expect((await checkBlock(block('yaml', 'name: [unclosed\n')))?.language).toBe('yaml');
  });

  it('checks XML for well-formedness and install.xml against the XMLDB schema', async () => {
    expect(await checkBlock(block('xml', '<config><item/></config>'))).toBeNull();
    expect((await checkBlock(block('xml', '<config><item></config>')))?.message).toMatch(/item/);
    const good = installXml(
      '<FIELD NAME="userid" TYPE="int" LENGTH="10" NOTNULL="true" SEQUENCE="false"/>\n<FIELD NAME="message" TYPE="text" NOTNULL="false" SEQUENCE="false"/>',
      '<KEY NAME="userid" TYPE="foreign" FIELDS="userid" REFTABLE="user" REFFIELDS="id"/>',
    );
    expect(await checkBlock(block('xml', good))).toBeNull();
    const wrongType = installXml('<FIELD NAME="userid" TYPE="integer" LENGTH="10" NOTNULL="true" SEQUENCE="false"/>', '');
    expect((await checkBlock(block('xml', wrongType)))?.message).toContain('FIELD[userid]: TYPE="integer" is not allowed');
    const missingField = installXml('<FIELD NAME="name" TYPE="char" LENGTH="255" NOTNULL="true" SEQUENCE="false"/>', '<KEY NAME="userid" TYPE="foreign" FIELDS="userid" REFTABLE="user" REFFIELDS="id"/>');
    expect((await checkBlock(block('xml', missingField)))?.message).toContain('KEY[userid]: field userid is not in the table');
    const noLength = installXml('<FIELD NAME="name" TYPE="char" NOTNULL="true" SEQUENCE="false"/>', '');
    expect((await checkBlock(block('xml', noLength)))?.message).toContain('a char field needs LENGTH');
  });

  it('leaves languages it does not parse alone', async () => {
    expect(await checkBlock(block('mustache', '{{#str}} pluginname, local_greet {{/str'))).toBeNull();
  });
});
