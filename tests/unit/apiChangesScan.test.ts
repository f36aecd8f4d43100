/**
 * The plugin scanner (src/utils/apiChanges/scan.ts) on the fixture plugins written by hand in
 * tests/fixtures/api-changes/plugins: every planted use of a changed name is found on its line,
 * no trap (comments, text in strings, longer names, methods of other objects, a class of the
 * same short name in another namespace) is reported, a clean plugin gives nothing; and the
 * version range filter, the reading of a dropped folder or zip, and the tokenisers' hard cases.
 */
import { describe, expect, it } from 'vitest';
import { lexJs, lexMustache, lexPhp } from '../../src/utils/apiChanges/lexers';
import { changesBetween, readPluginFiles, scanPlugin, skipReason, type ScanFinding } from '../../src/utils/apiChanges/scan';
import type { ApiChange } from '../../src/utils/apiChanges/types';
import { readExpected, readFixtureChanges, readFixturePlugin, score, useKey } from '../support/scanFixtures';

const changes = readFixtureChanges();
const expected = readExpected('planted');
const planted = readFixturePlugin('planted');

const change = (name: string, kind: ApiChange['kind'], extra: Partial<ApiChange> = {}): ApiChange => ({
  name,
  kind,
  change: 'deprecated',
  version: '4.5',
  component: 'core',
  note: 'Test entry.',
  source: { repository: 'example/test', path: 'test', commit: '0'.repeat(40) },
  origin: 'hand',
  ...extra,
});
const scanText = (path: string, text: string, list: ApiChange[], arrowCalls?: 'off' | 'distinctive' | 'all') =>
  scanPlugin([{ path, text }], list, { arrowCalls }).findings.map((finding) => `${finding.line}:${finding.column} ${finding.name}`);

describe('the scanner on the planted plugin', () => {
  const result = scanPlugin(planted, changes);
  const found = result.findings.map(useKey);

  it('finds every planted use on its line, and nothing else', () => {
    expect(expected.found.length).toBeGreaterThanOrEqual(30);
    expect([...new Set(found)].sort()).toEqual(expected.found.map(useKey).sort());
  });

  it('reports no trap', () => {
    for (const trap of expected.traps) {
      const plantedHere = expected.found.filter((use) => use.path === trap.path && use.line === trap.line).map(useKey);
      const reportedHere = result.findings.filter((finding) => finding.path === trap.path && finding.line === trap.line).map(useKey);
      expect(reportedHere.filter((key) => !plantedHere.includes(key)), `${trap.path}:${trap.line} ${trap.text} (${trap.why})`).toEqual([]);
    }
  });

  it('names the change of each use, with the column and whether only the name matched', () => {
    const at = (path: string, line: number, name: string): ScanFinding[] => result.findings.filter((finding) => finding.path === path && finding.line === line && finding.name === name);
    expect(at('lib.php', 50, 'get_context_instance').map((finding) => [finding.column, finding.change.name])).toEqual([[16, 'get_context_instance()']]);
    expect(at('classes/local/helper.php', 33, 'coursenav').map((finding) => [finding.column, finding.change.name])).toEqual([[23, '\\core_course\\output\\activity_navigation']]);
    expect(at('lib.php', 65, '\\core\\output\\html_writer::random_id').map((finding) => finding.change.name)).toEqual(['html_writer::random_id()']);
    expect(at('lib.php', 80, '{course_sections}').map((finding) => finding.column)).toEqual([16]);
    expect(at('amd/src/modern.js', 27, 'core/event').map((finding) => finding.column)).toEqual([55]);
    expect(at('templates/main.mustache', 20, 'core_course/activityinstance').map((finding) => finding.column)).toEqual([9]);
    expect(result.findings.filter((finding) => !finding.certain).map(useKey)).toEqual(['lib.php:60 ->get_courses']);
  });

  it('skips the files it does not read, and lists the changes no scan can find', () => {
    expect(result.skipped.map((file) => file.path).sort()).toEqual([...expected.skipped].sort());
    expect(result.scanned).toBe(planted.length - expected.skipped.length);
    expect(result.unsearchable.map((entry) => entry.kind).sort()).toEqual(['cli-option', 'database-field']);
  });

  it('finds only the changes it is given', () => {
    const templatesOnly = scanPlugin(planted, changes.filter((entry) => entry.kind === 'template'));
    expect(new Set(templatesOnly.findings.map((finding) => finding.change.name))).toEqual(new Set(['core_course/activityinstance', 'core/loading']));
    expect(scanPlugin(planted, []).findings).toEqual([]);
  });

  it('applies the rule for methods on objects of unknown class as documented', () => {
    const off = score(scanPlugin(planted, changes, { arrowCalls: 'off' }).findings, expected.found);
    expect(off.falseNegatives).toEqual(['lib.php:60 ->get_courses']);
    expect(off.falsePositives).toEqual([]);
    const all = score(scanPlugin(planted, changes, { arrowCalls: 'all' }).findings, expected.found);
    expect(all.falseNegatives).toEqual([]);
    expect(all.falsePositives.sort()).toEqual(['classes/local/helper.php:42 ->get_section_name', 'classes/output/renderer.php:35 ->spacer']);
  });
});

describe('the scanner on the clean plugin', () => {
  it('reports no changed names', () => {
    const clean = readFixturePlugin('clean');
    const result = scanPlugin(clean, changes);
    expect(result.findings).toEqual([]);
    expect(result.scanned).toBe(clean.length);
  });
});

describe('scanner rules beyond the fixtures', () => {
  it('resolves names in a namespace block, group uses and use function', () => {
    const list = [change('\\core\\a\\thing', 'class'), change('\\core\\a\\helper()', 'function'), change('MAX_THINGS', 'constant')];
    const text = "<?php\nnamespace mine;\nuse core\\a\\{thing, other as renamed};\nuse function core\\a\\helper;\n$x = new thing();\nhelper(MAX_THINGS);\n$y = new \\mine\\thing();\n";
    expect(scanText('classes/x.php', text, list)).toEqual(['3:13 thing', '4:14 core\\a\\helper', '5:10 thing', '6:1 helper', '6:8 MAX_THINGS']);
  });

  it('resolves a name relative to the namespace of the file', () => {
    const list = [change('\\core_course\\output\\activity_navigation', 'class')];
    const text = '<?php\nnamespace core_course;\n$a = new output\\activity_navigation();\n$b = new namespace\\output\\activity_navigation();\n$c = new activity_navigation();\n';
    expect(scanText('classes/x.php', text, list)).toEqual(['3:10 output\\activity_navigation', '4:10 namespace\\output\\activity_navigation']);
  });

  it('reads attributes as classes, not function calls', () => {
    const text = '<?php\n#[\\core\\attribute\\deprecated(since: "4.5")]\nfunction old() {}\n';
    expect(scanText('lib.php', text, [change('\\core\\attribute\\deprecated', 'class'), change('deprecated()', 'function')])).toEqual(['2:3 \\core\\attribute\\deprecated']);
  });

  it('ends a line comment at ?> and reads nothing in inline HTML, <?xml included', () => {
    const text = '<?php // old_call() ?> old_call() <?xml old_call() ?> <?PHP old_call();\n';
    expect(scanText('x.php', text, [change('old_call()', 'function')])).toEqual(['1:61 old_call']);
  });

  it('takes the callback prefix from version.php', () => {
    const list = [change('*_extend_navigation_course()', 'callback')];
    const files = [
      { path: 'version.php', text: "<?php\n$plugin->component = 'mod_thing';\n" },
      { path: 'lib.php', text: '<?php\nfunction thing_extend_navigation_course() {}\nfunction other_extend_navigation_course() {}\nclass x { function mod_thing_extend_navigation_course() {} }\n' },
    ];
    expect(scanPlugin(files, list).findings.map((finding) => `${finding.line} ${finding.name}`)).toEqual(['2 thing_extend_navigation_course']);
  });

  it('knows the class of $OUTPUT, $PAGE->requires and $this->page->requires, and of nothing else', () => {
    const list = [change('page_requirements_manager::js_init_call()', 'method'), change('core_renderer::spacer()', 'method')];
    const text = '<?php\n$this->page->requires->js_init_call("x");\n$PAGE->requires->js_init_call("x");\n$OUTPUT->spacer();\n$this->other->requires->js_init_call("x");\n$a->page->requires->js_init_call("x");\n';
    const findings = scanPlugin([{ path: 'lib.php', text }], list).findings.map((finding) => `${finding.line} ${finding.name} ${finding.certain}`);
    expect(findings).toEqual(['2 $this->page->requires->js_init_call true', '3 $PAGE->requires->js_init_call true', '4 $OUTPUT->spacer true', '5 ->js_init_call false', '6 ->js_init_call false']);
  });

  it('counts the words of a method name in snake and camel case for the distinctive rule', () => {
    const list = [change('moodleform_thing::addElement()', 'method'), change('some_renderer::render()', 'method'), change('other_thing::get_name()', 'method'), change('third_thing::get_name()', 'method')];
    const text = '<?php\n$mform->addElement("text");\n$widget->render();\n$task->get_name();\n';
    expect(scanText('lib.php', text, list)).toEqual(['2:7 ->addElement']);
  });

  it('reads get_config for core settings, and tables only as a $DB argument or in SQL', () => {
    const list = [change('$CFG->theme', 'setting'), change('log_display', 'database-table')];
    const text = "<?php\n$t = get_config('core', 'theme');\n$DB->get_records('log_display');\n$x = ['log_display'];\n$r = new restore_decode_rule('X', 'view.php?id={log_display}', 'log_display');\n$s = \"DELETE FROM {log_display} WHERE id = $id\";\n";
    expect(scanText('lib.php', text, list)).toEqual(["2:6 get_config('core', 'theme')", '3:19 log_display', '6:19 {log_display}']);
  });
});

describe('changesBetween', () => {
  const entries = [
    change('a', 'function', { version: '4.2' }),
    change('b', 'function', { version: '4.5' }),
    change('c', 'function', { version: '5.0', backportedTo: ['4.5.1', '4.4.5'] }),
    change('d', 'function', { version: '4.5.2' }),
  ];
  const names = (from: string, to: string) => changesBetween(entries, from, to).map((entry) => entry.name);

  it.each([
    ['4.1', '4.5', ['a', 'b']],
    ['4.2', '4.5', ['b']],
    ['4.5', '4.5.3', ['c', 'd']],
    ['4.5.1', '5.0', ['d']],
    ['4.5.2', '5.0', []],
    ['4.4', '4.4.5', ['c']],
    ['4.4.5', '5.0', ['b', 'd']],
    ['4.4', '4.5', ['b']],
    ['5.0', '4.5', []],
    ['4.5', '4.5', []],
  ])('from %s to %s', (from, to, wanted) => {
    expect(names(from, to)).toEqual(wanted);
  });
});

describe('readPluginFiles', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('strips the top folder of a zip and skips what it does not read', () => {
    const result = readPluginFiles([
      { path: 'myplugin/', bytes: new Uint8Array() },
      { path: 'myplugin/lib.php', bytes: bytes('\uFEFF<?php\n') },
      { path: 'myplugin/amd/build/a.min.js', bytes: bytes('x') },
      { path: 'myplugin/pix/icon.png', bytes: new Uint8Array([137, 80]) },
      { path: '__MACOSX/myplugin/._lib.php', bytes: bytes('x') },
    ]);
    expect(result.root).toBe('myplugin');
    expect(result.files).toEqual([{ path: 'lib.php', text: '<?php\n' }]);
    expect(result.skipped).toEqual([
      { path: '__MACOSX/myplugin/._lib.php', reason: 'hidden file or folder' },
      { path: 'amd/build/a.min.js', reason: 'built copy of amd/src' },
      { path: 'pix/icon.png', reason: 'not PHP, JavaScript or Mustache' },
    ]);
  });

  it('takes the folder of the shallowest version.php as the plugin folder', () => {
    const result = readPluginFiles([
      { path: 'work\\local\\thing\\version.php', text: '<?php' },
      { path: 'work/local/thing/db/access.php', text: '<?php' },
      { path: 'work/local/thing/sub/version.php', text: '<?php' },
      { path: 'work/notes.php', text: '<?php' },
    ]);
    expect(result.root).toBe('work/local/thing');
    expect(result.files.map((file) => file.path)).toEqual(['version.php', 'db/access.php', 'sub/version.php']);
    expect(result.skipped).toEqual([{ path: 'work/notes.php', reason: 'outside the plugin folder' }]);
  });

  it('keeps a pasted file as it is', () => {
    expect(readPluginFiles([{ path: 'lib.php', text: '<?php' }])).toEqual({ files: [{ path: 'lib.php', text: '<?php' }], skipped: [], root: '' });
  });

  it('skips language files, third-party folders and large files', () => {
    expect(skipReason('lang/en/local_x.php')).toBe('language strings');
    expect(skipReason('vendor/lib/a.php')).toBe('third-party code');
    expect(skipReason('classes/lang/en/x.php')).toBe('language strings');
    expect(skipReason('templates/a.mustache')).toBeNull();
    expect(readPluginFiles([{ path: 'big.php', text: 'x'.repeat(1_000_001) }]).skipped).toEqual([{ path: 'big.php', reason: 'larger than 1 MB' }]);
  });
});

describe('the tokenisers', () => {
  const strings = (tokens: ReturnType<typeof lexPhp>) => tokens.filter((token) => token.type === 'string').map((token) => token.value);

  it('PHP: heredoc, nowdoc, escapes, interpolation', () => {
    const source = "<?php\n$a = <<<EOT\n  x {$b} y\n  EOT;\n$c = <<<'EOT'\n?> $d\nEOT;\n$e = 'it\\'s \\\\ \\n';\n$f = \"\\x41\\$g\";\n";
    expect(strings(lexPhp(source))).toEqual([undefined, '?> $d', "it's \\ \\n", 'A$g']);
    expect(lexPhp(source).filter((token) => token.type === 'variable').map((token) => token.text)).toEqual(['$a', '$c', '$e', '$f']);
  });

  it('JavaScript: regular expressions, division, nested template literals', () => {
    const source = "a = b / c / d; e = /'x'/g.test(f); g = `${h ? `i${'j'}` : 'k'}`; l = `m`;";
    const tokens = lexJs(source);
    expect(tokens.filter((token) => token.type === 'regex').map((token) => token.text)).toEqual(["/'x'/g"]);
    expect(tokens.filter((token) => token.type === 'string').map((token) => token.value)).toEqual(['j', 'k', 'm']);
  });

  it('Mustache: comments, triple tags, js blocks', () => {
    const source = "{{! {{> a/b }}\n{{{ c }}}{{> d/e}}{{#js}}require(['f/g']);{{/js}}";
    const { tags, scripts } = lexMustache(source);
    expect(tags.map((tag) => `${tag.sigil}${tag.name}`)).toEqual(['{c', '>d/e', '#js', '/js']);
    expect(scripts.map((script) => source.slice(script.start, script.end))).toEqual(["require(['f/g']);"]);
  });
});
