/**
 * The plugin files Moodle reads by name (version.php, db/access.php, lang/en/*.php,
 * db/services.php) are right in every example on the site, and the checker tells right files
 * from wrong ones.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../support/codeBlocks';
import { allFencedBlocks, type FencedBlock } from '../support/content';
import { checkPluginFiles, componentOfDirectory, pluginFile, pluginFileProblems } from '../support/pluginFiles';

const header = "<?php\n// This file is part of Moodle - https://moodle.org/\n\ndefined('MOODLE_INTERNAL') || die();\n\n";
const block = (examplePath: string, code: string, file = 'page.md'): FencedBlock => ({ file, line: 5, language: 'php', meta: '', code: header + code, examplePath });

describe('named plugin files on every page', () => {
  it('follow the rules Moodle applies', { timeout: 120_000 }, async () => {
    const problems = await checkPluginFiles(allFencedBlocks().filter((entry) => entry.examplePath));
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
});
