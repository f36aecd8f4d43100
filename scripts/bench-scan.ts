/**
 * `npm run bench -- --scan [--runs 20]`: how long the plugin scanner (src/utils/apiChanges/scan.ts)
 * takes on a plugin of 200 files, and how precise it is on the hand-written fixture plugins.
 * Needs no build: it runs the scanner's own TypeScript in Node.
 *
 * - The plugin is synthetic and the same on every run (a seeded generator): 120 PHP files
 *   (version.php and classes), 50 JavaScript modules (AMD and ES) and 30 Mustache templates, with
 *   comments, docblocks, strings and SQL, and uses of changed names sprinkled in. Sizes: PHP 2 to
 *   16 KB and every twentieth 30 to 60 KB, JavaScript 1.5 to 12 KB, Mustache 0.5 to 4 KB; in
 *   Moodle 4.1's mod_forum, mod_assign and mod_quiz the mean PHP file is 9 to 13.5 KB, the mean
 *   JavaScript module (amd/src) 5.6 to 15.6 KB and the mean template 1.6 to 3.4 KB.
 * - The change list is data/api-changes.json when it exists, else a generated list of 1,500
 *   entries of every kind.
 * - Timed: scanPlugin on the files as text (the index of the list is built inside each run, as
 *   the page does per scan), and readPluginFiles + scanPlugin on the files as bytes (what the
 *   page does after unzipping). Median, minimum and maximum over the runs, after one warm-up.
 *   The target is under a second for 200 files on a laptop.
 * - Precision and recall on the fixture plugins (tests/fixtures/api-changes/plugins), for each
 *   setting of ScanOptions.arrowCalls, and how many findings on the synthetic plugin each setting
 *   gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readPluginFiles, scanPlugin, type ArrowCalls, type PluginFile } from '../src/utils/apiChanges/scan';
import { apiChangeKinds, type ApiChange, type ApiChangeKind, type ApiChangesData } from '../src/utils/apiChanges/types';
import { readExpected, readFixtureChanges, readFixturePlugin, score } from '../tests/support/scanFixtures';

const dataFile = path.resolve(__dirname, '../data/api-changes.json');

/** A small seeded generator (mulberry32), so every run scans the same plugin. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = [
  'course', 'user', 'grade', 'section', 'module', 'context', 'activity', 'report', 'task', 'event', 'form', 'table', 'cache',
  'file', 'message', 'role', 'question', 'quiz', 'forum', 'assign', 'block', 'badge', 'cohort', 'competency', 'enrol', 'group',
  'calendar', 'completion', 'navigation', 'output', 'filter', 'editor', 'search', 'tag', 'comment', 'rating', 'backup', 'restore',
  'category', 'item', 'instance', 'record', 'field', 'option', 'setting', 'config', 'page', 'node', 'list', 'link', 'url', 'icon',
];

class Generator {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = random(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  word(): string {
    return this.pick(words);
  }
  words(count: number, separator = '_'): string {
    return Array.from({ length: count }, () => this.word()).join(separator);
  }
}

/* ------------------------------------------------------------------ a change list */

export function generatedChanges(count: number): ApiChange[] {
  const g = new Generator(31);
  const weights: [ApiChangeKind, number][] = [
    ['function', 30], ['method', 25], ['class', 15], ['constant', 5], ['js-module', 5], ['template', 5], ['capability', 4],
    ['setting', 4], ['callback', 2], ['hook', 2], ['web-service', 2], ['database-table', 1],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const kindAt = (value: number): ApiChangeKind => {
    let left = value * total;
    for (const [kind, weight] of weights) {
      left -= weight;
      if (left < 0) {
        return kind;
      }
    }
    return 'function';
  };
  const nameOf = (kind: ApiChangeKind): string => {
    switch (kind) {
      case 'function':
        return `${g.words(g.int(2, 4))}()`;
      case 'method':
        return `${g.next() < 0.5 ? `\\core_${g.word()}\\${g.words(2)}` : g.words(2)}::${g.words(g.int(1, 3))}()`;
      case 'class':
        return g.next() < 0.6 ? `\\core_${g.word()}\\local\\${g.words(2)}` : g.words(g.int(2, 3));
      case 'constant':
        return g.words(g.int(2, 3)).toUpperCase();
      case 'js-module':
        return `core_${g.word()}/${g.words(g.int(1, 2))}`;
      case 'template':
        return `core_${g.word()}/${g.words(g.int(1, 3))}`;
      case 'capability':
        return `moodle/${g.word()}:${g.words(g.int(1, 2), '')}`;
      case 'setting':
        return g.next() < 0.5 ? `$CFG->${g.words(2, '')}` : `mod_${g.word()}/${g.words(2, '')}`;
      case 'callback':
        return `*_${g.words(g.int(2, 4))}()`;
      case 'hook':
        return `\\core\\hook\\${g.word()}\\${g.words(g.int(2, 4))}`;
      case 'web-service':
        return `core_${g.word()}_${g.words(g.int(2, 3))}`;
      default:
        return g.words(2);
    }
  };
  const versions = ['4.2', '4.3', '4.4', '4.5', '5.0', '5.1', '5.2', '5.3'];
  return Array.from({ length: count }, () => {
    const kind = kindAt(g.next());
    return {
      name: nameOf(kind),
      kind,
      change: g.pick(['deprecated', 'removed', 'changed'] as const),
      version: g.pick(versions),
      component: 'core',
      note: 'Generated for the benchmark.',
      source: { repository: 'example/bench', path: 'generated', commit: '0'.repeat(40) },
      origin: 'hand' as const,
    };
  });
}

/* ------------------------------------------------------------------ a plugin */

/** Code that uses a changed name, in the form the scanner looks for. */
function phpUse(g: Generator, change: ApiChange): string {
  const name = change.name.replace(/\(\)$/, '');
  switch (change.kind) {
    case 'function':
      return `$result = ${name}($course->id, '${g.word()}');`;
    case 'method':
      return `$value = ${name.startsWith('\\') ? name : `\\${name}`}($context);`;
    case 'class':
    case 'hook':
      return `$object = new ${name.startsWith('\\') ? name : `\\${name}`}($course);`;
    case 'constant':
      return `$flag = ${name} | ${g.words(2).toUpperCase()};`;
    case 'capability':
    case 'template':
    case 'js-module':
    case 'web-service':
      return `$name = '${name}';`;
    case 'setting':
      return name.startsWith('$') ? `$enabled = !empty(${name});` : `$value = get_config('${name.split('/')[0]}', '${name.split('/')[1]}');`;
    case 'database-table':
      return `$rows = $DB->get_records_sql('SELECT * FROM {${name}} t WHERE t.id = :id', ['id' => 1]);`;
    default:
      return `$other = '${g.word()}';`;
  }
}

function phpFile(g: Generator, namespace: string, targetBytes: number, changes: readonly ApiChange[], methodNames: readonly string[]): string {
  const lines = [
    '<?php',
    '// This file is part of Moodle - https://moodle.org/',
    '//',
    '// Moodle is free software: you can redistribute it and/or modify',
    '// it under the terms of the GNU General Public License as published by',
    '// the Free Software Foundation, either version 3 of the License, or',
    '// (at your option) any later version.',
    '',
    `namespace ${namespace};`,
    '',
    'use core\\output\\html_writer;',
    `use core_${g.word()}\\${g.words(2)};`,
    '',
    '/**',
    ` * The ${g.words(3, ' ')} of the plugin.`,
    ' *',
    ' * @package    local_bench',
    ' * @copyright  2026 Moodle Developer Resources',
    ' * @license    https://www.gnu.org/copyleft/gpl.html GNU GPL v3 or later',
    ' */',
    `class ${g.words(2)} extends \\core\\${g.word()}\\${g.words(2)} {`,
  ];
  let size = lines.join('\n').length;
  while (size < targetBytes) {
    const method = [
      '    /**',
      `     * Returns the ${g.words(2, ' ')} of a ${g.word()}, or null (see ${g.words(2)}()).`,
      '     *',
      '     * @param \\stdClass $course',
      '     * @param \\context $context',
      '     * @return array|null',
      '     */',
      `    public function ${g.words(g.int(2, 3))}(\\stdClass $course, \\context $context): ?array {`,
      '        global $DB, $OUTPUT, $PAGE;',
    ];
    for (let statement = g.int(6, 16); statement > 0; statement--) {
      const roll = g.next();
      if (roll < 0.05) {
        method.push(`        ${phpUse(g, g.pick(changes))}`);
      } else if (roll < 0.2) {
        method.push(`        // ${g.words(g.int(3, 8), ' ')}.`);
      } else if (roll < 0.35) {
        method.push(`        $${g.word()} = $DB->get_record('${g.words(2)}', ['id' => $course->id, '${g.word()}' => '${g.words(2, ' ')}'], '*', MUST_EXIST);`);
      } else if (roll < 0.45) {
        method.push(`        $sql = "SELECT ${g.word()}.id, ${g.word()}.name FROM {${g.words(2)}} x JOIN {${g.word()}} y ON y.id = x.${g.word()}id WHERE x.course = :course";`);
      } else if (roll < 0.55) {
        method.push(`        $html = html_writer::tag('div', get_string('${g.words(2)}', 'local_bench'), ['class' => '${g.words(2, '-')}']);`);
      } else if (roll < 0.65) {
        method.push(`        if (has_capability('local/bench:${g.word()}', $context) && $course->${g.word()} > ${g.int(0, 99)}) {`, `            $OUTPUT->${g.words(2)}($html ?? '');`, '        }');
      } else if (roll < 0.7) {
        method.push(`        $items[] = $this->${g.words(2)}($course, $context);`);
      } else if (roll < 0.75) {
        // A method of an object whose class the scanner cannot know, now and then named like a changed method.
        const called = g.next() < 0.2 && methodNames.length > 0 ? g.pick(methodNames) : g.words(2);
        method.push(`        $items[] = $${g.word()}->${called}($course);`);
      } else if (roll < 0.85) {
        method.push(`        $PAGE->requires->js_call_amd('local_bench/${g.word()}', 'init', [$course->id]);`);
      } else {
        method.push(`        $${g.word()} = local_bench_${g.words(2)}($course, "${g.words(3, ' ')}: {$course->fullname}");`);
      }
    }
    method.push('        return $items ?? null;', '    }', '');
    lines.push(...method);
    size += method.join('\n').length;
  }
  lines.push('}', '');
  return lines.join('\n');
}

function jsFile(g: Generator, targetBytes: number, changes: readonly ApiChange[]): string {
  const modules = changes.filter((change) => change.kind === 'js-module');
  const es = g.next() < 0.6;
  const imports = ['core/ajax', 'core/templates', 'core/notification', g.pick(modules)?.name ?? 'core/str'];
  const lines = [
    '// This file is part of Moodle - https://moodle.org/',
    '',
    '/**',
    ` * ${g.words(3, ' ')} for local_bench.`,
    ' *',
    ` * @module     local_bench/${g.word()}`,
    ' */',
  ];
  if (es) {
    lines.push(...imports.map((module, i) => `import M${i} from '${module}';`), '');
  } else {
    lines.push(`define([${imports.map((module) => `'${module}'`).join(', ')}], function(M0, M1, M2, M3) {`);
  }
  let size = lines.join('\n').length;
  while (size < targetBytes) {
    const fn = [`const ${g.words(2, '')} = async(root, ${g.word()}) => {`, `    // ${g.words(g.int(3, 9), ' ')}`];
    for (let statement = g.int(4, 12); statement > 0; statement--) {
      const roll = g.next();
      if (roll < 0.05) {
        fn.push(`    await M1.render('${g.pick(changes.filter((change) => change.kind === 'template'))?.name ?? 'core/loading'}', {});`);
      } else if (roll < 0.25) {
        fn.push(`    const ${g.word()} = root.querySelector('[data-region="${g.words(2, '-')}"]');`);
      } else if (roll < 0.4) {
        fn.push(`    const html = \`<div class="${g.word()}">\${${g.word()}.${g.word()}}</div>\`;`);
      } else if (roll < 0.5) {
        fn.push(`    const matches = /^${g.word()}-(\\d+)$/.exec(root.id) || [0, root.id.length / 2];`);
      } else if (roll < 0.7) {
        fn.push(`    await M0.call([{methodname: 'local_bench_${g.words(2)}', args: {id: ${g.int(1, 999)}}}])[0];`);
      } else {
        fn.push(`    M2.exception(new Error('${g.words(4, ' ')}'));`);
      }
    }
    fn.push('};', '');
    lines.push(...fn);
    size += fn.join('\n').length;
  }
  if (!es) {
    lines.push('});');
  }
  return lines.join('\n');
}

function mustacheFile(g: Generator, targetBytes: number, changes: readonly ApiChange[]): string {
  const templates = changes.filter((change) => change.kind === 'template');
  const lines = ['{{!', `    @template local_bench/${g.word()}`, '', `    ${g.words(6, ' ')}.`, '', '    Example context (json):', '    { "id": 1 }', '}}'];
  let size = lines.join('\n').length;
  while (size < targetBytes) {
    const roll = g.next();
    if (roll < 0.1) {
      lines.push(`{{> ${g.pick(templates)?.name ?? 'core/loading'} }}`);
    } else if (roll < 0.4) {
      lines.push(`<div class="${g.words(2, '-')}" data-id="{{id}}">{{#str}} ${g.words(2)}, local_bench {{/str}}</div>`);
    } else if (roll < 0.6) {
      lines.push(`{{#${g.word()}s}}<li>{{{${g.word()}}}}</li>{{/${g.word()}s}}`);
    } else if (roll < 0.7) {
      lines.push(`{{> local_bench/${g.word()} }}`);
    } else {
      lines.push(`<p class="${g.word()}">{{${g.word()}}} {{#pix}} i/${g.word()}, core {{/pix}}</p>`);
    }
    size += lines[lines.length - 1].length + 1;
  }
  lines.push('{{#js}}', `require(['local_bench/${g.word()}'], function(M) { M.init('{{uniqid}}'); });`, '{{/js}}', '');
  return lines.join('\n');
}

/** 120 PHP, 50 JavaScript and 30 Mustache files (200), sizes in bytes drawn per file. */
export function syntheticPlugin(changes: readonly ApiChange[]): PluginFile[] {
  const g = new Generator(2026);
  const methodNames = changes.filter((change) => change.kind === 'method').map((change) => /::(\w+)\(\)$/.exec(change.name)?.[1] ?? g.words(2));
  const files: PluginFile[] = [{ path: 'version.php', text: "<?php\ndefined('MOODLE_INTERNAL') || die();\n$plugin->component = 'local_bench';\n$plugin->version = 2026112800;\n" }];
  for (let i = 1; i < 120; i++) {
    const big = i % 20 === 0;
    files.push({ path: `classes/${g.word()}/${g.words(2)}_${i}.php`, text: phpFile(g, `local_bench\\${g.word()}`, big ? g.int(30_000, 60_000) : g.int(2_000, 16_000), changes, methodNames) });
  }
  for (let i = 0; i < 50; i++) {
    files.push({ path: `amd/src/${g.word()}_${i}.js`, text: jsFile(g, g.int(1_500, 12_000), changes) });
  }
  for (let i = 0; i < 30; i++) {
    files.push({ path: `templates/${g.word()}_${i}.mustache`, text: mustacheFile(g, g.int(500, 4_000), changes) });
  }
  return files;
}

/* ------------------------------------------------------------------ the run */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function time(runs: number, work: () => void): number[] {
  work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples;
}

export function runScanBench(runs: number): void {
  let changes: ApiChange[];
  let listSource: string;
  if (fs.existsSync(dataFile)) {
    changes = (JSON.parse(fs.readFileSync(dataFile, 'utf8')) as ApiChangesData).changes;
    listSource = 'data/api-changes.json';
  } else {
    changes = generatedChanges(1_500);
    listSource = 'generated (data/api-changes.json does not exist)';
  }
  const kinds = apiChangeKinds.map((kind) => [kind, changes.filter((change) => change.kind === kind).length] as const).filter(([, count]) => count > 0);
  const files = syntheticPlugin(changes);
  const bytes = files.reduce((sum, file) => sum + file.text.length, 0);
  const lines = files.reduce((sum, file) => sum + file.text.split('\n').length, 0);
  const count = (suffix: string) => files.filter((file) => file.path.endsWith(suffix)).length;
  console.log(`Change list: ${changes.length} entries, ${listSource}`);
  console.log(`  ${kinds.map(([kind, number]) => `${kind} ${number}`).join(', ')}`);
  console.log(`Synthetic plugin: ${files.length} files (${count('.php')} PHP, ${count('.js')} JavaScript, ${count('.mustache')} Mustache), ${(bytes / 1024).toFixed(0)} KiB, ${lines} lines\n`);

  let result = scanPlugin(files, changes);
  const text = time(runs, () => {
    result = scanPlugin(files, changes);
  });
  const encoder = new TextEncoder();
  const entries = files.map((file) => ({ path: `local_bench/${file.path}`, bytes: encoder.encode(file.text) }));
  const fromBytes = time(runs, () => {
    scanPlugin(readPluginFiles(entries).files, changes);
  });
  const figures = (samples: number[]) => `median ${median(samples).toFixed(1)} ms, min ${Math.min(...samples).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`;
  console.log(`Scan, ${runs} runs after a warm-up (target: under 1,000 ms for 200 files)`);
  console.log(`  scanPlugin on text:                 ${figures(text)}`);
  console.log(`  readPluginFiles + scanPlugin, bytes: ${figures(fromBytes)}`);
  console.log(`  findings: ${result.findings.length} (${result.findings.filter((finding) => !finding.certain).length} by method name only), files scanned ${result.scanned}, skipped ${result.skipped.length}\n`);

  const modes: ArrowCalls[] = ['off', 'distinctive', 'all'];
  console.log('Methods called on objects of unknown class (ScanOptions.arrowCalls)');
  for (const mode of modes) {
    const synthetic = scanPlugin(files, changes, { arrowCalls: mode }).findings;
    console.log(`  ${mode.padEnd(11)} synthetic plugin: ${synthetic.length} findings, ${synthetic.filter((finding) => !finding.certain).length} by name only`);
  }
  console.log('\nFixture plugins (tests/fixtures/api-changes/plugins), expected uses written by hand');
  const fixtureChanges = readFixtureChanges();
  for (const fixture of ['planted', 'clean']) {
    const expected = fixture === 'planted' ? readExpected(fixture).found : [];
    for (const mode of modes) {
      const found = scanPlugin(readFixturePlugin(fixture), fixtureChanges, { arrowCalls: mode }).findings;
      const figures = score(found, expected);
      console.log(
        `  ${fixture.padEnd(8)} ${mode.padEnd(11)} expected ${expected.length}, found ${figures.truePositives + figures.falsePositives.length}: precision ${figures.precision.toFixed(3)}, recall ${figures.recall.toFixed(3)}` +
          (figures.falsePositives.length > 0 ? `; not expected: ${figures.falsePositives.join(', ')}` : '') +
          (figures.falseNegatives.length > 0 ? `; missed: ${figures.falseNegatives.join(', ')}` : ''),
      );
    }
  }
}
