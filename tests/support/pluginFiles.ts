/**
 * Stricter checks for the example files of a plugin that Moodle reads by name: `version.php`,
 * `db/access.php`, `lang/en/<component>.php`, `db/services.php`, `db/tasks.php` and
 * `db/mobile.php`. A PHP block is one of those when a <CodeExample file="…"> or its fence's
 * `title="…"` names it, or when its content defines what the file defines (`$plugin->…`,
 * `$capabilities`, `$functions`, `$tasks` with task classes, `$addons`); a block without `<?php` is a part of the file, and only what it defines is
 * checked. The file is loaded with PHP the way Moodle includes it
 * (tests/support/php/plugin-file.php), so a constant Moodle does not define stops it, and what it
 * defines is checked against the rules Moodle applies: the component belongs to the folder, the
 * version numbers are dates, capabilities use real archetypes, and so on.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import components from '../../data/components.json';
import pluginTypes from '../../data/plugin-types.json';
import type { ComponentsData, PluginTypesData } from '../../src/utils/siteDataTypes';
import { metaHasWord, scratchFile, type BlockProblem } from './codeBlocks';
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

/**
 * The keys of a db/tasks.php entry that \core\task\manager::load_default_scheduled_tasks_for_component()
 * and scheduled_task_from_record() read.
 */
export const taskKeys = new Set(['classname', 'blocking', 'minute', 'hour', 'day', 'month', 'dayofweek', 'disabled']);

export type PluginFileKind = 'version' | 'access' | 'lang' | 'services' | 'tasks' | 'mobile';

export interface PluginFile {
  kind: PluginFileKind;
  /** The plugin's folder, relative to the Moodle root, when the block names its file. */
  pluginDir?: string;
  /** Whether the block is the whole file (it starts with `<?php`) rather than a part of it. */
  whole?: boolean;
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
    [/^(.+)\/db\/tasks\.php$/, 'tasks'],
    [/^(.+)\/db\/mobile\.php$/, 'mobile'],
  ];
  for (const [pattern, kind] of patterns) {
    const match = pattern.exec(normalised);
    if (match) {
      return { kind, pluginDir: match[1], ...(kind === 'lang' ? { langName: match[2] } : {}) };
    }
  }
  return null;
}

/** What a block's content defines, for a block whose file is not named. */
const contentKinds: [RegExp, PluginFileKind][] = [
  [/^\s*\$plugin->[a-z]+\s*=/m, 'version'],
  [/^\s*\$capabilities\s*=\s*(?:\[|array\s*\()/m, 'access'],
  [/^\s*\$functions\s*=\s*(?:\[|array\s*\()/m, 'services'],
  [/^\s*\$tasks\s*=\s*(?:\[|array\s*\()[\s\S]*'classname'\s*=>/m, 'tasks'],
  [/^\s*\$addons\s*=\s*(?:\[|array\s*\()/m, 'mobile'],
];

/** The file a block names: its <CodeExample>'s, or its fence's `title="…"`. */
export function namedPath(block: Pick<FencedBlock, 'meta' | 'examplePath'>): string | undefined {
  return block.examplePath ?? /(?:^|\s)title="([^"]+)"/.exec(block.meta)?.[1];
}

/**
 * The plugin file a PHP block is, or is a part of: named by its <CodeExample> or its fence's
 * title, or recognised by what it defines. Null for any other block.
 */
export function pluginFileOf(block: Pick<FencedBlock, 'language' | 'meta' | 'code' | 'examplePath'>): PluginFile | null {
  if (block.language !== 'php') {
    return null;
  }
  const whole = /^\s*<\?php\b/.test(block.code);
  const named = namedPath(block);
  if (named) {
    const file = pluginFile(named);
    return file && { ...file, whole };
  }
  const kind = contentKinds.find(([pattern]) => pattern.test(block.code))?.[1];
  return kind ? { kind, whole } : null;
}

/** The plugin type of a component name, when data/components.json or data/plugin-types.json knows it. */
export function componentTypeKnown(component: string, data: ComponentsData = components, described: PluginTypesData = pluginTypes): boolean {
  const type = component.slice(0, component.indexOf('_'));
  return component.includes('_') && (type in data.plugintypes || type in (data.deprecatedplugintypes ?? {}) || type in described.subplugintypes || component === 'core' || type === 'core');
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
  tasks: Record<string, unknown>[] | null;
  addons: Record<string, Record<string, unknown>> | null;
}

/** Includes a PHP file with the harness; the values it defined, or the error that stopped it. */
export async function loadPluginFile(code: string): Promise<{ ok: Loaded } | { error: string; line: number }> {
  const file = scratchFile('php');
  fs.writeFileSync(file, code);
  try {
    const { stdout } = await run('php', ['-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', harness, file]);
    return JSON.parse(stdout) as { ok: Loaded } | { error: string; line: number };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Loads a block: a part of a file as the file's code, with its error lines still the block's. */
async function loadBlock(block: FencedBlock, whole: boolean): ReturnType<typeof loadPluginFile> {
  if (whole) {
    return loadPluginFile(block.code);
  }
  const result = await loadPluginFile(`<?php\n${block.code}\n`);
  return 'error' in result ? { ...result, line: result.line - 1 } : result;
}

const isDateNumber = (value: unknown): boolean => {
  if (typeof value !== 'number' || !Number.isInteger(value) || !/^\d{10}$/.test(String(value))) {
    return false;
  }
  const text = String(value);
  const date = new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replace(/-/g, '') === text.slice(0, 8) && date.getUTCFullYear() >= 2000;
};

function versionProblems(loaded: Loaded, component: string | undefined, whole: boolean): string[] {
  const { plugin } = loaded;
  const problems: string[] = [];
  if (typeof plugin.component !== 'string') {
    if (whole) {
      problems.push('$plugin->component is missing');
    }
  } else if (component && plugin.component !== component) {
    problems.push(`$plugin->component is '${plugin.component}', but the file's folder is that of ${component}`);
  } else if (!componentTypeKnown(plugin.component)) {
    problems.push(`$plugin->component '${plugin.component}' is not <type>_<name> of a plugin type in data/components.json`);
  }
  if ((whole || plugin.version !== undefined) && !isDateNumber(plugin.version)) {
    problems.push(`$plugin->version must be a YYYYMMDDXX number (found ${JSON.stringify(plugin.version)})`);
  }
  if (plugin.requires !== undefined && !isDateNumber(plugin.requires)) {
    problems.push(`$plugin->requires must be a core version number, YYYYMMDDXX (found ${JSON.stringify(plugin.requires)})`);
  }
  if (plugin.maturity !== undefined && !maturities.has(plugin.maturity as number)) {
    problems.push(`$plugin->maturity must be one of the MATURITY_* constants (found ${JSON.stringify(plugin.maturity)})`);
  }
  // \core\plugininfo\base::load_disk_version() throws on anything else for these two.
  const { supported, incompatible, dependencies } = plugin;
  if (supported !== undefined && !(Array.isArray(supported) && supported.length === 2 && supported.every(Number.isInteger) && (supported[0] as number) <= (supported[1] as number))) {
    problems.push(`$plugin->supported must be two integer branch numbers, the lower first, such as [401, 405] (found ${JSON.stringify(supported)})`);
  }
  if (incompatible !== undefined && !((Number.isInteger(incompatible) || (typeof incompatible === 'string' && /^\d+$/.test(incompatible))) && Number(incompatible) > 0)) {
    problems.push(`$plugin->incompatible must be a positive branch number, such as 500 (found ${JSON.stringify(incompatible)})`);
  }
  if (dependencies !== undefined) {
    if (typeof dependencies !== 'object' || dependencies === null || Array.isArray(dependencies)) {
      problems.push('$plugin->dependencies must map component names to versions');
    } else {
      for (const [name, version] of Object.entries(dependencies)) {
        if (!componentTypeKnown(name)) {
          problems.push(`$plugin->dependencies: '${name}' is not a component of a known plugin type`);
        }
        if (version !== 'any' && !isDateNumber(version)) {
          problems.push(`$plugin->dependencies: the version of '${name}' must be ANY_VERSION or a YYYYMMDDXX number`);
        }
      }
    }
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

function langProblems(loaded: Loaded, file: PluginFile, component: string | undefined, whole: boolean): string[] {
  const problems: string[] = [];
  if (component) {
    const [type, name] = [component.slice(0, component.indexOf('_')), component.slice(component.indexOf('_') + 1)];
    const expected = type === 'mod' ? name : component;
    if (file.langName !== expected) {
      problems.push(`the language file of ${component} is lang/en/${expected}.php`);
    }
  }
  if (whole && typeof loaded.string.pluginname !== 'string') {
    problems.push("$string['pluginname'] is missing");
  }
  return problems;
}

function servicesProblems(loaded: Loaded, whole: boolean): string[] {
  const problems: string[] = [];
  if (!loaded.functions || typeof loaded.functions !== 'object' || Array.isArray(loaded.functions)) {
    return ['$functions is not defined as an array keyed by function name'];
  }
  for (const [name, definition] of Object.entries(loaded.functions)) {
    const where = `function '${name}'`;
    for (const key of whole ? ['classname', 'description', 'type'] : []) {
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

function tasksProblems(loaded: Loaded): string[] {
  if (!Array.isArray(loaded.tasks)) {
    return ['$tasks is not defined as a list of task definitions'];
  }
  const problems: string[] = [];
  loaded.tasks.forEach((definition, index) => {
    const where = `task ${index + 1}`;
    if (typeof definition.classname !== 'string' || !/^\\?[a-z][a-z0-9_]*(\\[a-z0-9_]+)+$/i.test(definition.classname)) {
      problems.push(`${where}: 'classname' must name the task class, such as '\\local_greet\\task\\cleanup'`);
    }
    for (const key of Object.keys(definition).filter((entry) => !taskKeys.has(entry))) {
      problems.push(`${where}: '${key}' is not a key Moodle reads`);
    }
  });
  return problems;
}

/**
 * The keys of an add-on in db/mobile.php that the site reads
 * (admin/tool/mobile/classes/api.php, get_plugins_supporting_mobile()); everything else about a
 * handler is read by the app.
 */
export const mobileAddonKeys = new Set(['handlers', 'lang', 'dependencies']);
/**
 * The delegates a site plugin's handler can register with: the switch of the Moodle App's
 * src/core/features/siteplugins/services/siteplugins-init.ts.
 */
export const mobileDelegates = new Set([
  'AddonMessageOutputDelegate',
  'AddonModAssignFeedbackDelegate',
  'AddonModAssignSubmissionDelegate',
  'AddonModQuizAccessRuleDelegate',
  'AddonWorkshopAssessmentStrategyDelegate',
  'CoreBlockDelegate',
  'CoreCourseFormatDelegate',
  'CoreCourseModuleDelegate',
  'CoreCourseOptionsDelegate',
  'CoreEnrolDelegate',
  'CoreMainMenuDelegate',
  'CoreMainMenuHomeDelegate',
  'CoreQuestionBehaviourDelegate',
  'CoreQuestionDelegate',
  'CoreSettingsDelegate',
  'CoreUserDelegate',
  'CoreUserProfileFieldDelegate',
]);

function mobileProblems(loaded: Loaded): string[] {
  if (!loaded.addons || typeof loaded.addons !== 'object' || Array.isArray(loaded.addons)) {
    return ['$addons is not defined as an array keyed by add-on name'];
  }
  const problems: string[] = [];
  for (const [name, addon] of Object.entries(loaded.addons)) {
    const where = `add-on '${name}'`;
    for (const key of Object.keys(addon).filter((entry) => !mobileAddonKeys.has(entry))) {
      problems.push(`${where}: '${key}' is not a key the site reads (handlers, lang, dependencies)`);
    }
    const handlers = addon.handlers ?? {};
    if (typeof handlers !== 'object' || Array.isArray(handlers)) {
      problems.push(`${where}: 'handlers' must be an array keyed by handler name`);
    } else {
      for (const [handlerName, handler] of Object.entries(handlers as Record<string, Record<string, unknown>>)) {
        const delegate = handler.delegate;
        if (typeof delegate !== 'string' || !mobileDelegates.has(delegate)) {
          problems.push(`${where}, handler '${handlerName}': 'delegate' must name a delegate the app registers site plugins with (found ${JSON.stringify(delegate)})`);
        }
      }
    }
    const lang = addon.lang ?? [];
    if (!Array.isArray(lang) || lang.some((entry) => !Array.isArray(entry) || entry.length !== 2 || entry.some((part) => typeof part !== 'string'))) {
      problems.push(`${where}: 'lang' must be a list of [string identifier, component] pairs`);
    }
  }
  return problems;
}

/** A sample of what not to do: its fence's meta says `invalid`. */
export function isInvalidExample(block: Pick<FencedBlock, 'meta'>): boolean {
  return metaHasWord(block, 'invalid');
}

/** The file a block is, for messages: its name, or what its content was recognised as. */
function describeFile(block: FencedBlock): string {
  const named = namedPath(block);
  const fileNames: Record<PluginFileKind, string> = { version: 'version.php', access: 'db/access.php', lang: 'a language file', services: 'db/services.php', tasks: 'db/tasks.php', mobile: 'db/mobile.php' };
  const file = pluginFileOf(block);
  return named ?? `${file?.whole ? '' : 'part of '}${file ? fileNames[file.kind] : 'a file'} (recognised by its content)`;
}

/** Problems of one block that is a plugin file; an empty list when it is right or not such a file. */
export async function pluginFileProblems(block: FencedBlock): Promise<string[]> {
  const file = pluginFileOf(block);
  if (!file) {
    return [];
  }
  const whole = file.whole ?? false;
  const component = file.pluginDir === undefined ? undefined : componentOfDirectory(file.pluginDir);
  const problems: string[] = [];
  if (file.pluginDir !== undefined && !component) {
    problems.push(`${file.pluginDir}/ is not the folder of a plugin: no plugin type in data/components.json or sub-plugin type in data/plugin-types.json lives there`);
  }
  const result = await loadBlock(block, whole);
  if ('error' in result) {
    return [...problems, `loading it as Moodle does stops at line ${result.line}: ${result.error}`];
  }
  const checks = {
    version: () => versionProblems(result.ok, component, whole),
    access: () => accessProblems(result.ok, component),
    lang: () => langProblems(result.ok, file, component, whole),
    services: () => servicesProblems(result.ok, whole),
    tasks: () => tasksProblems(result.ok),
    mobile: () => mobileProblems(result.ok),
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
    const file = pluginFileOf(block);
    const messages = await pluginFileProblems(block);
    if (isInvalidExample(block)) {
      // A sample of what not to do must show a mistake the checks see.
      if (file && messages.length === 0) {
        problems.push({ file: block.file, line: block.line, language: block.language, message: `${describeFile(block)}: marked invalid, but the checks find nothing wrong in it` });
      }
      continue;
    }
    for (const message of messages) {
      problems.push({ file: block.file, line: block.line, language: block.language, message: `${describeFile(block)}: ${message}` });
    }
    if (!file?.pluginDir || (file.kind !== 'access' && file.kind !== 'lang')) {
      continue;
    }
    const loaded = await loadBlock(block, file.whole ?? false);
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
        problems.push({ file: block.file, line: block.line, language: block.language, message: `${describeFile(block)}: capability '${name}' has no $string['${stringId}'] in the language file the page shows` });
      }
    }
  }
  return problems;
}
