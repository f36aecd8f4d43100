/**
 * data/api-changes.json: its schema agrees with the entry type the code uses, and a broken
 * entry is rejected naming the file, the entry (by name and version) and the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError, readDataFile, validateDataFile } from '../../src/utils/dataFiles';
import { isKnownVersion } from '../../src/utils/apiChanges/checks';
import { apiChangeKinds, apiChangeTypes, type ApiChange } from '../../src/utils/apiChanges/types';

const siteRoot = path.resolve(__dirname, '../..');
const schemaPath = path.join(siteRoot, 'data/schemas/api-changes.schema.json');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-changes-'));

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

const source = { repository: 'moodle/moodle', path: 'lib/upgrade.txt', commit: '0123456789abcdef0123456789abcdef01234567' };

function entry(overrides: Partial<ApiChange> = {}): ApiChange {
  return {
    name: 'get_context_instance()',
    kind: 'function',
    change: 'removed',
    version: '4.2',
    issue: 'MDL-71170',
    replacement: '\\core\\context\\course::instance()',
    component: 'core',
    note: 'Gone in 4.2; use the context classes.',
    source,
    origin: 'hand',
    ...overrides,
  };
}

function problemsOf(changes: unknown[]): string[] {
  const file = path.join(workDir, 'api-changes.json');
  fs.writeFileSync(file, JSON.stringify({ $schema: schemaPath, changes }));
  try {
    validateDataFile(file, 'data/api-changes.json', 'api-changes');
  } catch (error) {
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as DataFileError).message).toContain('Invalid data file data/api-changes.json');
    return (error as DataFileError).problems;
  }
  return [];
}

describe('the api-changes schema', () => {
  const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8')) as { $defs: { change: { properties: Record<string, { enum?: string[] }> } } };

  it('allows exactly the kinds and changes of src/utils/apiChanges/types.ts', () => {
    expect(schema.$defs.change.properties.kind.enum).toEqual([...apiChangeKinds]);
    expect(schema.$defs.change.properties.change.enum).toEqual([...apiChangeTypes]);
  });

  it('accepts a well-formed entry, with and without the optional fields', () => {
    const minimal = entry({ name: 'core/modal_factory', kind: 'js-module', version: '5.2' });
    delete minimal.issue;
    delete minimal.replacement;
    expect(problemsOf([entry(), minimal, entry({ version: '5.0.1', change: 'changed' }), entry({ version: '5.1', backportedTo: ['5.0.3', '4.5.7'] })])).toEqual([]);
  });

  it('the committed data file is valid', () => {
    expect(readDataFile('api-changes').changes).toBeInstanceOf(Array);
  });
});

describe('a broken entry is rejected with the entry and the field named', () => {
  it.each([
    {
      name: 'a wrong kind',
      changes: [entry({ kind: 'procedure' as ApiChange['kind'] })],
      expected: 'change "get_context_instance()" (4.2): field "kind" must be one of "function", "method"',
    },
    {
      name: 'a missing version',
      changes: [{ ...entry(), version: undefined }],
      expected: 'change "get_context_instance()": field "version" is required but missing',
    },
    {
      name: 'an unknown field',
      changes: [{ ...entry(), replacment: 'x()' }],
      expected: 'change "get_context_instance()" (4.2): field "replacment" is not allowed here (is it misspelt?)',
    },
    {
      name: 'a missing name, named by its place in the list',
      changes: [entry(), { ...entry(), name: undefined }],
      expected: 'change number 2 (4.2): field "name" is required but missing',
    },
    {
      name: 'a key that is not an MDL key',
      changes: [entry({ issue: 'MDL 71170' })],
      expected: 'change "get_context_instance()" (4.2): field "issue" must match ^MDL-[1-9][0-9]*$ (found "MDL 71170")',
    },
    {
      name: 'a change that is not one of the six',
      changes: [entry({ change: 'dropped' as ApiChange['change'] })],
      expected: 'change "get_context_instance()" (4.2): field "change" must be one of "added", "changed"',
    },
    {
      name: 'a short commit in the source',
      changes: [entry({ source: { ...source, commit: 'abc123' } })],
      expected: 'change "get_context_instance()" (4.2): field "source.commit" must match',
    },
    {
      name: 'a note of two lines',
      changes: [entry({ note: 'Gone.\nUse the context classes.' })],
      expected: 'change "get_context_instance()" (4.2): field "note" must match',
    },
    {
      name: 'a version that is no Moodle release',
      changes: [entry({ version: '4.9' })],
      expected: 'change "get_context_instance()" (4.9): field "version" is 4.9, which is not a Moodle release',
    },
    {
      name: 'a point release far past the newest of its series',
      changes: [entry({ version: '4.1.40' })],
      expected: 'change "get_context_instance()" (4.1.40): field "version" is 4.1.40, which is not a Moodle release',
    },
    {
      name: 'a backport to a newer branch',
      changes: [entry({ version: '4.4', backportedTo: ['4.5.1'] })],
      expected: 'change "get_context_instance()" (4.4): field "backportedTo" lists 4.5.1, which is not on a branch older than 4.4',
    },
    {
      name: 'a backport to the same branch',
      changes: [entry({ version: '4.5.2', backportedTo: ['4.5.1'] })],
      expected: 'field "backportedTo" lists 4.5.1, which is not on a branch older than 4.5',
    },
    {
      name: 'the same change twice',
      changes: [entry(), entry({ note: 'Another note.' })],
      expected: 'change "get_context_instance()" (4.2): repeats an entry listed earlier with the same name, change ("removed") and version',
    },
  ])('$name', ({ changes, expected }) => {
    expect(problemsOf(changes).join('\n')).toContain(expected);
  });

  it('lets one name change in several versions, and several ways in one version', () => {
    expect(problemsOf([entry({ change: 'deprecated', version: '4.1' }), entry(), entry({ change: 'renamed' })])).toEqual([]);
  });
});

describe('isKnownVersion', () => {
  const releases = readDataFile('moodle-releases');
  const newest = [...releases.series].sort((a, b) => Number(b.name.split('.')[0]) - Number(a.name.split('.')[0]) || Number(b.name.split('.')[1]) - Number(a.name.split('.')[1]))[0];
  const [major, minor] = newest.name.split('.').map(Number);

  it.each([
    ['a listed series', '4.2', true],
    ['a listed point release', '4.5.1', true],
    ['the series after the newest (notes are written before the release)', `${major}.${minor + 1}`, true],
    ['the next major after the newest', `${major + 1}.0`, true],
    ['two series past the newest', `${major}.${minor + 2}`, false],
    ['a series that never existed', '4.9', false],
    ['the point release after the newest of a series', `${newest.name}.${newest.releases.length}`, true],
  ])('%s: %s', (_label, version, known) => {
    expect(isKnownVersion(version, releases)).toBe(known);
  });
});
