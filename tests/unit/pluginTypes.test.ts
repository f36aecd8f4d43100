/**
 * The plugin-type tables: every type of each branch's components file is described, links go to
 * pages that exist, sub-plugin types are shown for the versions that have them, and a data file
 * that leaves a type out, or names a missing page, is rejected with the field named.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crossFileProblems, DataFileError, readDataFile, validateDataFile } from '../../src/utils/dataFiles';
import { pluginTypeRows, subpluginTypeRows } from '../../src/utils/pluginTypes';
import type { PluginTypesData } from '../../src/utils/siteDataTypes';

const siteRoot = path.resolve(__dirname, '../..');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-types-'));
afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

const main = readDataFile('components');
const v41 = readDataFile('components-4.1');
const described = readDataFile('plugin-types');

describe('plugin type rows', () => {
  it('list every type of the branch once, sorted, with the deprecated ones marked', () => {
    const rows = pluginTypeRows(main, described);
    const expected = [...Object.keys(main.plugintypes), ...Object.keys(main.deprecatedplugintypes ?? {})].sort((a, b) => a.localeCompare(b));
    expect(rows.map((row) => row.type)).toEqual(expected);
    expect(rows.filter((row) => row.deprecated).map((row) => row.type)).toEqual(Object.keys(main.deprecatedplugintypes ?? {}));
    expect(rows.find((row) => row.type === 'block')?.directory).toBe(main.plugintypes.block);
  });

  it('differ between Moodle main and 4.1 where the branches differ', () => {
    const in41 = pluginTypeRows(v41, described).map((row) => row.type);
    const inMain = pluginTypeRows(main, described).map((row) => row.type);
    const added = inMain.filter((type) => !in41.includes(type));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((type) => !(type in v41.plugintypes))).toBe(true);
  });

  it('refuse a type that has no purpose, naming the file and the type', () => {
    const partial: PluginTypesData = { ...described, plugintypes: { ...described.plugintypes } };
    delete partial.plugintypes.block;
    expect(() => pluginTypeRows(main, partial)).toThrow('data/plugin-types.json: plugintypes.block is missing');
  });

  it('link only to pages that exist', () => {
    const pages = [...Object.values(described.plugintypes), ...Object.values(described.subplugintypes)].flatMap((entry) => (entry.page ? [entry.page] : []));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((page) => !fs.existsSync(path.join(siteRoot, 'docs', `${page}.md`)))).toEqual([]);
  });
});

describe('sub-plugin type rows', () => {
  const data: PluginTypesData = {
    ...described,
    subplugintypes: {
      zeta: { parent: 'mod_x', directory: 'mod/x/zeta', purpose: 'Stays in every version.' },
      alpha: { parent: 'mod_x', directory: 'mod/x/alpha', purpose: 'Added later than 4.1.', since: '4.5' },
      beta: { parent: 'mod_x', directory: 'mod/x/beta', purpose: 'Removed by 4.1.', removed: '4.1' },
      gamma: { parent: 'mod_x', directory: 'mod/x/gamma', purpose: 'Removed after 4.1.', removed: '4.3' },
    },
  };

  it('show every documented type in the current docs, sorted', () => {
    expect(subpluginTypeRows(data, 'current').map((row) => row.type)).toEqual(['alpha', 'beta', 'gamma', 'zeta']);
  });

  it('show a numbered version only the types it had', () => {
    expect(subpluginTypeRows(data, '4.1').map((row) => row.type)).toEqual(['gamma', 'zeta']);
  });
});

describe('plugin-types.json checks', () => {
  it('match the components files both ways', () => {
    expect(crossFileProblems({ components: main, 'components-4.1': v41, 'plugin-types': described })).toEqual([]);
    const extra: PluginTypesData = { ...described, plugintypes: { ...described.plugintypes, gizmo: { purpose: 'Not a real type.' } } };
    delete extra.plugintypes.qbank;
    expect(crossFileProblems({ components: main, 'components-4.1': v41, 'plugin-types': extra })).toEqual([
      'plugintypes.qbank: missing; components.json declares the plugin type "qbank", so say what it is for',
      'plugintypes.gizmo: "gizmo" is not a plugin type in components.json or components-4.1.json',
    ]);
  });

  it('reject a page that does not exist, naming the field', () => {
    const file = path.join(workDir, 'plugin-types.json');
    const broken = { ...described, $schema: path.join(siteRoot, 'data/schemas/plugin-types.schema.json'), plugintypes: { ...described.plugintypes, block: { purpose: 'A block on a page.', page: 'apis/plugintypes/nowhere' } } };
    fs.writeFileSync(file, JSON.stringify(broken));
    expect(() => validateDataFile(file, 'data/plugin-types.json', 'plugin-types')).toThrow(DataFileError);
    expect(() => validateDataFile(file, 'data/plugin-types.json', 'plugin-types')).toThrow(
      'plugintypes.block: field "page" names apis/plugintypes/nowhere, but docs/apis/plugintypes/nowhere.md does not exist',
    );
  });
});
