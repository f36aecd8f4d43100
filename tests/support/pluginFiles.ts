/**
 * Stricter checks for the example files of a plugin that Moodle reads by name: `version.php`,
 * `db/access.php`, `lang/en/<component>.php` and `db/services.php`. A block is one of those
 * when a <CodeExample file="…"> names it. The file is loaded with PHP the way Moodle includes it
 * (tests/support/php/plugin-file.php), so a constant Moodle does not define stops it, and what it
 * defines is checked against the rules Moodle applies: the component belongs to the folder, the
 * version numbers are dates, capabilities use real archetypes, and so on.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import components from '../../data/components.json';
import pluginTypes from '../../data/plugin-types.json';
import type { ComponentsData, PluginTypesData } from '../../src/utils/siteDataTypes';
import type { BlockProblem } from './codeBlocks';
import type { FencedBlock } from './content';

const run = promisify(execFile);
const harness = path.join(__dirname, 'php', 'plugin-file.php');

/** The role archetypes of lib/accesslib.php's get_role_archetypes(). */
export const archetypes = ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage'];
/** The values the harness gives CONTEXT_* and CAP_* (only their names matter). */
const contextLevels = new Set([10, 30, 40, 50, 70, 80]);
const permissions = new Set([0, 1, -1, -1000]);
const allRisks = 0x3f;
/** The $plugin fields core_plugin_manager and the upgrade read from version.php. */
const versionFields = new Set(['component', 'version', 'requires', 'supported', 'incompatible', 'maturity', 'release', 'dependencies']);
const maturities = new Set([50, 100, 150, 200]);
/**
 * Keys of a $functions entry in db/services.php that core reads: lib/upgradelib.php
 * (external_update_descriptions) and \core_external\external_api::external_function_info(), which
 * also reads `testclientpath` (the web service test client's form) and, since 5.3,
 * `allowcorsrequests`.
 */
export const serviceFunctionKeys = new Set(['classname', 'methodname', 'classpath', 'description', 'type', 'ajax', 'capabilities', 'services', 'loginrequired', 'readonlysession', 'testclientpath', 'allowcorsrequests']);

export type PluginFileKind = 'version' | 'access' | 'lang' | 'services';

export interface PluginFile {
  kind: PluginFileKind;
  /** The plugin's folder, relative to the Moodle root. */
  pluginDir: string;
  /** For a language file, its name without .php. */
  langName?: string;
}

/** Which of Moodle's named plugin files an example path is, if any. */
export function pluginFile(examplePath: string): PluginFile | null {
  const normalised = examplePath.replace(/^\/+/, '');
  const patterns: [RegExp, PluginFileKind][] = [
    [/^(.+)\/version\.php$/, 'version'],
    [/^(.+)\/db\/access\.php$/, 'access'],
    [/^(.+)\/lang\/en\/([a-z0-9_]+)\.php$/, 'lang'],
    [/^(.+)\/db\/services\.php$/, 'services'],
  ];
  for (const [pattern, kind] of patterns) {
    const match = pattern.exec(normalised);
    if (match) {
      return { kind, pluginDir: match[1], ...(kind === 'lang' ? { langName: match[2] } : {}) };
    }
  }
  return null;
}

/**
 * The component whose folder `dir` is: a plugin of a type in data/components.json (or a
 * deprecated type), or a sub-plugin of a type in data/plugin-types.json.
 */
export function componentOfDirectory(dir: string, data: ComponentsData = components, described: PluginTypesData = pluginTypes): string | undefined {
  const typeDirs: [string, string][] = [
    ...Object.entries(data.plugintypes),
    ...Object.entries(data.deprecatedplugintypes ?? {}),
    ...Object.entries(described.subplugintypes).map(([type, entry]): [string, string] => [type, entry.directory]),
  ];
  for (const [type, typeDir] of typeDirs.sort((a, b) => b[1].length - a[1].length)) {
    const match = new RegExp(`^${typeDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([a-z][a-z0-9_]*)$`).exec(dir);
    if (match) {
      return `${type}_${match[1]}`;
    }
  }
  return undefined;
}

interface Loaded {
  plugin: Record<string, unknown>;
  string: Record<string, unknown>;
  capabilities: Record<string, Record<string, unknown>> | null;
  deprecatedcapabilities: unknown;
  functions: Record<string, Record<string, unknown>> | null;
  services: unknown;
}

let scratchDir: string | undefined;
let counter = 0;

/** Includes a PHP file with the harness; the values it defined, or the error that stopped it. */
export async function loadPluginFile(code: string): Promise<{ ok: Loaded } | { error: string; line: number }> {
  scratchDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-files-'));
  const file = path.join(scratchDir, `file-${process.pid}-${counter++}.php`);
  fs.writeFileSync(file, code);
  try {
    const { stdout } = await run('php', ['-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', harness, file]);
    return JSON.parse(stdout) as { ok: Loaded } | { error: string; line: number };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const isDateNumber = (value: unknown): boolean => {
  if (typeof value !== 'number' || !Number.isInteger(value) || !/^\d{10}$/.test(String(value))) {
    return false;
  }
  const text = String(value);
  const date = new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replace(/-/g, '') === text.slice(0, 8) && date.getUTCFullYear() >= 2000;
};

function versionProblems(loaded: Loaded, component: string | undefined): string[] {
  const { plugin } = loaded;
  const problems: string[] = [];
  if (typeof plugin.component !== 'string') {
    problems.push('$plugin->component is missing');
  } else if (component && plugin.component !== component) {
    problems.push(`$plugin->component is '${plugin.component}', but the file's folder is that of ${component}`);
  }
  if (!isDateNumber(plugin.version)) {
    problems.push(`$plugin->version must be a YYYYMMDDXX number (found ${JSON.stringify(plugin.version)})`);
  }
  if (plugin.requires !== undefined && !isDateNumber(plugin.requires)) {
    problems.push(`$plugin->requires must be a core version number, YYYYMMDDXX (found ${JSON.stringify(plugin.requires)})`);
  }
  if (plugin.maturity !== undefined && !maturities.has(plugin.maturity as number)) {
    problems.push(`$plugin->maturity must be one of the MATURITY_* constants (found ${JSON.stringify(plugin.maturity)})`);
  }
  for (const field of Object.keys(plugin).filter((key) => !versionFields.has(key))) {
    problems.push(`$plugin->${field} is not a field Moodle reads from version.php`);
  }
  return problems;
}

function accessProblems(loaded: Loaded, component: string | undefined): string[] {
  const problems: string[] = [];
  if (!loaded.capabilities || typeof loaded.capabilities !== 'object' || Array.isArray(loaded.capabilities)) {
    return ['$capabilities is not defined as an array keyed by capability name'];
  }
  const prefix = component ? `${component.replace('_', '/')}:` : undefined;
  for (const [name, definition] of Object.entries(loaded.capabilities)) {
    const where = `capability '${name}'`;
    if (!/^[a-z][a-z0-9_]*\/[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/.test(name)) {
      problems.push(`${where}: a name is <type>/<plugin>:<capability>`);
    } else if (prefix && !name.startsWith(prefix)) {
      problems.push(`${where}: the plugin's capabilities start with '${prefix}'`);
    }
    if (definition.captype !== 'read' && definition.captype !== 'write') {
      problems.push(`${where}: 'captype' must be 'read' or 'write'`);
    }
    if (!contextLevels.has(definition.contextlevel as number)) {
      problems.push(`${where}: 'contextlevel' must be a CONTEXT_* constant`);
    }
    if (definition.riskbitmask !== undefined && (typeof definition.riskbitmask !== 'number' || (definition.riskbitmask & ~allRisks) !== 0)) {
      problems.push(`${where}: 'riskbitmask' must combine RISK_* constants`);
    }
    const roles = definition.archetypes ?? {};
    if (typeof roles !== 'object' || Array.isArray(roles) && roles.length > 0) {
      problems.push(`${where}: 'archetypes' must map archetypes to CAP_* permissions`);
    } else {
      for (const [archetype, permission] of Object.entries(roles as Record<string, unknown>)) {
        if (!archetypes.includes(archetype)) {
          problems.push(`${where}: '${archetype}' is not a role archetype (${archetypes.join(', ')})`);
        }
        if (!permissions.has(permission as number)) {
          problems.push(`${where}: the permission of '${archetype}' must be a CAP_* constant`);
        }
      }
    }
    for (const key of Object.keys(definition)) {
      if (!['captype', 'contextlevel', 'riskbitmask', 'archetypes', 'clonepermissionsfrom'].includes(key)) {
        problems.push(`${where}: '${key}' is not a key of a capability definition`);
      }
    }
  }
  return problems;
}

function langProblems(loaded: Loaded, file: PluginFile, component: string | undefined): string[] {
  const problems: string[] = [];
  if (component) {
    const [type, name] = [component.slice(0, component.indexOf('_')), component.slice(component.indexOf('_') + 1)];
    const expected = type === 'mod' ? name : component;
    if (file.langName !== expected) {
      problems.push(`the language file of ${component} is lang/en/${expected}.php`);
    }
  }
  if (typeof loaded.string.pluginname !== 'string') {
    problems.push("$string['pluginname'] is missing");
  }
  return problems;
}

function servicesProblems(loaded: Loaded): string[] {
  const problems: string[] = [];
  if (!loaded.functions || typeof loaded.functions !== 'object' || Array.isArray(loaded.functions)) {
    return ['$functions is not defined as an array keyed by function name'];
  }
  for (const [name, definition] of Object.entries(loaded.functions)) {
    const where = `function '${name}'`;
    for (const key of ['classname', 'description', 'type']) {
      if (typeof definition[key] !== 'string') {
        problems.push(`${where}: '${key}' is required`);
      }
    }
    if (definition.type !== undefined && definition.type !== 'read' && definition.type !== 'write') {
      problems.push(`${where}: 'type' must be 'read' or 'write'`);
    }
    for (const key of Object.keys(definition).filter((entry) => !serviceFunctionKeys.has(entry))) {
      problems.push(`${where}: '${key}' is not a key Moodle reads`);
    }
  }
  return problems;
}

/** Problems of one block that is a named plugin file; an empty list when it is right or not such a file. */
export async function pluginFileProblems(block: FencedBlock): Promise<string[]> {
  const file = block.examplePath && block.language === 'php' ? pluginFile(block.examplePath) : null;
  if (!file) {
    return [];
  }
  const component = componentOfDirectory(file.pluginDir);
  const problems: string[] = [];
  if (!component) {
    problems.push(`${file.pluginDir}/ is not the folder of a plugin: no plugin type in data/components.json or sub-plugin type in data/plugin-types.json lives there`);
  }
  const result = await loadPluginFile(block.code);
  if ('error' in result) {
    return [...problems, `loading it as Moodle does stops at line ${result.line}: ${result.error}`];
  }
  const checks = {
    version: () => versionProblems(result.ok, component),
    access: () => accessProblems(result.ok, component),
    lang: () => langProblems(result.ok, file, component),
    services: () => servicesProblems(result.ok),
  };
  return [...problems, ...checks[file.kind]()];
}

/**
 * Checks every named plugin file among the blocks, and across one page: each capability that a
 * page's db/access.php defines has its string in the same plugin's language file, when the page
 * shows that file.
 */
export async function checkPluginFiles(blocks: FencedBlock[]): Promise<BlockProblem[]> {
  const problems: BlockProblem[] = [];
  const capabilities = new Map<string, { block: FencedBlock; names: string[] }>();
  const strings = new Map<string, Set<string>>();
  for (const block of blocks) {
    for (const message of await pluginFileProblems(block)) {
      problems.push({ file: block.file, line: block.line, language: block.language, message: `${block.examplePath}: ${message}` });
    }
    const file = block.examplePath ? pluginFile(block.examplePath) : null;
    if (!file || block.language !== 'php' || (file.kind !== 'access' && file.kind !== 'lang')) {
      continue;
    }
    const loaded = await loadPluginFile(block.code);
    if (!('ok' in loaded)) {
      continue;
    }
    const key = `${block.file}\u0000${file.pluginDir}`;
    if (file.kind === 'access' && loaded.ok.capabilities) {
      capabilities.set(key, { block, names: Object.keys(loaded.ok.capabilities) });
    } else if (file.kind === 'lang') {
      strings.set(key, new Set(Object.keys(loaded.ok.string)));
    }
  }
  for (const [key, { block, names }] of capabilities) {
    const defined = strings.get(key);
    if (!defined) {
      continue;
    }
    for (const name of names) {
      const stringId = name.slice(name.indexOf('/') + 1);
      if (!defined.has(stringId)) {
        problems.push({ file: block.file, line: block.line, language: block.language, message: `${block.examplePath}: capability '${name}' has no $string['${stringId}'] in the language file the page shows` });
      }
    }
  }
  return problems;
}
