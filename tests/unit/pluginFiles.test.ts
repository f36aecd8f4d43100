/**
 * The plugin files Moodle reads by name (version.php, db/access.php, lang/en/*.php,
 * db/services.php, db/tasks.php) are right in every example on the site, whether a
 * <CodeExample> or the fence's title names the file or only its content shows what it is, and
 * the checker tells right files from wrong ones.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../support/codeBlocks';
import { allFencedBlocks, type FencedBlock } from '../support/content';
import { checkPluginFiles, componentOfDirectory, pluginFile, pluginFileOf, pluginFileProblems } from '../support/pluginFiles';

const header = "<?php\n// This file is part of Moodle - https://moodle.org/\n\ndefined('MOODLE_INTERNAL') || die();\n\n";
const block = (examplePath: string, code: string, file = 'page.md'): FencedBlock => ({ file, line: 5, language: 'php', meta: '', code: header + code, examplePath });

describe('plugin files on every page', () => {
  it('follow the rules Moodle applies, named or recognised by their content', { timeout: 120_000 }, async () => {
    const blocks = allFencedBlocks().filter((entry) => pluginFileOf(entry));
    console.log(`Plugin-file blocks: ${blocks.length}, of which ${blocks.filter((entry) => !entry.examplePath).length} outside a <CodeExample>.`);
    const problems = await checkPluginFiles(blocks);
    expect(problems.map(formatProblem)).toEqual([]);
  });
});

describe('the plugin file checker', () => {
  it('recognises the files by their path and finds the component of a folder', () => {
    expect(pluginFile('blocks/todaylinks/version.php')).toEqual({ kind: 'version', pluginDir: 'blocks/todaylinks' });
    expect(pluginFile('mod/checkin/lang/en/checkin.php')).toEqual({ kind: 'lang', pluginDir: 'mod/checkin', langName: 'checkin' });
    expect(pluginFile('local/greet/classes/privacy/provider.php')).toBeNull();
    expect(componentOfDirectory('blocks/todaylinks')).toBe('block_todaylinks');
    expect(componentOfDirectory('admin/tool/greet')).toBe('tool_greet');
    expect(componentOfDirectory('course/format/cards')).toBe('format_cards');
    expect(componentOfDirectory('mnet/service/greet')).toBe('mnetservice_greet');
    expect(componentOfDirectory('somewhere/else/greet')).toBeUndefined();
  });

  it('accepts a right version.php and names what is wrong in a wrong one', async () => {
    const good = "$plugin->component = 'block_todaylinks';\n$plugin->version = 2025100600;\n$plugin->requires = 2024100700;\n$plugin->maturity = MATURITY_STABLE;\n$plugin->release = '1.0';\n";
    expect(await pluginFileProblems(block('blocks/todaylinks/version.php', good))).toEqual([]);
    const wrong = "$plugin->component = 'local_todaylinks';\n$plugin->version = 20251006;\n$plugin->requires = 2024133100;\n$plugin->cron = 60;\n";
    expect(await pluginFileProblems(block('blocks/todaylinks/version.php', wrong))).toEqual([
      "$plugin->component is 'local_todaylinks', but the file's folder is that of block_todaylinks",
      '$plugin->version must be a YYYYMMDDXX number (found 20251006)',
      '$plugin->requires must be a core version number, YYYYMMDDXX (found 2024133100)',
      '$plugin->cron is not a field Moodle reads from version.php',
    ]);
    const quoted = "$plugin->component = 'block_todaylinks';\n$plugin->version = 2025100600;\n$plugin->maturity = MATURITY_FINAL;\n";
    expect((await pluginFileProblems(block('blocks/todaylinks/version.php', quoted)))[0]).toMatch(/stops at line 8: Undefined constant "MATURITY_FINAL"/);
    expect((await pluginFileProblems(block('nowhere/todaylinks/version.php', good)))[0]).toMatch(/nowhere\/todaylinks\/ is not the folder of a plugin/);
  });

  it('checks capabilities: names, archetypes, context levels, risks and keys', async () => {
    const good = `$capabilities = [
    'block/todaylinks:addinstance' => [
        'riskbitmask' => RISK_SPAM | RISK_XSS,
        'captype' => 'write',
        'contextlevel' => CONTEXT_BLOCK,
        'archetypes' => ['editingteacher' => CAP_ALLOW, 'manager' => CAP_ALLOW],
        'clonepermissionsfrom' => 'moodle/site:manageblocks',
    ],
];
`;
    expect(await pluginFileProblems(block('blocks/todaylinks/db/access.php', good))).toEqual([]);
    const wrong = `$capabilities = [
    'block/other:view' => ['captype' => 'see', 'contextlevel' => CONTEXT_BLOCK, 'archetypes' => ['teacherassistant' => CAP_ALLOW], 'legacy' => []],
];
`;
    expect(await pluginFileProblems(block('blocks/todaylinks/db/access.php', wrong))).toEqual([
      "capability 'block/other:view': the plugin's capabilities start with 'block/todaylinks:'",
      "capability 'block/other:view': 'captype' must be 'read' or 'write'",
      "capability 'block/other:view': 'teacherassistant' is not a role archetype (manager, coursecreator, editingteacher, teacher, student, guest, user, frontpage)",
      "capability 'block/other:view': 'legacy' is not a key of a capability definition",
    ]);
    const badConstant = "$capabilities = ['block/todaylinks:view' => ['captype' => 'read', 'contextlevel' => CONTEXT_ACTIVITY]];\n";
    expect((await pluginFileProblems(block('blocks/todaylinks/db/access.php', badConstant)))[0]).toMatch(/Undefined constant "CONTEXT_ACTIVITY"/);
  });

  it('checks the language file name and pluginname, and a string for each capability on the page', async () => {
    expect(await pluginFileProblems(block('mod/checkin/lang/en/checkin.php', "$string['pluginname'] = 'Check-in';\n"))).toEqual([]);
    expect(await pluginFileProblems(block('mod/checkin/lang/en/mod_checkin.php', "$string['modulename'] = 'Check-in';\n"))).toEqual([
      'the language file of mod_checkin is lang/en/checkin.php',
      "$string['pluginname'] is missing",
    ]);
    const access = block('blocks/todaylinks/db/access.php', "$capabilities = ['block/todaylinks:addinstance' => ['captype' => 'write', 'contextlevel' => CONTEXT_BLOCK]];\n");
    const lang = block('blocks/todaylinks/lang/en/block_todaylinks.php', "$string['pluginname'] = 'Today links';\n");
    const problems = await checkPluginFiles([access, lang]);
    expect(problems.map((entry) => entry.message)).toEqual([
      "blocks/todaylinks/db/access.php: capability 'block/todaylinks:addinstance' has no $string['todaylinks:addinstance'] in the language file the page shows",
    ]);
  });

  it('checks that each web service function declares the keys Moodle reads', async () => {
    const good = "$functions = ['local_greet_get_greetings' => ['classname' => 'local_greet\\\\external\\\\get_greetings', 'description' => 'Lists greetings.', 'type' => 'read', 'ajax' => true]];\n";
    expect(await pluginFileProblems(block('local/greet/db/services.php', good))).toEqual([]);
    const optional =
      "$functions = ['local_greet_get_greetings' => ['classname' => 'x', 'description' => 'Lists greetings.', 'type' => 'read', 'services' => [MOODLE_OFFICIAL_MOBILE_SERVICE], 'testclientpath' => 'local/greet/testclient_forms.php', 'allowcorsrequests' => true]];\n";
    expect(await pluginFileProblems(block('local/greet/db/services.php', optional))).toEqual([]);
    const wrong = "$functions = ['local_greet_get_greetings' => ['classname' => 'x', 'type' => 'fetch', 'capability' => 'local/greet:view']];\n";
    expect(await pluginFileProblems(block('local/greet/db/services.php', wrong))).toEqual([
      "function 'local_greet_get_greetings': 'description' is required",
      "function 'local_greet_get_greetings': 'type' must be 'read' or 'write'",
      "function 'local_greet_get_greetings': 'capability' is not a key Moodle reads",
    ]);
  });

  it('recognises a plugin file by its fence title or its content, and tells a whole file from a part', () => {
    const fence = (code: string, meta = ''): FencedBlock => ({ file: 'page.md', line: 5, language: 'php', meta, code });
    expect(pluginFileOf(fence("$x = 1;", 'title="local/greet/db/tasks.php"'))).toEqual({ kind: 'tasks', pluginDir: 'local/greet', whole: false });
    expect(pluginFileOf(fence("<?php\n$plugin->version = 2024061000;"))).toEqual({ kind: 'version', whole: true });
    expect(pluginFileOf(fence("$capabilities = [\n];"))).toEqual({ kind: 'access', whole: false });
    expect(pluginFileOf(fence("$functions = [];"))).toEqual({ kind: 'services', whole: false });
    expect(pluginFileOf(fence("$tasks = [['classname' => 'local_greet\\task\\cleanup']];"))).toEqual({ kind: 'tasks', whole: false });
    // A list of tasks that is not db/tasks.php, and a block in another language, are not plugin files.
    expect(pluginFileOf(fence("$tasks = [['id' => 1, 'name' => 'Read']];"))).toBeNull();
    expect(pluginFileOf({ ...fence("$plugin->version = 1;"), language: 'text' })).toBeNull();
    expect(pluginFileOf(fence("$x = 1;", 'title="local/greet/lib.php"'))).toBeNull();
  });

  it('checks a part of version.php for what it defines: supported, incompatible and dependencies too', async () => {
    const part = (code: string): FencedBlock => ({ file: 'page.md', line: 5, language: 'php', meta: '', code });
    expect(await pluginFileProblems(part("$plugin->supported = [401, 405];\n$plugin->incompatible = 500;\n$plugin->dependencies = ['mod_forum' => ANY_VERSION, 'local_greetlib' => 2024050100];"))).toEqual([]);
    expect(await pluginFileProblems(part("$plugin->supported = ['4.1', '4.5'];\n$plugin->incompatible = 0;\n$plugin->dependencies = ['forum' => 'any', 'mod_quiz' => 3];"))).toEqual([
      '$plugin->supported must be two integer branch numbers, the lower first, such as [401, 405] (found ["4.1","4.5"])',
      '$plugin->incompatible must be a positive branch number, such as 500 (found 0)',
      "$plugin->dependencies: 'forum' is not a component of a known plugin type",
      "$plugin->dependencies: the version of 'mod_quiz' must be ANY_VERSION or a YYYYMMDDXX number",
    ]);
    expect(await pluginFileProblems(part("$plugin->component = 'greet';"))).toEqual(["$plugin->component 'greet' is not <type>_<name> of a plugin type in data/components.json"]);
    // A whole file must have its component and version.
    expect(await pluginFileProblems({ ...part("<?php\n$plugin->requires = 2024100700;\n"), code: "<?php\n$plugin->requires = 2024100700;\n" })).toEqual(['$plugin->component is missing', '$plugin->version must be a YYYYMMDDXX number (found undefined)']);
    expect((await pluginFileProblems(part("$plugin->maturity = MATURITY_FINAL;")))[0]).toBe('loading it as Moodle does stops at line 1: Undefined constant "MATURITY_FINAL"');
  });

  it('checks db/tasks.php entries for a task class and the keys Moodle reads', async () => {
    const tasks = (code: string): FencedBlock => ({ file: 'page.md', line: 5, language: 'php', meta: 'title="local/greet/db/tasks.php"', code });
    expect(await pluginFileProblems(tasks("$tasks = [['classname' => 'local_greet\\task\\cleanup', 'blocking' => 0, 'minute' => '*/30', 'hour' => '*', 'day' => '*', 'month' => '*', 'dayofweek' => '*', 'disabled' => 0]];"))).toEqual([]);
    expect(await pluginFileProblems(tasks("$tasks = [['class' => 'cleanup', 'minute' => 'R']];"))).toEqual([
      "task 1: 'classname' must name the task class, such as '\\local_greet\\task\\cleanup'",
      "task 1: 'class' is not a key Moodle reads",
    ]);
  });

  it('requires a sample marked invalid to show a mistake the checks see', async () => {
    const sample = (code: string): FencedBlock => ({ file: 'page.md', line: 5, language: 'php', meta: 'invalid', code });
    expect(await checkPluginFiles([sample("$plugin->version = 20240610;")])).toEqual([]);
    expect((await checkPluginFiles([sample("$plugin->version = 2024061000;")])).map((entry) => entry.message)).toEqual(['part of version.php (recognised by its content): marked invalid, but the checks find nothing wrong in it']);
  });
  it('accepts a right db/mobile.php and names an unknown key, delegate or string entry', async () => {
    const good = "$addons = [\n    'mod_checkin' => [\n        'handlers' => [\n            'checkin' => ['delegate' => 'CoreCourseModuleDelegate', 'method' => 'mobile_view'],\n        ],\n        'lang' => [['pluginname', 'mod_checkin']],\n    ],\n];\n";
    expect(await pluginFileProblems(block('mod/checkin/db/mobile.php', good))).toEqual([]);
    const wrong = "$addons = [\n    'mod_checkin' => [\n        'handler' => [],\n        'handlers' => ['checkin' => ['delegate' => 'CoreModuleDelegate']],\n        'lang' => ['pluginname'],\n    ],\n];\n";
    expect(await pluginFileProblems(block('mod/checkin/db/mobile.php', wrong))).toEqual([
      "add-on 'mod_checkin': 'handler' is not a key the site reads (handlers, lang, dependencies)",
      "add-on 'mod_checkin', handler 'checkin': 'delegate' must name a delegate the app registers site plugins with (found \"CoreModuleDelegate\")",
      "add-on 'mod_checkin': 'lang' must be a list of [string identifier, component] pairs",
    ]);
  });
});
