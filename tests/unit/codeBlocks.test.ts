/**
 * Every fenced code block of every page parses in its language (PHP with `php -l`, shell with
 * `bash -n`, Gherkin, Mustache, HTML, CSS, Markdown…) or its language is on the short list of
 * unchecked ones, which the test prints with counts; and the checker tells good blocks from bad.
 */
import { describe, expect, it } from 'vitest';
import { checkBlock, checkBlocks, formatProblem, isParsedLanguage, signaturesAsCode, uncheckedLanguages } from '../support/codeBlocks';
import { allFencedBlocks, type FencedBlock } from '../support/content';

const block = (language: string, code: string, meta = ''): FencedBlock => ({ file: 'page.md', line: 10, language, meta, code });

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
  it('all parse in their languages, or are in a language listed as unchecked', { timeout: 240_000 }, async () => {
    const blocks = allFencedBlocks();
    const count = (list: FencedBlock[]): string => {
      const counts = new Map<string, number>();
      list.forEach((entry) => counts.set(entry.language, (counts.get(entry.language) ?? 0) + 1));
      return [...counts].map(([language, total]) => `${language} ${total}`).join(', ');
    };
    console.log(`Code blocks: ${blocks.length}. Parsed: ${count(blocks.filter((entry) => isParsedLanguage(entry.language)))}.`);
    console.log(`Not parsed (tests/support/codeBlocks.ts, uncheckedLanguages): ${count(blocks.filter((entry) => !isParsedLanguage(entry.language)))}.`);
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

  it('parses PHP signatures marked as such, placeholders and all', async () => {
    const signatures = 'public static function create($properties, $checkcapability = true)\nabstract public function scan_file($file, $filename);\nfunction <modname>_refresh_events($courseid = 0,\n        $instance = null)';
    expect(await checkBlock(block('php', signatures, 'signature'))).toBeNull();
    expect(signaturesAsCode('public function get_name(): string;\nabstract public function run();')).toBe('public function get_name(): string {}\nabstract public function run();');
    expect((await checkBlock(block('php', 'public function get_name(: string', 'signature')))?.message).toMatch(/syntax error/);
    // Without the mark, a signature is not valid PHP code.
    expect(await checkBlock(block('php', 'public function get_name(): string'))).not.toBeNull();
  });

  it('fails a text block that declares PHP', async () => {
    const problem = await checkBlock(block('text', 'Returns:\n\npublic function get_name(): string'));
    expect(problem?.message).toMatch(/fence it as php/);
    expect(problem?.line).toBe(13);
    expect(await checkBlock(block('text', 'local/greet/\n├── version.php\n└── lib.php'))).toBeNull();
  });

  it('checks shell with bash -n', async () => {
    expect(await checkBlock(block('bash', 'cd /var/www/moodle\nphp admin/cli/upgrade.php --non-interactive\nfor f in *.php; do echo "$f"; done'))).toBeNull();
    const problem = await checkBlock(block('bash', 'echo start\nif [ -f config.php ]; then\n  echo found\n'));
    expect(problem?.message).toMatch(/syntax error/);
    expect(problem?.line).toBeGreaterThan(11);
  });

  it('checks Gherkin as Behat reads it: whole features, scenarios or steps', async () => {
    expect(await checkBlock(block('gherkin', '@local_greet\nFeature: Greetings\n  Scenario: See it\n    Given I log in as "admin"\n    Then I should see "Hello"'))).toBeNull();
    expect(await checkBlock(block('gherkin', 'Scenario: See it\n  Given I log in as "admin"'))).toBeNull();
    expect(await checkBlock(block('gherkin', 'Given the following "users" exist:\n  | username | firstname |\n  | student1 | Sam       |'))).toBeNull();
    const problem = await checkBlock(block('gherkin', 'Given the following "users" exist:\n  | username | firstname |\n  | student1 |'));
    expect(problem?.message).toMatch(/inconsistent cell count/);
    expect(problem?.line).toBe(13);
  });

  it('checks Mustache, with Moodle\'s helpers and template inheritance', async () => {
    expect(await checkBlock(block('mustache', '{{< core/modal }}\n{{$body}}{{#str}} pluginname, local_greet {{/str}}{{/body}}\n{{/ core/modal }}'))).toBeNull();
    const problem = await checkBlock(block('mustache', '<div>\n{{#items}}\n  {{name}}\n'));
    expect(problem?.message).toMatch(/Unclosed section "items"/);
    expect((await checkBlock(block('mustache', '{{#str}} pluginname, local_greet {{/str')))?.message).toMatch(/Unclosed/);
  });

  it('checks HTML tags and attributes', async () => {
    expect(await checkBlock(block('html', '<div class="card">\n  <p>Hello <strong>you</strong></p>\n</div>'))).toBeNull();
    const problem = await checkBlock(block('html', '<div>\n  <span>Hello\n</div>'));
    expect(problem?.message).toMatch(/Unclosed element '<span>'/);
    expect(problem?.line).toBe(12);
    expect((await checkBlock(block('html', '<a href="x" href="y">link</a>')))?.message).toMatch(/no-dup-attr/);
  });

  it('joins the parts of one file, named by part="…", and checks them as one', async () => {
    const part = (code: string, line: number, name = 'list'): FencedBlock => ({ file: 'page.md', line, language: 'html', meta: `part="${name}"`, code });
    expect(await checkBlocks([part('<ul>', 10), part('<li>One</li>', 20), part('</ul>', 30)])).toEqual([]);
    const problems = await checkBlocks([part('<ul>', 10), part('<li>One</li>', 20), part('</ol>', 30, 'other')]);
    expect(problems.map((entry) => entry.line).sort()).toEqual([11, 31]);
  });

  it('checks CSS and SCSS', async () => {
    expect(await checkBlock(block('css', '.card { color: red; }'))).toBeNull();
    expect(await checkBlock(block('scss', '$gap: 1rem;\n.card { .title { margin: $gap; } }'))).toBeNull();
    expect((await checkBlock(block('css', '.card {\n  color: red;\n')))?.message).toMatch(/Unclosed block/);
    expect((await checkBlock(block('scss', '.card { .title { margin: 0; }\n')))?.message).toMatch(/Unclosed block/);
  });

  it('compiles Markdown blocks as the pages are compiled', async () => {
    expect(await checkBlock(block('md', 'Call `get_string()` with the **identifier**.\n\n<details>\n  <summary>More</summary>\n</details>'))).toBeNull();
    expect((await checkBlock(block('md', 'A <span>tag that never closes.')))?.message).toMatch(/span/);
  });

  it('names a language that is neither parsed nor listed as unchecked', async () => {
    expect(Object.keys(uncheckedLanguages)).toEqual(['text', 'mermaid', 'nginx']);
    expect(await checkBlock(block('nginx', 'root /srv/moodle/public;'))).toBeNull();
    expect((await checkBlock(block('sql', 'SELECT 1')))?.message).toMatch(/no parser checks "sql"/);
    expect((await checkBlock(block('', 'anything')))?.message).toMatch(/no parser checks "\(no language\)"/);
  });
});
