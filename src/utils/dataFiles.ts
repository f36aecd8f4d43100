/**
 * Reads the site's data files (data/*.json) and validates each one against the JSON Schema its
 * "$schema" key names. Any problem becomes a DataFileError whose message names the file, the
 * record (series, release, issue…) and the field, so that a broken data file fails the build with
 * a message an author can act on.
 *
 * Node only: the config, plugins, scripts and tests use it; components get data through the
 * site-data plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { apiChangeExclusionsProblems, apiChangesProblems } from './apiChanges/checks';
import type { ApiChangeExclusionsData, ApiChangesData } from './apiChanges/types';
import type { AppReleasesData } from './appReleases';
import { compareVersions, type MoodleReleasesData } from './moodleReleases';
import type { ComponentsData, DeveloperMeetingsData, NewerNamesData, PluginTypesData, ProjectsData, ThirdPartyLibrariesData } from './siteDataTypes';

// ajv-formats is CommonJS; depending on the loader its default export arrives wrapped once more.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export const siteDir = path.resolve(__dirname, '../..');
export const defaultDataDir = path.join(siteDir, 'data');

export class DataFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid data file ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'DataFileError';
  }
}

/** The data files the site knows, with the type each one holds once validated. */
export interface DataFiles {
  'moodle-releases': MoodleReleasesData;
  'app-releases': AppReleasesData;
  components: ComponentsData;
  'components-4.1': ComponentsData;
  'plugin-types': PluginTypesData;
  projects: ProjectsData;
  'third-party-libraries': ThirdPartyLibrariesData;
  'developer-meetings': DeveloperMeetingsData;
  'newer-names': NewerNamesData;
  'api-changes': ApiChangesData;
  'api-changes-exclusions': ApiChangeExclusionsData;
}
export type DataFileName = keyof DataFiles;
export const dataFileNames: DataFileName[] = ['moodle-releases', 'app-releases', 'components', 'components-4.1', 'plugin-types', 'projects', 'third-party-libraries', 'developer-meetings', 'newer-names', 'api-changes', 'api-changes-exclusions'];

/** Record fields that say which record an error is in, and how to name that record. */
const recordLabels: [field: string, label: (value: string, parentKey: string) => string][] = [
  ['version', (value) => `release ${value}`],
  ['key', (value) => `item ${value}`],
  ['heading', (value) => `section "${value}"`],
  ['name', (value, parentKey) => (parentKey === 'series' ? `series ${value}` : `"${value}"`)],
];

/** Arrays whose items are named their own way, by the array's key (`key` is the item's index). */
const collectionLabels: Record<string, (record: Record<string, unknown>, key: string) => string | undefined> = {
  libraries: (record) => (typeof record.name === 'string' ? `library "${record.name}"${typeof record.location === 'string' ? ` at ${record.location}` : ''}` : typeof record.location === 'string' ? `library at ${record.location}` : undefined),
  meetings: (record) => (typeof record.name === 'string' ? `meeting ${record.name}` : undefined),
  // An API change is known by its name and version together: one name changes in many versions.
  changes: (record, key) => {
    const version = typeof record.version === 'string' ? ` (${record.version})` : '';
    return typeof record.name === 'string' ? `change "${record.name}"${version}` : `change number ${Number(key) + 1}${version}`;
  },
  // Named as the semantic checks name them (src/utils/apiChanges/checks.ts).
  exclusions: (record, key) => {
    const version = typeof record.version === 'string' ? ` (${record.version})` : '';
    return typeof record.name === 'string' ? `exclusion "${record.name}"${version}` : `exclusion number ${Number(key) + 1}${version}`;
  },
};

function labelRecord(node: unknown, parentKey: string, key: string): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) {
    return undefined;
  }
  const record = node as Record<string, unknown>;
  // Only the items of the collection itself, not objects nested in an item (a change's source).
  const collectionLabel = /^\d+$/.test(key) ? collectionLabels[parentKey]?.(record, key) : undefined;
  if (collectionLabel) {
    return collectionLabel;
  }
  for (const [field, label] of recordLabels) {
    if (typeof record[field] === 'string') {
      return label(record[field], parentKey);
    }
  }
  return undefined;
}

/**
 * Turns a JSON pointer such as /series/5/releases/18/releaseDate into the records it passes
 * through ("release 3.9.18 in series 3.9") and the field inside the innermost one
 * ("releaseDate"). Records are named by their version, key, heading or name; a record keyed
 * by a string (a project under its path) is named by that key.
 */
export function describeLocation(root: unknown, pointer: string): { record: string; field: string } {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const labels: string[] = [];
  let fieldStart = 0;
  let node: unknown = root;
  let parentKey = '';
  segments.forEach((segment, index) => {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    if (index === segments.length - 1) {
      return;
    }
    const isIndex = /^\d+$/.test(segment);
    const label = labelRecord(node, parentKey, segment) ?? (!isIndex && parentKey && isKeyedCollection(parentKey) ? `"${segment}"` : undefined);
    if (label) {
      labels.push(label);
      fieldStart = index + 1;
    }
    if (!isIndex) {
      parentKey = segment;
    }
  });
  const field = segments.slice(fieldStart).filter((segment) => !/^\d+$/.test(segment)).join('.') || '(root)';
  return { record: labels.reverse().join(' in ') || 'top level', field };
}

/** Objects whose keys are record names rather than field names. */
function isKeyedCollection(key: string): boolean {
  return key === 'projects' || key === 'plugintypes' || key === 'subsystems';
}

function formatValue(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function valueAt(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), root);
}

/** One readable line per schema error. */
export function formatSchemaError(root: unknown, error: ErrorObject): string {
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    const { record, field } = describeLocation(root, `${error.instancePath}/${missing}`);
    return `${record}: field "${field}" is required but missing`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    const { record, field } = describeLocation(root, `${error.instancePath}/${extra}`);
    return `${record}: field "${field}" is not allowed here (is it misspelt?)`;
  }
  const { record, field } = describeLocation(root, error.instancePath);
  let expectation = error.message ?? 'is invalid';
  if (error.keyword === 'pattern') {
    expectation = `must match ${(error.params as { pattern: string }).pattern}`;
  } else if (error.keyword === 'format') {
    const format = (error.params as { format: string }).format;
    expectation = format === 'date' ? 'must be a real calendar date written yyyy-mm-dd' : `must be a valid ${format}`;
  } else if (error.keyword === 'enum') {
    expectation = `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map(formatValue).join(', ')}`;
  }
  return `${record}: field "${field}" ${expectation} (found ${formatValue(valueAt(root, error.instancePath))})`;
}

/** Whether a docs instance's folder (docs, general) holds the page of this doc id, as .md or .mdx. */
function docExists(folder: string, id: string): boolean {
  return ['.md', '.mdx'].some((extension) => fs.existsSync(path.join(siteDir, folder, `${id}${extension}`)));
}

/** Consistency checks a schema cannot express, per file. Each returns problem lines. */
const semanticChecks: Partial<Record<DataFileName, (data: never) => string[]>> = {
  'moodle-releases': (data: MoodleReleasesData) => {
    const problems: string[] = [];
    if (data.series.length !== data.seriesCount) {
      problems.push(`top level: field "seriesCount" is ${data.seriesCount} but the file lists ${data.series.length} series`);
    }
    const releaseTotal = data.series.reduce((total, series) => total + series.releases.length, 0);
    if (releaseTotal !== data.releaseCount) {
      problems.push(`top level: field "releaseCount" is ${data.releaseCount} but the file lists ${releaseTotal} releases`);
    }
    const seen = new Set<string>();
    for (const series of data.series) {
      if (series.releases.length !== series.releaseCount) {
        problems.push(`series ${series.name}: field "releaseCount" is ${series.releaseCount} but the series lists ${series.releases.length} releases`);
      }
      for (const release of series.releases) {
        const where = `release ${release.version} in series ${series.name}`;
        if (release.series !== series.name) {
          problems.push(`${where}: field "series" is "${release.series}" but the release is listed under series ${series.name}`);
        }
        if (!release.version.startsWith(`${series.name}.`)) {
          problems.push(`${where}: field "version" does not belong to series ${series.name}`);
        }
        if (seen.has(release.version)) {
          problems.push(`${where}: field "version" repeats a release listed earlier`);
        }
        seen.add(release.version);
      }
    }
    return problems;
  },
  'plugin-types': (data: PluginTypesData) => {
    const problems: string[] = [];
    const entries = [
      ...Object.entries(data.plugintypes).map(([type, entry]) => [`plugintypes.${type}`, entry.page] as const),
      ...Object.entries(data.subplugintypes).map(([type, entry]) => [`subplugintypes.${type}`, entry.page] as const),
    ];
    for (const [where, page] of entries) {
      if (page !== undefined && !docExists('docs', page)) {
        problems.push(`${where}: field "page" names ${page}, but docs/${page}.md does not exist`);
      }
    }
    return problems;
  },
  'third-party-libraries': (data: ThirdPartyLibrariesData) => {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const library of data.libraries) {
      const key = `${library.name}\u0000${library.location}`;
      if (seen.has(key)) {
        problems.push(`library "${library.name}" at ${library.location}: field "name" repeats an entry listed earlier at the same location`);
      }
      seen.add(key);
    }
    return problems;
  },
  'developer-meetings': (data: DeveloperMeetingsData) => {
    const problems: string[] = [];
    const seen = new Set<string>();
    data.meetings.forEach((meeting, index) => {
      const where = `meeting ${meeting.name}`;
      if (!meeting.date.startsWith(`${meeting.name}-`)) {
        problems.push(`${where}: field "date" is ${meeting.date}, which is not in the month the name gives`);
      }
      if (seen.has(meeting.name)) {
        problems.push(`${where}: field "name" repeats a meeting listed earlier`);
      }
      seen.add(meeting.name);
      const previous = data.meetings[index - 1];
      if (previous && previous.date < meeting.date) {
        problems.push(`${where}: field "date" is later than the meeting listed before it (${previous.name}); list the newest first`);
      }
      if (meeting.page !== undefined && !docExists('general', meeting.page)) {
        problems.push(`${where}: field "page" names ${meeting.page}, but general/${meeting.page}.md does not exist`);
      }
    });
    return problems;
  },
  'newer-names': (data: NewerNamesData) => {
    const problems: string[] = [];
    for (const [version, entry] of Object.entries(data.versions)) {
      for (const name of entry.names) {
        if (compareVersions(name.since, version) <= 0) {
          problems.push(`versions.${version}: "${name.name}": field "since" is ${name.since}, which is not newer than ${version}`);
        }
        if (name.pattern !== undefined) {
          try {
            new RegExp(name.pattern, 'u');
          } catch (error) {
            problems.push(`versions.${version}: "${name.name}": field "pattern" is not a valid regular expression: ${(error as Error).message}`);
          }
        }
      }
    }
    return problems;
  },
  // Versions are checked against the site's own release data (data/moodle-releases.json).
  'api-changes': (data: ApiChangesData) => apiChangesProblems(data, readDataFile('moodle-releases')),
  'api-changes-exclusions': (data: ApiChangeExclusionsData) => apiChangeExclusionsProblems(data, readDataFile('moodle-releases')),
  'app-releases': (data: AppReleasesData) => {
    const problems: string[] = [];
    if (data.releases.length !== data.releaseCount) {
      problems.push(`top level: field "releaseCount" is ${data.releaseCount} but the file lists ${data.releases.length} releases`);
    }
    const seen = new Set<string>();
    for (const release of data.releases) {
      if (!release.version.startsWith(`${release.majorVersion}.`)) {
        problems.push(`release ${release.version}: field "majorVersion" is "${release.majorVersion}", which the version does not start with`);
      }
      if (seen.has(release.version)) {
        problems.push(`release ${release.version}: field "version" repeats a release listed earlier`);
      }
      seen.add(release.version);
    }
    return problems;
  },
};

let ajvInstance: Ajv2020 | undefined;

function schemaValidator(schemasDir: string): Ajv2020 {
  if (ajvInstance) {
    return ajvInstance;
  }
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  addFormats(ajv, ['date', 'uri']);
  for (const file of fs.readdirSync(schemasDir).filter((name) => name.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')) as object);
  }
  ajvInstance = ajv;
  return ajv;
}

/**
 * Parses and validates one data file. `file` is the path as it should appear in messages;
 * the schema is found from the file's own "$schema" key, relative to the file.
 */
export function validateDataFile(absolutePath: string, displayPath = path.relative(siteDir, absolutePath), kind?: DataFileName): unknown {
  let text: string;
  try {
    text = fs.readFileSync(absolutePath, 'utf8');
  } catch (error) {
    throw new DataFileError(displayPath, [`cannot be read: ${(error as Error).message}`]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(displayPath, [`is not valid JSON: ${(error as Error).message}`]);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data) || typeof (data as { $schema?: unknown }).$schema !== 'string') {
    throw new DataFileError(displayPath, ['top level: field "$schema" is required: give the file an object with "$schema" pointing at its schema in data/schemas/']);
  }
  const schemaPath = path.resolve(path.dirname(absolutePath), (data as { $schema: string }).$schema);
  if (!fs.existsSync(schemaPath)) {
    throw new DataFileError(displayPath, [`top level: field "$schema" points at ${path.relative(siteDir, schemaPath)}, which does not exist`]);
  }
  const ajv = schemaValidator(path.dirname(schemaPath));
  const schemaId = (JSON.parse(fs.readFileSync(schemaPath, 'utf8')) as { $id: string }).$id;
  const validate = ajv.getSchema(schemaId);
  if (!validate) {
    throw new DataFileError(displayPath, [`its schema ${schemaId} could not be compiled`]);
  }
  if (!validate(data)) {
    const problems = [...new Set((validate.errors ?? []).map((error) => formatSchemaError(data, error)))];
    throw new DataFileError(displayPath, problems.slice(0, 20).concat(problems.length > 20 ? [`…and ${problems.length - 20} more`] : []));
  }
  const check = kind ? semanticChecks[kind] : undefined;
  const problems = check ? check(data as never) : [];
  if (problems.length) {
    throw new DataFileError(displayPath, problems);
  }
  return data;
}

const cache = new Map<string, unknown>();

/** Reads data/<name>.json once per process, validated. */
export function readDataFile<N extends DataFileName>(name: N, dataDir = defaultDataDir): DataFiles[N] {
  const file = path.join(dataDir, `${name}.json`);
  if (!cache.has(file)) {
    cache.set(file, validateDataFile(file, path.relative(siteDir, file), name));
  }
  return cache.get(file) as DataFiles[N];
}

/**
 * Checks between files: every plugin type of the components files has its purpose in
 * plugin-types.json, and that file describes no type the components files lack.
 */
export function crossFileProblems(files: Pick<DataFiles, 'components' | 'components-4.1' | 'plugin-types'>): string[] {
  const declared = new Set(
    [files.components, files['components-4.1']].flatMap((data) => [...Object.keys(data.plugintypes), ...Object.keys(data.deprecatedplugintypes ?? {})]),
  );
  const described = Object.keys(files['plugin-types'].plugintypes);
  return [
    ...[...declared].filter((type) => !described.includes(type)).map((type) => `plugintypes.${type}: missing; components.json declares the plugin type "${type}", so say what it is for`),
    ...described.filter((type) => !declared.has(type)).map((type) => `plugintypes.${type}: "${type}" is not a plugin type in components.json or components-4.1.json`),
  ];
}

/**
 * The folder a data file is read from: `dataDir`, or `fallbackDir` for a file `dataDir` lacks
 * (a test site brings only the file it breaks and reads the rest from the real data/).
 */
export function dataDirFor(name: DataFileName, dataDir = defaultDataDir, fallbackDir?: string): string {
  return fallbackDir && !fs.existsSync(path.join(dataDir, `${name}.json`)) ? fallbackDir : dataDir;
}

/** Validates every data file in `dataDir` (or `fallbackDir`, for those it lacks); throws the first file's problems. */
export function validateAllDataFiles(dataDir = defaultDataDir, fallbackDir?: string): void {
  const read = <N extends DataFileName>(name: N): DataFiles[N] => readDataFile(name, dataDirFor(name, dataDir, fallbackDir));
  for (const name of dataFileNames) {
    read(name);
  }
  const problems = crossFileProblems({
    components: read('components'),
    'components-4.1': read('components-4.1'),
    'plugin-types': read('plugin-types'),
  });
  if (problems.length) {
    throw new DataFileError(path.relative(siteDir, path.join(dataDir, 'plugin-types.json')), problems);
  }
}
