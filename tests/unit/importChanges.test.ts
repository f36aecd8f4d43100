/**
 * The upgrade-notes importer (src/utils/apiChanges/importNotes.ts and scripts/import-changes.ts)
 * on small notes written here in the format of Moodle's UPGRADING.md files: the entries it
 * derives, the problems it reports with file and line, and the hand entries it keeps.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  deriveChanges,
  importNotes,
  mergeChanges,
  parseNotesFile,
  parseSourcesManifest,
  SourcesManifestError,
  versionOfHeading,
  withSourceCommits,
  type Note,
  type NotesFile,
} from '../../src/utils/apiChanges/importNotes';
import type { ApiChange, ApiChangeExclusion, ApiChangesData } from '../../src/utils/apiChanges/types';
import { DataFileError, validateDataFile } from '../../src/utils/dataFiles';

const siteRoot = path.resolve(__dirname, '../..');
const fixtures = path.join(siteRoot, 'tests/fixtures/api-changes/notes');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-changes-'));
const commit = '0123456789abcdef0123456789abcdef01234567';
const rules = { pluginTypes: new Set(['mod', 'block', 'tool', 'qbank', 'enrol', 'format']) };

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

function readFixtures(folder: string): NotesFile[] {
  const files: NotesFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name === 'UPGRADING.md') {
        files.push({ path: path.relative(folder, full), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  walk(folder);
  return files;
}

/** The facts of an entry, in a line easy to compare. */
const facts = (change: ApiChange) => [change.version, change.component, change.change, change.kind, change.name, change.replacement ?? '-', change.issue ?? '-'].join(' | ');

describe('versionOfHeading', () => {
  it.each([
    ['5.0', '5.0'],
    ['5.0.3', '5.0.3'],
    ['5.0.6+', '5.0.7'],
    ['5.1+', '5.1.1'],
    ['5.2dev', '5.2'],
    ['5.2dev+', '5.2'],
    ['4.5rc1', '4.5'],
    ['Unreleased', undefined],
    ['5', undefined],
  ])('"## %s" is version %s', (heading, version) => {
    expect(versionOfHeading(heading)).toBe(version);
  });
});

describe('parseNotesFile', () => {
  it('reads version, component, subsection and key of each note of the root file', () => {
    const file = readFixtures(path.join(fixtures, 'checkout')).find((entry) => entry.path === 'public/UPGRADING.md');
    const { notes, warnings } = parseNotesFile(file as NotesFile);
    expect(warnings).toEqual([]);
    expect(notes.map((note) => `${note.line} ${note.version} ${note.component} ${note.subsection} ${note.issue}`)).toEqual([
      '13 5.2 core Deprecated MDL-90001',
      '16 5.2 core Deprecated MDL-90002',
      '25 5.2 core Removed MDL-90003',
      '31 5.2 core Removed MDL-90004',
      '41 5.1 core Added MDL-90010',
      '44 5.1 core Added MDL-90011',
      '56 5.1 core Changed MDL-90012',
      '62 5.1 core Removed MDL-90013',
      '65 5.1 core Removed MDL-90014',
      '73 5.1 mod_forum Deprecated MDL-90020',
      '76 5.1 mod_forum Deprecated MDL-90021',
      '86 5.0.2 core_course Deprecated MDL-90030',
    ]);
    // The key line is the frame, not the note.
    expect(notes.every((note) => !note.text.includes('For more information'))).toBe(true);
  });

  it('takes the component of a component file from its title', () => {
    const file = readFixtures(path.join(fixtures, 'checkout')).find((entry) => entry.path === 'public/mod/forum/UPGRADING.md');
    const { notes } = parseNotesFile(file as NotesFile);
    expect(notes.map((note) => `${note.version} ${note.component} ${note.subsection} ${note.issue}`)).toEqual([
      '5.1 mod_forum Deprecated MDL-90020',
      '5.1 mod_forum Deprecated MDL-90021',
      '5.1 mod_forum Deprecated MDL-90022',
    ]);
  });

  it('reports each malformed part with file and line, and imports nothing from it', () => {
    const files = readFixtures(path.join(fixtures, 'malformed'));
    const warnings = files.flatMap((file) => parseNotesFile(file).warnings).map((warning) => `${warning.file}:${warning.line}: ${warning.message}`);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'UPGRADING.md:3: a note before any version heading ("## 5.0"); skipped',
        expect.stringMatching(/^UPGRADING\.md:7: "## Unreleased" is not a version heading/),
        expect.stringMatching(/^UPGRADING\.md:21: "#### Improved" is not a known subsection/),
        expect.stringMatching(/^UPGRADING\.md:32: the note gives no tracker key/),
        expect.stringMatching(/^UPGRADING\.md:34: "### Not a component" is not a component name/),
        'mod/book/UPGRADING.md:5: a note before any version heading ("## 5.0"); skipped',
        expect.stringMatching(/^mod\/book\/UPGRADING\.md:1: no version heading/),
      ]),
    );
    const result = importNotes(files, { repository: 'moodle/moodle', commit, rules });
    expect(result.changes.map(facts)).toEqual(['5.1 | core | removed | function | keyless_function() | - | -']);
    expect(result.warnings.map((warning) => `${warning.file}:${warning.line}`)).toContain('UPGRADING.md:29');
    expect(result.warnings.find((warning) => warning.line === 29)?.message).toMatch(/^no name could be read from this note \(core, 5\.1, Removed\)/);
  });

  it('reads a namespaced class written as the component heading as that class in its component', () => {
    const file: NotesFile = {
      path: 'UPGRADING.md',
      text: '# Moodle Upgrade notes\n\n## 5.3\n\n### core\\widget\\manager\n\n#### Added\n\n- Added widget_delay() method to let a widget wait.\n\n  For more information see [MDL-90300](https://tracker.moodle.org/browse/MDL-90300)\n\n### mod_forum\n\n#### Added\n\n- Added forum_delay() function to let a forum wait.\n\n  For more information see [MDL-90301](https://tracker.moodle.org/browse/MDL-90301)\n',
    };
    const { notes, warnings } = parseNotesFile(file);
    expect(warnings).toEqual([]);
    expect(notes.map((note) => `${note.component} ${note.container ?? '-'}`)).toEqual(['core \\core\\widget\\manager', 'mod_forum -']);
    const result = importNotes([file], { repository: 'moodle/moodle', commit, rules });
    expect(result.changes.map(facts)).toEqual([
      '5.3 | core | added | method | \\core\\widget\\manager::widget_delay() | - | MDL-90300',
      '5.3 | mod_forum | added | function | forum_delay() | - | MDL-90301',
    ]);
  });

  it('skips a file that is not Moodle upgrade notes, saying so', () => {
    const { notes, warnings } = parseNotesFile({ path: 'lib/vendorlib/UPGRADING.md', text: fs.readFileSync(path.join(fixtures, 'checkout/public/lib/vendorlib/UPGRADING.md'), 'utf8') });
    expect(notes).toEqual([]);
    expect(warnings[0]).toMatchObject({ file: 'lib/vendorlib/UPGRADING.md', line: 1 });
    expect(warnings[0].message).toMatch(/^not Moodle upgrade notes/);
  });
});

describe('importNotes on a checkout with public/', () => {
  const files = readFixtures(path.join(fixtures, 'checkout'));
  const result = importNotes(files, { repository: 'moodle/moodle', commit, rules });

  it('derives name, kind, change, version, replacement and key of each change', () => {
    expect(result.changes.map(facts)).toEqual([
      '5.0.2 | core_course | deprecated | web-service | core_course_get_old_summary | core_course_get_summary | MDL-90030',
      '5.1 | core | added | hook | \\core\\hook\\output\\before_widget_render | - | MDL-90010',
      '5.1 | core | changed | function | fetch_widgets() | - | MDL-90012',
      '5.1 | core | renamed | class | widget_base | \\core\\output\\widget_base | MDL-90011',
      '5.1 | core | changed | function | widget_count() | - | MDL-90013',
      '5.1 | core | renamed | class | widget_holder | \\core\\output\\widget\\holder | MDL-90011',
      '5.1 | mod_forum | deprecated | function | forum_print_old_summary() | \\mod_forum\\output\\summary | MDL-90020',
      '5.1 | mod_forum | deprecated | capability | mod/forum:viewoldsummary | - | MDL-90021',
      '5.1 | mod_forum | deprecated | template | mod_forum/old_summary | mod_forum/summary | MDL-90022',
      '5.2 | core | removed | setting | $CFG->legacywidgets | - | MDL-90004',
      '5.2 | core | deprecated | method | \\core\\output\\old_table::end_rows() | - | MDL-90002',
      '5.2 | core | deprecated | method | \\core\\output\\old_table::start_rows() | \\core\\output\\old_table::open_rows() | MDL-90002',
      '5.2 | core | removed | js-module | core/old_dialogue | - | MDL-90003',
      '5.2 | core | removed | js-module | core/old_dialogue_factory | - | MDL-90003',
      '5.2 | core | deprecated | function | widget_helper_render() | \\core\\output\\widget::render() | MDL-90001',
    ]);
  });

  it('reads a note the root file repeats from a component file once, citing the component file', () => {
    const forum = result.changes.filter((change) => change.component === 'mod_forum');
    expect(forum.map((change) => change.source.path)).toEqual(['public/mod/forum/UPGRADING.md', 'public/mod/forum/UPGRADING.md', 'public/mod/forum/UPGRADING.md']);
    expect(result.changes.every((change) => change.origin === 'imported' && change.source.commit === commit && change.source.repository === 'moodle/moodle')).toBe(true);
  });

  it('writes each note by rule, never with the upgrade note’s words', () => {
    const notesText = files.map((file) => file.text).join('\n');
    for (const change of result.changes) {
      expect(change.note).toMatch(/^[A-Z][^\n]+\.$/);
      // No run of five words of the upgrade notes appears in an entry's note.
      const words = change.note.split(/\s+/);
      for (let start = 0; start + 5 <= words.length; start += 1) {
        expect(notesText).not.toContain(words.slice(start, start + 5).join(' '));
      }
    }
    const deprecated = result.changes.find((change) => change.name === 'widget_helper_render()');
    expect(deprecated?.note).toBe('Function deprecated in 5.2; use \\core\\output\\widget::render() instead.');
  });

  it('lists the series it read, and can be limited to some', () => {
    expect(result.series).toEqual(['5.0', '5.1', '5.2']);
    const limited = importNotes(files, { repository: 'moodle/moodle', commit, rules, since: '5.1', until: '5.1' });
    expect(limited.series).toEqual(['5.1']);
    expect(new Set(limited.changes.map((change) => change.version))).toEqual(new Set(['5.1']));
  });
});

describe('deriveChanges reads the names of real-format notes', () => {
  const note = (text: string, subsection: Note['subsection'] = 'Deprecated'): Note => ({ file: 'UPGRADING.md', line: 1, heading: '5.0', version: '5.0', component: 'core', subsection, text });
  const derive = (text: string, subsection?: Note['subsection']) => deriveChanges(note(text, subsection), rules).derived.map((entry) => [entry.change, entry.kind, entry.name, entry.replacement ?? '-'].join(' '));

  it.each([
    {
      name: 'a method named inside its class',
      text: 'Final removal of `share_thing()` in `core\\sharing\\sender`, please use `share_other()` instead.',
      subsection: 'Removed' as const,
      expected: ['removed method \\core\\sharing\\sender::share_thing() \\core\\sharing\\sender::share_other()'],
    },
    {
      name: 'new names announced by a first sentence that names none, each opening a later sentence',
      text: 'Two new AMD modules are now available. `core/widget_draw` draws one widget. `core/widget_board` provides `drawAll` and `clearAll` to lay widgets out.',
      subsection: 'Added' as const,
      expected: ['added js-module core/widget_draw -', 'added js-module core/widget_board -'],
    },
    {
      name: 'a first sentence that names nothing and announces nothing, whose later names are context',
      text: 'Widgets now load faster. `core/widget_draw` is used for it.',
      subsection: 'Added' as const,
      expected: [],
    },
    {
      name: 'a replacement named by "instead call"',
      text: 'The widget `get_frame()` method has been deprecated, callers should instead call `get_frame_sql()`.',
      expected: ['deprecated method get_frame() get_frame_sql()'],
    },
    {
      name: 'a deprecated wrapper whose sentence also names the method it wraps, which is the replacement',
      text: 'widget_manager::get_old_bounds() has been kept as a deprecated wrapper around widget_manager::get_bounds(); callers still using the old name should migrate to get_bounds().',
      expected: ['deprecated method widget_manager::get_old_bounds() get_bounds()'],
    },
    {
      name: 'several functions and the kind word after them',
      text: 'widget_a(), widget_b() and widget_c() functions have been deprecated.',
      expected: ['deprecated function widget_a() -', 'deprecated function widget_b() -', 'deprecated function widget_c() -'],
    },
    {
      name: 'a lone name heading its description, whose names are context',
      text: 'old_category_maker()\n\nNo longer makes a category in CONTEXT_SYSTEM.\nSuperseded by new_category_maker which makes one on demand.',
      expected: ['deprecated function old_category_maker() new_category_maker()'],
    },
    {
      name: 'a web service named by the words before it',
      text: 'The webservice function `mod_forum_get_old_posts` is now deprecated in favour of `mod_forum_get_posts`.',
      expected: ['deprecated web-service mod_forum_get_old_posts mod_forum_get_posts'],
    },
    {
      name: 'a removed parameter, which changes the function rather than removing it',
      text: 'The unused parameter `$flag` has been removed from the function `count_widgets()`.',
      subsection: 'Removed' as const,
      expected: ['changed function count_widgets() -'],
    },
    {
      name: 'a class and the replacement of the same kind',
      text: 'The trait `old_reader_trait` has been deprecated in favour of `new_reader_trait`.',
      expected: ['deprecated class old_reader_trait new_reader_trait'],
    },
    {
      name: 'a method of a global class written with a backslash',
      text: 'Final deprecation of core_renderer\\old_panel()',
      subsection: 'Removed' as const,
      expected: ['removed method core_renderer::old_panel() -'],
    },
    {
      name: 'a call with arguments, which is an example and not a name',
      text: 'The `$CFG->oldpaths` setting has been removed; code calling get_config(\'oldpaths\') gets nothing.',
      subsection: 'Removed' as const,
      expected: ['removed setting $CFG->oldpaths -'],
    },
    {
      name: 'an added method: only the first name, without a replacement',
      text: 'A new method `\\core\\widget::render_all()` has been added. See `\\core\\widget_test` for an example.',
      subsection: 'Added' as const,
      expected: ['added method \\core\\widget::render_all() -'],
    },
    {
      name: 'a rename table of methods',
      text: 'The following methods have been renamed:\n\n| Old method name | New method name |\n| --- | --- |\n| `kill_widget` | `destroy` |',
      subsection: 'Changed' as const,
      expected: ['renamed method kill_widget() destroy()'],
    },
    {
      name: 'a list of replacements after "replaced with:", in a note filed under Added',
      text: 'The `old_setup_check()` function has been deprecated and replaced\nwith:\n\n- `\\core\\setup::check_all()`; and\n- `\\core\\setup::check_one()`.',
      subsection: 'Added' as const,
      expected: ['deprecated function old_setup_check() \\core\\setup::check_all()'],
    },
    {
      name: 'classes made available in a namespace, which moves them there',
      text: 'The following exceptions are now also available in the `\\core\\exception` namespace:\n\n  - `\\widget_exception`',
      subsection: 'Added' as const,
      expected: ['moved class widget_exception \\core\\exception\\widget_exception'],
    },
    {
      name: 'a final deprecation filed under Deprecated that says the functions were removed',
      text: 'Final deprecations. The following functions have been removed:\n    - widget_old_a\n    - widget_old_b',
      expected: ['removed function widget_old_a() -', 'removed function widget_old_b() -'],
    },
    {
      name: 'global functions the note calls methods, with the replacement its introduction gives',
      text: 'The following methods have been deprecated, existing code should switch to use `\\core\\cipher::encode()`:\n\n- `\\old_encode()`',
      expected: ['deprecated function old_encode() \\core\\cipher::encode()'],
    },
    {
      name: 'an addition that gives an existing function a parameter, which changes it',
      text: 'widget_total() in the manager class accepts a new parameter to filter by group.',
      subsection: 'Added' as const,
      // The class the sentence names holds the function (the review's rule: "in the X class").
      expected: ['changed method manager::widget_total() -'],
    },
    {
      name: 'an addition filed under Changed',
      text: 'Added a new `\\core\\widget::emit()` method to be called where a widget is drawn.',
      subsection: 'Changed' as const,
      expected: ['added method \\core\\widget::emit() -'],
    },
    {
      name: 'a web service that returns one more field, filed under Added',
      text: 'The web service `core_widget_get_widgets` additionally returns `colour`.',
      subsection: 'Added' as const,
      expected: ['changed web-service core_widget_get_widgets -'],
    },
    {
      name: 'a list of methods updated to accept more, filed under Added',
      text: 'The following methods have been updated to accept a widget name:\n- `\\behat_widget::i_open_widget()`',
      subsection: 'Added' as const,
      expected: ['changed method behat_widget::i_open_widget() -'],
    },
    {
      name: 'a method "finally deprecated and removed", filed under Deprecated',
      text: 'The `\\core\\widget_manager::old_hash` method has been finally deprecated and removed.',
      expected: ['removed method \\core\\widget_manager::old_hash() -'],
    },
    {
      name: 'properties named in one sentence and deprecated in the next',
      text: 'The `\\core\\widget::$extra` and `\\core\\widget::$score` properties will now\nemit debugging.\n\nThese have been deprecated for a long time.',
      expected: ['deprecated property \\core\\widget::$extra -', 'deprecated property \\core\\widget::$score -'],
    },
    {
      name: 'an ES module, by the word the notes use for it',
      text: 'The `gradereport_widget/group` ESM has been deprecated. Please use `core_course/actionbar/group` instead.',
      expected: ['deprecated js-module gradereport_widget/group core_course/actionbar/group'],
    },
    {
      name: 'a table of methods whose introduction names their class and deprecates them, in a note filed under Added',
      text: 'All widget handling has been moved to the `\\core\\widget\\manager` class.\n\nThe following methods in `\\core\\widget\\manager` have been deprecated:\n| Old method name | New method name |\n| --- | --- |\n| `kill_widget` | `destroy` |',
      subsection: 'Added' as const,
      expected: ['deprecated method \\core\\widget\\manager::kill_widget() \\core\\widget\\manager::destroy()'],
    },
  ])('$name', ({ text, subsection, expected }) => {
    expect(derive(text, subsection)).toEqual(expected);
  });

  // The rules the independent review of the imported entries asked for (its "Systematic parser errors"), each on a small
  // note shaped like the one it was seen in, including the notes' own slips (a "/" for "\", an unclosed code mark).
  it.each([
    {
      name: 'the class of listed methods, from "The following `X` methods", applied to the replacement too',
      text: 'The following `widget_filter_manager` methods have been deprecated:\n\n* `reset_all()` - to be replaced by new `reset()` method\n* `merge()`',
      expected: ['deprecated method widget_filter_manager::reset_all() widget_filter_manager::reset()', 'deprecated method widget_filter_manager::merge() -'],
    },
    {
      name: 'the class of a method from "the `X` helper class `m` method"',
      text: 'The `gadget` helper class `get_gadget_count` method is now deprecated, existing code should instead use `report::get_row_count`',
      expected: ['deprecated method gadget::get_gadget_count() report::get_row_count()'],
    },
    {
      name: 'the class of a method from "added to <component> <word> class", written without code marks',
      text: 'New get_widget_list() and get_widget_tree() functions have been added to mod_forum widget class.',
      subsection: 'Added' as const,
      expected: ['added method \\mod_forum\\widget::get_widget_list() -'],
    },
    {
      name: 'the class of a method from "added to X object"',
      text: 'A new method get_widget_record has been added to cm_widget object so core can get the record.',
      subsection: 'Added' as const,
      expected: ['added method cm_widget::get_widget_record() -'],
    },
    {
      name: 'no class from "the section controlmenu class", which names none precisely',
      text: 'The get_highlight_widget in the section controlmenu class is now deprecated. Use get_section_widget instead',
      expected: ['deprecated function get_highlight_widget() get_section_widget()'],
    },
    {
      name: 'methods moved from one class to its parent belong to the parent',
      text: 'The following methods have been moved from `\\core_widget\\datasource` class to its parent class `\\core_widget\\base` to make them available:\n\n    - `add_widget_columns()`',
      subsection: 'Added' as const,
      expected: ['added method \\core_widget\\base::add_widget_columns() -'],
    },
    {
      name: 'a table whose header is not old and new names renames nothing',
      text: 'The namespace of a widget is now part of its renderer method name. Examples:\n\n| Renderable name | Renderer method name |\n| --- | --- |\n| `\\core\\output\\widget\\link` | `render_widget__link` |',
      subsection: 'Added' as const,
      expected: [],
    },
    {
      name: 'a rename table with a "/" for a namespace separator and a row without its closing mark and pipe',
      text: 'The following classes have been renamed.\n\n| Old class name | New class name |\n| --- | --- |\n| `\\widget_form` | `\\core_widget\\form/widget_form` |\n| `\\widget_info` | `\\core_widget\\widget_info\n| `\\widget_cache` | `\\core_widget\\cache` |',
      subsection: 'Added' as const,
      expected: ['renamed class widget_form \\core_widget\\form\\widget_form', 'renamed class widget_info \\core_widget\\widget_info', 'renamed class widget_cache \\core_widget\\cache'],
    },
    {
      name: 'an existing name that "now supports" something, filed under Added, changed',
      text: 'The `\\core\\output\\widget_menu` widget now supports rendering dividers between options.',
      subsection: 'Added' as const,
      expected: ['changed class \\core\\output\\widget_menu -'],
    },
    {
      name: 'an existing method that "has been extended", filed under Added, changed',
      text: 'The `widget_broker::process_events()` method has been extended to call the `::process_action()` method of plugins.',
      subsection: 'Added' as const,
      expected: ['changed method widget_broker::process_events() -'],
    },
    {
      name: 'the name "new" introduces is the one added, not the class that now includes it',
      text: 'The `\\widget_section` class now includes a new method `\\widget_section::get_cms()` that returns its modules.',
      subsection: 'Added' as const,
      expected: ['added method widget_section::get_cms() -'],
    },
    {
      name: 'a new property of a class, its class from the sentence',
      text: 'A new `$responsive` property (defaulting to `true`) has been added to the `\\core_widget\\flexible_widget` class.',
      subsection: 'Added' as const,
      expected: ['added property \\core_widget\\flexible_widget::$responsive -'],
    },
    {
      name: 'a name after "obtained from" is where the value comes from, not a deprecation',
      text: 'The `\\core_widget\\search::get_total_count()` is no longer used since the total count can be obtained from `\\core_widget\\search::get_widgets()`.',
      expected: ['deprecated method \\core_widget\\search::get_total_count() -'],
    },
    {
      name: 'names after "migrated to" are destinations',
      text: '`\\core_widget\\old_object` is now completely deprecated. Its methods have either been migrated to `\\core_widget\\list`, `\\core_widget\\manager`, or are no longer used at all.',
      expected: ['deprecated class \\core_widget\\old_object -'],
    },
    {
      name: 'a list after "moved to either" gives destinations',
      text: 'The `\\core_widget\\old_object` class has been deprecated.\n  Methods previously part of this class have been moved to either\n\n   - `\\core_widget\\list`,\n    for display; or',
      subsection: 'Changed' as const,
      expected: ['deprecated class \\core_widget\\old_object -'],
    },
    {
      name: 'a name after "alternative to" is not what was added',
      text: 'A new widget/update.php url is added as a non-ajax alternative to the core_widget_update_widget webservice',
      subsection: 'Added' as const,
      expected: [],
    },
    {
      name: 'final deprecations listed on one line, each with its own replacement',
      text: '- Final deprecation of widget_print(). Please use \\mod_widget\\manager::print_all() instead. - Final deprecation of widget_name(). Please use preset::get_name() instead.',
      subsection: 'Removed' as const,
      expected: ['removed function widget_print() \\mod_widget\\manager::print_all()', 'removed function widget_name() preset::get_name()'],
    },
    {
      name: 'a "systemreport" is a class',
      text: 'The `course_widgets` systemreport has been deprecated and merged with the widgets systemreport.',
      expected: ['deprecated class course_widgets -'],
    },
    {
      name: 'a parameter of constructors ("contructors", sic) changes the classes',
      text: "The 'mode' parameter has been deprecated from 'edit_widget_action_bar' and 'widgets_table' contructors.",
      expected: ['changed class edit_widget_action_bar -', 'changed class widgets_table -'],
    },
    {
      name: 'a class whose namespace separator is written "::" before the word class',
      text: 'The `$a` and `$b` parameters from the constructor of the `\\mod_widget\\output::grading_menu` class have been deprecated.',
      expected: ['changed class \\mod_widget\\output\\grading_menu -'],
    },
    {
      name: '"::interface" in a list of final deprecations names the interface',
      text: 'Final deprecation of:\n    - core_widget\\local\\menuable_widget::interface\n    - core_widget\\local\\view::start_table()',
      subsection: 'Removed' as const,
      expected: ['removed class \\core_widget\\local\\menuable_widget -', 'removed method \\core_widget\\local\\view::start_table() -'],
    },
    {
      name: 'a property "of the `C` class"',
      text: 'The `$timeout` property of the `\\widget_cache` class has been deprecated.',
      expected: ['deprecated property widget_cache::$timeout -'],
    },
    {
      name: 'a "class property in the `C` class", and a public member written without code marks',
      text: 'The `$course` class property in the `\\core_widget\\output\\selector` class has been removed.\n\nSupport for the $grouplist public member in the widget_log_renderable class has been removed.',
      subsection: 'Removed' as const,
      expected: ['removed property \\core_widget\\output\\selector::$course -', 'removed property widget_log_renderable::$grouplist -'],
    },
    {
      name: '"the `C::p` property", removed by its own verb under Deprecated',
      text: 'The `\\widget_grading_table::batchoperations` property has been removed. You can use `\\widget_plugin::get_batch_operations()` instead.',
      expected: ['removed property widget_grading_table::$batchoperations widget_plugin::get_batch_operations()'],
    },
    {
      name: 'a property whose class the note does not give is not named',
      text: 'The `$flag` property has been deprecated.',
      expected: [],
    },
    {
      name: 'a plain word before "setting" in a removal',
      text: 'The widgetmode setting has been removed. Consider implementing your own setting in your theme if needed.',
      subsection: 'Removed' as const,
      expected: ['removed setting widgetmode -'],
    },
    {
      name: 'a plain word before "setting" is no name outside deprecations and removals',
      text: 'The widgetmode setting now has a third value.',
      subsection: 'Changed' as const,
      expected: [],
    },
    {
      name: 'a headed note: the code name that opens it is the subject',
      text: '`report_widget\\output\\renderer::render_buttons` No replacement.',
      expected: ['deprecated method \\report_widget\\output\\renderer::render_buttons() -'],
    },
    {
      name: 'two names and two replacements in one sentence pair by position',
      text: 'Removed the deprecated class callbacks `widget_structure_modified` and `widget_attempt_deleted` from mod_widget, use the `structure_modified` and `attempt_state_changed` hooks instead.',
      subsection: 'Removed' as const,
      expected: ['removed callback widget_structure_modified() structure_modified', 'removed callback widget_attempt_deleted() attempt_state_changed'],
    },
    {
      name: '"component::class" before method names, and replacements in the next sentence paired by position',
      text: 'The core_widget::base get_widget_number and set_widget_number are now final deprecated. Use get_widgetnum and set_widgetnum instead.',
      expected: ['deprecated method \\core_widget\\base::get_widget_number() get_widgetnum()', 'deprecated method \\core_widget\\base::set_widget_number() set_widgetnum()'],
    },
    {
      name: '"has been removed" under Deprecated removes',
      text: 'The `widget_allow_update()` has been removed. It was deprecated without replacement in Moodle 4.3.',
      expected: ['removed function widget_allow_update() -'],
    },
    {
      name: '"Removed …" under Added removes',
      text: 'Removed fictitious `__widget()` magic method.\n\nThe `empty()` method does not make use of it.',
      subsection: 'Added' as const,
      expected: ['removed method __widget() -'],
    },
    {
      name: 'a module added "directly deprecated" under Deprecated is deprecated',
      text: 'New `theme_widget/bs4-compat` JS module added (directly deprecated) to allow plugins to convert old data attribute syntax.',
      expected: ['deprecated js-module theme_widget/bs4-compat -'],
    },
    {
      name: 'placeholders such as WIDGET_TYPE_X are not names; a component/name setting in a list of new settings is',
      text: 'Added 2 new settings:\n    - `mod_widget/defaulttype`\n      - Which of the `WIDGET_TYPE_X` constants is the default.',
      subsection: 'Added' as const,
      expected: ['added setting mod_widget/defaulttype -'],
    },
    {
      name: 'a callback converted to a hook: the plugin callback changed, the hook replaces it',
      text: 'The `after_widget()` callback has been converted to a hook, `\\core\\hook\\after_widget`.',
      subsection: 'Added' as const,
      expected: ['changed callback *_after_widget() \\core\\hook\\after_widget'],
    },
    {
      name: 'a "{plugin name}_x" replacement is the callback *_x()',
      text: '- The following methods have been finally deprecated and removed:\n    - `\\widget_plugin::update_status()`, please use `{plugin name}_before_widget_html` instead.',
      expected: ['removed method widget_plugin::update_status() *_before_widget_html()'],
    },
    {
      name: '"instead of" names what is no longer done, not a replacement',
      text: 'The `\\widget_cache` class now uses the Moodle Universal Cache to store its data instead of storing it in the global `$SESSION` variable.',
      subsection: 'Fixed' as const,
      expected: ['changed class widget_cache -'],
    },
    {
      name: 'a "method" from a library file is a global function',
      text: 'The `widgetize()` method from `lib/widgetize.php` has been deprecated, please instead use the `\\core\\widget_parser` class',
      expected: ['deprecated function widgetize() \\core\\widget_parser'],
    },
    {
      name: 'a field written in braces without code marks',
      text: 'The {widget_preferences}.value database field is now TEXT instead of CHAR.',
      subsection: 'Changed' as const,
      expected: ['changed database-field widget_preferences.value -'],
    },
    {
      name: 'a Mustache variable in braces is not a table',
      text: 'HTML IDs of the widget have been changed.\n  - core_widget/local/header #collapsewidget{{num}} has been changed to #collapsewidgetid{{id}}',
      subsection: 'Fixed' as const,
      expected: [],
    },
    {
      name: '"can now" after the name changes it; before the name, the name is the new thing',
      text: 'The `contexturl` property of `\\core\\widget\\message` instances can now contain `\\core\\url` values.\n\nWidget classes can now implement the core\\output\\widgetable interface.',
      subsection: 'Added' as const,
      expected: ['changed property \\core\\widget\\message::$contexturl -'],
    },
    {
      name: 'the class holding the replacements is not one of them when pairing',
      text: 'The following methods have been deprecated and should no longer be used: - `widget_delete_module` - `widget_flag_module` Please consider using the equivalent methods, `delete` and `delete_async`, in `core_widget\\local\\actions` instead.',
      expected: ['deprecated function widget_delete_module() \\core_widget\\local\\actions::delete()', 'deprecated function widget_flag_module() \\core_widget\\local\\actions::delete_async()'],
    },
  ])('review rule: $name', ({ text, subsection, expected }) => {
    expect(derive(text, subsection)).toEqual(expected);
  });

  it('reports a note with no name instead of inventing one', () => {
    expect(deriveChanges(note('Support for an old browser has been removed.', 'Removed'), rules)).toEqual({ derived: [], warning: 'no name could be read from this note' });
  });
});

describe('a folder of files read at different commits (a sources manifest)', () => {
  const label = 'sources.json';
  const manifest = fs.readFileSync(path.join(fixtures, 'checkout-sources.json'), 'utf8');
  const files = readFixtures(path.join(fixtures, 'checkout')).map((file) => ({ ...file, path: file.path.split(path.sep).join('/') }));

  it('cites each entry at its own file\'s commit', () => {
    const result = importNotes(withSourceCommits(files, parseSourcesManifest(manifest, label), label), { repository: 'moodle/moodle', rules });
    const cited = new Set(result.changes.map((change) => `${change.source.path} ${change.source.commit}`));
    expect([...cited].sort()).toEqual(['public/UPGRADING.md 1111111111111111111111111111111111111111', 'public/mod/forum/UPGRADING.md 3333333333333333333333333333333333333333']);
  });

  it('lets a file\'s own commit win over the import\'s', () => {
    const dated = files.map((file) => (file.path === 'public/mod/forum/UPGRADING.md' ? { ...file, commit: '4444444444444444444444444444444444444444' } : file));
    const result = importNotes(dated, { repository: 'moodle/moodle', commit, rules });
    expect(new Set(result.changes.filter((change) => change.component === 'mod_forum').map((change) => change.source.commit))).toEqual(new Set(['4444444444444444444444444444444444444444']));
    expect(new Set(result.changes.filter((change) => change.component !== 'mod_forum').map((change) => change.source.commit))).toEqual(new Set([commit]));
  });

  it('refuses to import a file without a commit, naming it', () => {
    const partly = files.map((file) => (file.path === 'public/UPGRADING.md' ? file : { ...file, commit }));
    expect(() => importNotes(partly, { repository: 'moodle/moodle', rules })).toThrow('no source commit for public/UPGRADING.md');
  });

  it('names a file the manifest does not list, and an entry for a file the folder does not hold', () => {
    const commits = parseSourcesManifest(manifest, label);
    commits.delete('public/mod/forum/UPGRADING.md');
    expect(() => withSourceCommits(files, commits, label)).toThrow('sources.json: no commit for "public/mod/forum/UPGRADING.md"');
    commits.set('public/mod/forum/UPGRADING.md', commit);
    commits.set('public/mod/book/UPGRADING.md', commit);
    expect(() => withSourceCommits(files, commits, label)).toThrow('sources.json: lists "public/mod/book/UPGRADING.md", which the folder does not hold');
  });

  it.each([
    ['{"public/UPGRADING.md": ', 'sources.json: not valid JSON'],
    ['["public/UPGRADING.md"]', 'sources.json: must be an object mapping each UPGRADING.md path'],
    ['{"public/UPGRADING.md": "457e397"}', 'sources.json: "public/UPGRADING.md" has commit "457e397", not a 40-hex sha'],
    ['{"public/UPGRADING.md": 42}', 'sources.json: "public/UPGRADING.md" has commit 42, not a 40-hex sha'],
    [`{"public/lib/upgrade.txt": "${commit}"}`, 'sources.json: "public/lib/upgrade.txt" is not the path of an UPGRADING.md'],
    [`{"/public/UPGRADING.md": "${commit}"}`, 'sources.json: "/public/UPGRADING.md" is not the path of an UPGRADING.md'],
    [`{"public/../UPGRADING.md": "${commit}"}`, 'sources.json: "public/../UPGRADING.md" is not the path of an UPGRADING.md'],
  ])('rejects the malformed manifest %s', (text, message) => {
    expect(() => parseSourcesManifest(text, label)).toThrow(SourcesManifestError);
    expect(() => parseSourcesManifest(text, label)).toThrow(message);
  });
});

describe('mergeChanges', () => {
  const source = { repository: 'moodle/moodle', path: 'UPGRADING.md', commit };
  const entry = (overrides: Partial<ApiChange>): ApiChange => ({ name: 'x()', kind: 'function', change: 'removed', version: '5.1', component: 'core', note: 'Function removed in 5.1.', source, origin: 'imported', ...overrides });
  const files = readFixtures(path.join(fixtures, 'checkout'));
  const imported = importNotes(files, { repository: 'moodle/moodle', commit, rules, since: '5.1', until: '5.1' });

  it('keeps hand entries untouched and drops an imported entry a hand entry gives', () => {
    const hand = entry({ name: 'forum_print_old_summary()', change: 'deprecated', component: 'mod_forum', note: 'Written by a person.', origin: 'hand', replacement: '\\mod_forum\\output\\summary::render()' });
    const { changes, droppedForHand } = mergeChanges([hand], imported);
    expect(changes.filter((change) => change.name === 'forum_print_old_summary()')).toEqual([hand]);
    expect(droppedForHand.map((change) => change.name)).toEqual(['forum_print_old_summary()']);
  });

  it('replaces the imported entries of the series it read and keeps those of other series', () => {
    const stale = entry({ name: 'stale_function()', version: '5.1' });
    const older = entry({ name: 'older_function()', version: '5.0' });
    const { changes } = mergeChanges([stale, older], imported);
    expect(changes.map((change) => change.name)).not.toContain('stale_function()');
    expect(changes).toContainEqual(older);
    expect(changes.filter((change) => change.version === '5.1')).toHaveLength(imported.changes.length);
  });
});

describe('a re-import after a review', () => {
  // A note the rules read wrongly on purpose would be a test of the rules; here the review is simulated on entries the
  // fixture gives: one corrected by hand (its change and replacement), one removed and kept out by an exclusion.
  const files = readFixtures(path.join(fixtures, 'checkout'));
  const first = importNotes(files, { repository: 'moodle/moodle', commit, rules });
  const pick = (name: string) => first.changes.find((change) => change.name === name) as ApiChange;
  const corrected: ApiChange = { ...pick('forum_print_old_summary()'), change: 'removed', replacement: '\\mod_forum\\output\\summary::render()', note: 'Corrected by a reviewer.', origin: 'hand' };
  const removed = pick('\\core\\output\\old_table::end_rows()');
  const exclusions: ApiChangeExclusion[] = [{ name: removed.name, version: removed.version, issue: removed.issue as string, reason: 'A reviewer found the note does not change it.' }];
  const reviewed = [...mergeChanges([], first).changes.filter((change) => change.name !== corrected.name && change.name !== removed.name), corrected];

  it('needs the fixture entries it corrects', () => {
    expect(corrected.issue).toBe('MDL-90020');
    expect(pick('forum_print_old_summary()').change).toBe('deprecated');
    expect(removed.issue).toBe('MDL-90002');
  });

  it('keeps the hand-corrected entry, does not write the excluded one back, and changes nothing else', () => {
    const again = importNotes(files, { repository: 'moodle/moodle', commit, rules, exclusions });
    expect(again.excluded.map((change) => change.name)).toEqual([removed.name]);
    expect(again.unusedExclusions).toEqual([]);
    const { changes, droppedForHand } = mergeChanges(reviewed, again);
    // The imported "deprecated" form has another change than the hand entry: the same name, version and key drop it.
    expect(droppedForHand.map((change) => `${change.name} ${change.change}`)).toEqual(['forum_print_old_summary() deprecated']);
    expect(changes.filter((change) => change.name === corrected.name)).toEqual([corrected]);
    expect(changes.map((change) => change.name)).not.toContain(removed.name);
    // Every other entry is as the first import wrote it.
    expect(changes.filter((change) => change !== corrected)).toEqual(reviewed.filter((change) => change !== corrected));
  });

  it('is idempotent: importing the same notes again gives the same file', () => {
    const again = importNotes(files, { repository: 'moodle/moodle', commit, rules, exclusions });
    const once = mergeChanges(reviewed, again).changes;
    const twice = mergeChanges(once, importNotes(files, { repository: 'moodle/moodle', commit, rules, exclusions })).changes;
    expect(twice).toEqual(once);
  });

  it('reports an exclusion that no derived entry matches any more', () => {
    const stale: ApiChangeExclusion = { name: 'never_derived()', version: '5.1', issue: 'MDL-90099', reason: 'The rules once read this wrongly.' };
    const outside: ApiChangeExclusion = { ...stale, version: '4.4' };
    expect(importNotes(files, { repository: 'moodle/moodle', commit, rules, exclusions: [...exclusions, stale, outside] }).unusedExclusions).toEqual([stale]);
  });

  it('validates the exclusions file, naming the exclusion and the field', () => {
    const file = path.join(workDir, 'exclusions.json');
    const schema = path.join(siteRoot, 'data/schemas/api-changes-exclusions.schema.json');
    const valid = { name: 'x()', version: '5.1', issue: 'MDL-1', reason: 'A reviewer found it wrong.' };
    fs.writeFileSync(file, JSON.stringify({ $schema: schema, exclusions: [valid, { name: 'y()', version: '5.1', issue: 'MDL-2' }] }));
    expect(() => validateDataFile(file, 'exclusions.json', 'api-changes-exclusions')).toThrow('exclusion "y()" (5.1): field "reason" is required');
    fs.writeFileSync(file, JSON.stringify({ $schema: schema, exclusions: [valid, valid, { ...valid, name: 'z()', version: '9.9' }] }));
    expect(() => validateDataFile(file, 'exclusions.json', 'api-changes-exclusions')).toThrow(DataFileError);
    try {
      validateDataFile(file, 'exclusions.json', 'api-changes-exclusions');
    } catch (error) {
      expect((error as DataFileError).message).toContain('exclusion "x()" (5.1, MDL-1): repeats an exclusion listed earlier');
      expect((error as DataFileError).message).toContain('exclusion "z()" (9.9, MDL-1): field "version" is 9.9');
    }
  });
});

describe('a change listed under a stable point release and a newer series', () => {
  const stable: NotesFile = {
    path: 'UPGRADING.md',
    text: '# Moodle Upgrade notes\n\n## 5.0.4\n\n### core\n\n#### Added\n\n- A new `widget_escape()` function escapes widgets.\n\n  For more information see [MDL-90200](https://tracker.moodle.org/browse/MDL-90200)\n- A new `stable_only()` function exists on the branch only.\n\n  For more information see [MDL-90201](https://tracker.moodle.org/browse/MDL-90201)\n',
  };
  const main: NotesFile = {
    path: 'UPGRADING.md',
    text: '# Moodle Upgrade notes\n\n## 5.2dev\n\n### core\n\n#### Added\n\n- A new `widget_escape()` function escapes widgets.\n\n  For more information see [MDL-90200](https://tracker.moodle.org/browse/MDL-90200)\n',
  };
  const fromStable = importNotes([stable], { repository: 'vhackero/Moodle5', commit, rules });
  const fromMain = importNotes([main], { repository: 'moodle/moodle', commit, rules });
  const summary = (changes: ApiChange[]) => changes.map((change) => `${change.name} ${change.version} ${(change.backportedTo ?? []).join(',') || '-'} | ${change.note}`);
  const expected = ['stable_only() 5.0.4 - | Function added in 5.0.4.', 'widget_escape() 5.2 5.0.4 | Function added in 5.2. Also in 5.0.4.'];

  it('is one entry of the newer series, backported to the point release, whichever branch is imported first', () => {
    const stableFirst = mergeChanges(mergeChanges([], fromStable).changes, fromMain).changes;
    const mainFirst = mergeChanges(mergeChanges([], fromMain).changes, fromStable).changes;
    expect(summary(stableFirst)).toEqual(expected);
    expect(summary(mainFirst)).toEqual(expected);
  });

  it('writes no point-release entry beside a hand entry of the newer series for the same name and key', () => {
    // A reviewer corrected the newer series' "added" to "changed": the point release's "added" would restate the error.
    const hand: ApiChange = { ...fromMain.changes[0], change: 'changed', note: 'Corrected by a reviewer.', origin: 'hand' };
    const merged = mergeChanges([hand], fromStable).changes;
    expect(summary(merged)).toEqual(['stable_only() 5.0.4 - | Function added in 5.0.4.', 'widget_escape() 5.2 - | Corrected by a reviewer.']);
  });

  it('keeps the backport when the newer series is imported again', () => {
    const once = mergeChanges(mergeChanges([], fromStable).changes, fromMain).changes;
    expect(summary(mergeChanges(once, fromMain).changes)).toEqual(expected);
    expect(summary(mergeChanges(once, fromStable).changes)).toEqual(expected);
  });
});

describe('npm run data:changes', () => {
  const script = path.join(siteRoot, 'scripts/import-changes.ts');
  const tsx = path.join(siteRoot, 'node_modules/.bin/tsx');
  const run = (args: string[]) => {
    try {
      return { status: 0, stdout: execFileSync(tsx, [script, ...args], { cwd: siteRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }), stderr: '' };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('writes the imported entries next to the hand ones and prints a summary with the lines it could not read', () => {
    const out = path.join(workDir, 'api-changes.json');
    const hand: ApiChange = { name: 'get_context_instance()', kind: 'function', change: 'removed', version: '4.2', component: 'core', note: 'Written by a person.', source: { repository: 'moodle/moodle', path: 'lib/upgrade.txt', commit }, origin: 'hand' };
    fs.writeFileSync(out, JSON.stringify({ $schema: '../schemas/api-changes.schema.json', changes: [hand] }));
    const { status, stdout } = run(['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle', '--commit', commit, '--out', out]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Read 3 UPGRADING\.md file\(s\) at 0123456789ab of moodle\/moodle: 13 note\(s\) in series 5\.0, 5\.1, 5\.2, 12 gave entries\. Imported 15 entries/);
    expect(stdout).toContain('now has 16 entries');
    expect(stdout).toContain('public/UPGRADING.md:65: no name could be read from this note');
    const written = JSON.parse(fs.readFileSync(out, 'utf8')) as ApiChangesData;
    expect(written.$schema).toBe('../schemas/api-changes.schema.json');
    expect(written.changes[0]).toEqual(hand);
    expect(written.changes.filter((change) => change.origin === 'imported')).toHaveLength(15);
  });

  it('leaves the file as it was when a hand entry in it is invalid', () => {
    const out = path.join(workDir, 'broken.json');
    const before = JSON.stringify({ $schema: '../schemas/api-changes.schema.json', changes: [{ name: 'x()', kind: 'procedure' }] });
    fs.writeFileSync(out, before);
    const { status, stderr } = run(['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle', '--commit', commit, '--out', out]);
    expect(status).toBe(1);
    expect(stderr).toContain('change "x()": field "kind" must be one of');
    expect(stderr).toContain('was not changed');
    expect(fs.readFileSync(out, 'utf8')).toBe(before);
  });

  it('asks for a commit when the folder has no git metadata of its own', () => {
    const { status, stderr } = run(['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle']);
    expect(status).toBe(1);
    expect(stderr).toContain('pass --commit');
  });

  it('cites each file at the commit the --sources manifest gives it', () => {
    const out = path.join(workDir, 'per-file.json');
    fs.writeFileSync(out, JSON.stringify({ $schema: '../schemas/api-changes.schema.json', changes: [] }));
    const { status, stdout } = run(['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle', '--sources', path.join(fixtures, 'checkout-sources.json'), '--out', out]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Read 3 UPGRADING\.md file\(s\) at 3 commit\(s\) \(\S*checkout-sources\.json\) of moodle\/moodle/);
    const written = JSON.parse(fs.readFileSync(out, 'utf8')) as ApiChangesData;
    expect(new Set(written.changes.map((change) => `${change.source.path} ${change.source.commit.slice(0, 4)}`))).toEqual(new Set(['public/UPGRADING.md 1111', 'public/mod/forum/UPGRADING.md 3333']));
  });

  it('stops on a manifest that misses a file, naming both, and leaves the data file as it was', () => {
    const out = path.join(workDir, 'kept.json');
    const before = JSON.stringify({ $schema: '../schemas/api-changes.schema.json', changes: [] });
    fs.writeFileSync(out, before);
    const sources = path.join(workDir, 'short-sources.json');
    fs.writeFileSync(sources, JSON.stringify({ 'public/UPGRADING.md': commit, 'public/lib/vendorlib/UPGRADING.md': commit }));
    const { status, stderr } = run(['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle', '--sources', sources, '--out', out]);
    expect(status).toBe(1);
    expect(stderr).toContain(`${sources}: no commit for "public/mod/forum/UPGRADING.md"`);
    expect(fs.readFileSync(out, 'utf8')).toBe(before);
  });

  it('stops on a malformed or missing manifest, and on --commit given with --sources', () => {
    const sources = path.join(workDir, 'broken-sources.json');
    fs.writeFileSync(sources, '{"public/UPGRADING.md": "HEAD"}');
    const args = ['--from', path.join(fixtures, 'checkout'), '--repository', 'moodle/moodle', '--out', path.join(workDir, 'unused.json')];
    const broken = run([...args, '--sources', sources]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(`${sources}: "public/UPGRADING.md" has commit "HEAD", not a 40-hex sha`);
    const missing = run([...args, '--sources', path.join(workDir, 'no-such-sources.json')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no-such-sources.json: no such file');
    const both = run([...args, '--sources', sources, '--commit', commit]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('not both');
    expect(fs.existsSync(path.join(workDir, 'unused.json'))).toBe(false);
  });
});
