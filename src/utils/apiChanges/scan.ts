/**
 * The plugin scanner: every use of a changed name (data/api-changes.json) in a plugin's PHP,
 * JavaScript and Mustache files, with its file, line and column. Pure, so the changes page runs
 * it in the browser (nothing is uploaded) and the tests and `npm run bench -- --scan` in Node.
 *
 * What counts as a use, kind by kind (names in comments never count, nor text inside a string
 * that is more than the name):
 * - function `get_context_instance()`: a call of the global function, as a whole token
 *   (`get_context_instance_by_id(` and `$x->get_context_instance(` are other names); PHP's
 *   rules apply: case-insensitive, `\name(` or, in a namespaced file, an unqualified name that
 *   falls back to the global function, or a name imported with `use function`;
 * - class and hook: a name that resolves, by PHP's rules (fully qualified, imported with `use`
 *   and then written by its alias or short name, or relative to the file's namespace), to the
 *   entry's class: in `new`, `extends`, `implements`, `instanceof`, type declarations,
 *   `Name::`, `Name::class`, attributes and the `use` line itself; and a string whose whole
 *   value is a namespaced class name (`'\\core\\event\\course_viewed'`: db/events.php,
 *   db/hooks.php, db/tasks.php). A global class name alone in a string (`'html_writer'`) is not
 *   reported: a lone word in a string is too often a language string key or an array key;
 * - method `Class::name()`: `Class::name(` where Class resolves to the entry's class or to a
 *   name it was moved or renamed to or from (a "moved"/"renamed" class entry of the list with a
 *   replacement), `self::`, `static::` and `parent::` inside a class that directly `extends` the
 *   entry's class (the scanner does not follow longer chains of parents), `$this->name(` in such
 *   a class, `$OUTPUT->name(`, `$PAGE->name(`, `$PAGE->requires->name(`, `$DB->name(`, and the
 *   same through `$this->output` and `$this->page` (objects whose class Moodle fixes, see
 *   knownObjects), and a string
 *   `'Class::name'` (a callback in db/hooks.php). On any other object, `->name(` is reported
 *   according to ScanOptions.arrowCalls, marked `certain: false`;
 * - constant: the whole token (`FEATURE_BACKUP_MOODLE2`, not `FEATURE_BACKUP_MOODLE2_EXTRA`),
 *   case-sensitive, or `Class::NAME` resolved like a method's class;
 * - property and setting `$CFG->name`, `$PAGE->name`: that variable, `->`, that name, not called;
 *   static `Class::$name`; a setting `component/name` also as `get_config('component', 'name')`;
 * - capability, template, JavaScript module, web service, setting `component/name`: a string
 *   (PHP or JavaScript, including AMD dependency lists, `import … from`, `import()`) whose whole
 *   value is the name; a template also as a Mustache partial `{{> name}}` or parent `{{< name}}`;
 * - callback `*_name()`: the declaration of a global function named `<prefix>_name` where the
 *   prefix is the plugin's component or, for an activity module, its plain name (read from
 *   version.php; any prefix when there is no version.php);
 * - database table: the first argument of a `$DB->…(` call, or `{name}` inside a PHP string with
 *   an SQL keyword in it (SELECT, FROM, JOIN, UPDATE, INSERT, DELETE, WHERE, INTO);
 * - database fields and CLI options are not looked for (see ScanResult.unsearchable).
 *
 * Known limits: strings are matched by value, whatever their kind (a template and a JavaScript
 * module of the same name are both reported); interpolated strings and code inside strings
 * (`js_amd_inline('require(["core/x"])')`) are not read; Mustache delimiter changes are ignored.
 */
import { compareVersions } from '../moodleReleases';
import { lexJs, lexMustache, lexPhp, type Token } from './lexers';
import type { ApiChange } from './types';

export type ScanLanguage = 'php' | 'javascript' | 'mustache';

export interface PluginFile {
  /** Path inside the plugin, with `/` separators: `lib.php`, `db/access.php`, `amd/src/x.js`. */
  path: string;
  text: string;
}

export interface ScanFinding {
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what an editor shows for ASCII lines). */
  column: number;
  /** The name as written in the code (`\Get_Context_Instance`, `$OUTPUT->spacer`, `core/modal_factory`). */
  name: string;
  change: ApiChange;
  /**
   * false when only the method's name matched, on an object of unknown class (the
   * ScanOptions.arrowCalls rule): a likely use, not a sure one.
   */
  certain: boolean;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface ScanResult {
  /** Sorted by path, line, column and name. */
  findings: ScanFinding[];
  /** How many files were read. */
  scanned: number;
  /** The files not read, each with why. */
  skipped: SkippedFile[];
  /** Changes of the list no scan can find in code (database fields, CLI options, unparsable names). */
  unsearchable: ApiChange[];
}

/**
 * When `->name(` on an object of unknown class is reported as a use of a changed method:
 * - 'off': never;
 * - 'distinctive' (the default): when the name is distinctive enough. It is, when (1) the list
 *   has methods of that name on one class only (counting a class and the names it was moved or
 *   renamed to as one), (2) the name has at least two words (`get_courses`, `addElement`:
 *   one-word names such as `render`, `execute` or `spacer` are defined by many classes), and
 *   (3) no file of the plugin declares a function or method of that name (then the call is as
 *   likely to reach the plugin's own method);
 * - 'all': whenever the list has a method of that name (for measuring the rule).
 * `$this->name(`, `$OUTPUT->name(` and the other objects of known class are never matched by
 * their name alone, whatever the option.
 */
export type ArrowCalls = 'off' | 'distinctive' | 'all';

export interface ScanOptions {
  arrowCalls?: ArrowCalls;
}

/* ------------------------------------------------------------------ version range */

const seriesOf = (version: string) => version.split('.').slice(0, 2).join('.');

/** Whether a release has the change: at or after its version, or at or after a backport on the release's own branch. */
export function releaseHasChange(change: Pick<ApiChange, 'version' | 'backportedTo'>, release: string): boolean {
  if (compareVersions(change.version, release) <= 0) {
    return true;
  }
  return (change.backportedTo ?? []).some((backport) => seriesOf(backport) === seriesOf(release) && compareVersions(backport, release) <= 0);
}

/**
 * The changes a plugin meets when it moves from release `from` to release `to`: those `to` has
 * and `from` has not. Without backports that is from < version <= to; a backport counts as the
 * change reaching its branch (4.5 → 4.5.3 includes a 5.0 change backported to 4.5.1; 4.5.2 → 5.0
 * does not, 4.5.2 had it already). A series ("4.5") stands for its first release (4.5.0).
 * Empty when `to` is not after `from`.
 */
export function changesBetween<C extends Pick<ApiChange, 'version' | 'backportedTo'>>(changes: readonly C[], from: string, to: string): C[] {
  if (compareVersions(from, to) >= 0) {
    return [];
  }
  return changes.filter((change) => releaseHasChange(change, to) && !releaseHasChange(change, from));
}

/* ------------------------------------------------------------------ which files */

/** The language of a file by its extension, or null when the scanner does not read it. */
export function fileLanguage(path: string): ScanLanguage | null {
  if (/\.php$/i.test(path)) {
    return 'php';
  }
  if (/\.m?js$/i.test(path)) {
    return 'javascript';
  }
  if (/\.mustache$/i.test(path)) {
    return 'mustache';
  }
  return null;
}

/** Files larger than this are skipped: generated or bundled code, and a bound on a browser tab's work. */
export const maxFileBytes = 1_000_000;

/** Why a file of a plugin is not scanned, or null when it is. `path` is relative to the plugin's folder. */
export function skipReason(path: string): string | null {
  const segments = path.split('/');
  if (segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX')) {
    return 'hidden file or folder';
  }
  if (segments.some((segment) => segment === 'node_modules' || segment === 'vendor')) {
    return 'third-party code';
  }
  if (/(^|\/)amd\/build\//.test(path) || /\.min\.js$/i.test(path)) {
    return 'built copy of amd/src';
  }
  if (/(^|\/)lang\/[^/]+\/[^/]+\.php$/.test(path)) {
    return 'language strings';
  }
  if (fileLanguage(path) === null) {
    return 'not PHP, JavaScript or Mustache';
  }
  return null;
}

export interface PluginEntry {
  /** Path as the folder or zip gives it: `myplugin/db/access.php`, `myplugin\lib.php`. */
  path: string;
  text?: string;
  bytes?: Uint8Array;
}

export interface PluginFiles {
  /** The files to scan, with paths relative to the plugin's folder. */
  files: PluginFile[];
  skipped: SkippedFile[];
  /** The folder the paths were made relative to ('' when none). */
  root: string;
}

/**
 * The pure part of reading a dropped folder or zip: which files are scanned, with paths made
 * relative to the plugin's folder. The folder is the one holding the shallowest version.php
 * (files outside it are skipped), or else the single top folder all files share (a zip of
 * `myplugin/…`). Bytes are decoded as UTF-8, only for files that are scanned.
 */
export function readPluginFiles(entries: readonly PluginEntry[]): PluginFiles {
  const skipped: SkippedFile[] = [];
  const candidates: { path: string; entry: PluginEntry }[] = [];
  for (const entry of entries) {
    const path = entry.path.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
    if (path === '' || path.endsWith('/')) {
      continue;
    }
    if (path.split('/').some((segment) => segment.startsWith('.') || segment === '__MACOSX')) {
      skipped.push({ path, reason: 'hidden file or folder' });
      continue;
    }
    candidates.push({ path, entry });
  }
  const versionFiles = candidates.map((candidate) => candidate.path).filter((path) => path === 'version.php' || path.endsWith('/version.php'));
  let root = '';
  if (versionFiles.length > 0) {
    const shallowest = versionFiles.sort((a, b) => a.split('/').length - b.split('/').length)[0];
    root = shallowest.slice(0, -'version.php'.length).replace(/\/$/, '');
  } else {
    const tops = new Set(candidates.map((candidate) => (candidate.path.includes('/') ? candidate.path.split('/')[0] : '')));
    const [top] = tops;
    if (tops.size === 1 && top !== '') {
      root = top;
    }
  }
  const decoder = new TextDecoder('utf-8');
  const files: PluginFile[] = [];
  for (const { path, entry } of candidates) {
    if (root !== '' && !path.startsWith(`${root}/`)) {
      skipped.push({ path, reason: 'outside the plugin folder' });
      continue;
    }
    const relative = root === '' ? path : path.slice(root.length + 1);
    const size = entry.bytes?.length ?? entry.text?.length ?? 0;
    const reason = skipReason(relative) ?? (size > maxFileBytes ? 'larger than 1 MB' : null);
    if (reason !== null) {
      skipped.push({ path: relative, reason });
      continue;
    }
    const text = entry.text ?? (entry.bytes ? decoder.decode(entry.bytes) : '');
    files.push({ path: relative, text: text.replace(/^\uFEFF/, '') });
  }
  return { files, skipped, root };
}

/* ------------------------------------------------------------------ the index of names */

/**
 * Objects whose class Moodle fixes by convention, so `$OUTPUT->name(` is a call of a method of
 * these classes. Each class under its global and its namespaced name (the moved names of 4.5 and
 * later); lower case.
 */
const knownObjects: Record<string, string[]> = {
  $OUTPUT: ['core_renderer', 'renderer_base', 'core\\output\\core_renderer', 'core\\output\\renderer_base'],
  $PAGE: ['moodle_page'],
  $DB: ['moodle_database'],
  '$PAGE->requires': ['page_requirements_manager', 'core\\output\\requirements\\page_requirements_manager'],
  // In renderers, blocks and activity classes, $this->output and $this->page are $OUTPUT and $PAGE.
  '$this->output': ['core_renderer', 'renderer_base', 'core\\output\\core_renderer', 'core\\output\\renderer_base'],
  '$this->page': ['moodle_page'],
  '$this->page->requires': ['page_requirements_manager', 'core\\output\\requirements\\page_requirements_manager'],
};

type Bucket = Map<string, ApiChange[]>;

interface ChangeIndex {
  /** Lower-case fully qualified name without the leading backslash. */
  functions: Bucket;
  classes: Bucket;
  /** `class::method()` (lower case), `class::CONSTANT`, `class::$property`. */
  members: Bucket;
  /** Lower-case method name → the classes (alias groups) that have it in the list, and the entries. */
  methodNames: Map<string, { groups: Set<string>; changes: ApiChange[] }>;
  /** Namespace in lower case, then `\NAME`; or `NAME` for a global constant. */
  constants: Bucket;
  /** `$CFG->name`, `$PAGE->name`. */
  objectProperties: Bucket;
  /** Names matched as a whole string or a Mustache partial: capabilities, templates, modules, web services, settings. */
  strings: Bucket;
  tables: Bucket;
  /** Callback suffixes (`_extend_navigation_course`, lower case) and whole callback names. */
  callbackSuffixes: { suffix: string; change: ApiChange }[];
  callbackNames: Bucket;
  /** Lower-case class → every name of its alias group (itself, and names it was moved or renamed to or from). */
  aliases: Map<string, string[]>;
  unsearchable: ApiChange[];
}

const add = (bucket: Bucket, key: string, change: ApiChange) => {
  const list = bucket.get(key);
  if (list) {
    list.push(change);
  } else {
    bucket.set(key, [change]);
  }
};

const stripCall = (name: string) => name.replace(/\(\)$/, '').trim();
const qualifiedName = /^\\?[A-Za-z_][A-Za-z0-9_]*(\\[A-Za-z_][A-Za-z0-9_]*)*$/;
const lowerClass = (name: string) => name.replace(/^\\/, '').toLowerCase();
const constantKey = (name: string) => {
  const fq = name.replace(/^\\/, '');
  const slash = fq.lastIndexOf('\\');
  return slash < 0 ? fq : `${fq.slice(0, slash).toLowerCase()}\\${fq.slice(slash + 1)}`;
};

/** Words of an identifier, split at underscores and lower-to-upper case changes (no lookbehind: older Safari lacks it). */
const wordCount = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split('_')
    .filter((word) => word !== '').length;

function buildIndex(changes: readonly ApiChange[]): ChangeIndex {
  const index: ChangeIndex = {
    functions: new Map(),
    classes: new Map(),
    members: new Map(),
    methodNames: new Map(),
    constants: new Map(),
    objectProperties: new Map(),
    strings: new Map(),
    tables: new Map(),
    callbackSuffixes: [],
    callbackNames: new Map(),
    aliases: new Map(),
    unsearchable: [],
  };

  // Alias groups first: a class moved or renamed is the same class under either name.
  const group = new Map<string, Set<string>>();
  const join = (a: string, b: string) => {
    const merged = new Set([...(group.get(a) ?? [a]), ...(group.get(b) ?? [b])]);
    for (const name of merged) {
      group.set(name, merged);
    }
  };
  for (const change of changes) {
    if ((change.kind === 'class' || change.kind === 'hook') && (change.change === 'moved' || change.change === 'renamed') && change.replacement) {
      if (qualifiedName.test(change.name) && qualifiedName.test(change.replacement)) {
        join(lowerClass(change.name), lowerClass(change.replacement));
      }
    }
  }
  for (const [name, names] of group) {
    index.aliases.set(name, [...names]);
  }
  const groupOf = (cls: string) => [...(group.get(cls) ?? [cls])].sort()[0];

  for (const change of changes) {
    const name = change.name.trim();
    const member = /^(\\?[A-Za-z_][\w\\]*)(::|->)(\$?[A-Za-z_]\w*)(\(\))?$/.exec(name);
    const objectProperty = /^(\$[A-Za-z_]\w*)->([A-Za-z_]\w*)$/.exec(name);
    switch (change.kind) {
      case 'function':
      case 'method':
      case 'constant':
      case 'property':
        if (objectProperty) {
          add(index.objectProperties, name, change);
        } else if (member && qualifiedName.test(member[1])) {
          const cls = lowerClass(member[1]);
          const memberName = member[3];
          let key: string;
          if (memberName.startsWith('$')) {
            key = `${cls}::${memberName}`;
          } else if (change.kind === 'constant') {
            key = `${cls}::${memberName}`;
          } else if (change.kind === 'property') {
            key = `${cls}::$${memberName}`;
          } else {
            key = `${cls}::${memberName.toLowerCase()}()`;
            const byName = index.methodNames.get(memberName.toLowerCase()) ?? { groups: new Set<string>(), changes: [] };
            byName.groups.add(groupOf(cls));
            byName.changes.push(change);
            index.methodNames.set(memberName.toLowerCase(), byName);
          }
          add(index.members, key, change);
        } else if (qualifiedName.test(stripCall(name)) && change.kind === 'function') {
          add(index.functions, lowerClass(stripCall(name)), change);
        } else if (qualifiedName.test(name) && change.kind === 'constant') {
          add(index.constants, constantKey(name), change);
        } else {
          index.unsearchable.push(change);
        }
        break;
      case 'class':
      case 'hook':
        if (qualifiedName.test(name)) {
          add(index.classes, lowerClass(name), change);
        } else {
          index.unsearchable.push(change);
        }
        break;
      case 'setting':
        if (objectProperty) {
          add(index.objectProperties, name, change);
        } else if (/^[a-z][a-z0-9_]*\/[A-Za-z0-9_]+$/.test(name)) {
          add(index.strings, name, change);
        } else {
          index.unsearchable.push(change);
        }
        break;
      case 'capability':
      case 'template':
      case 'js-module':
      case 'web-service':
        add(index.strings, name, change);
        break;
      case 'callback': {
        const callback = stripCall(name);
        if (/^\*_?[A-Za-z_]\w*$/.test(callback)) {
          const suffix = callback.slice(1).toLowerCase();
          index.callbackSuffixes.push({ suffix: suffix.startsWith('_') ? suffix : `_${suffix}`, change });
        } else if (/^[A-Za-z_]\w*$/.test(callback)) {
          add(index.callbackNames, callback.toLowerCase(), change);
        } else {
          index.unsearchable.push(change);
        }
        break;
      }
      case 'database-table':
        if (/^[a-z][a-z0-9_]*$/.test(name)) {
          add(index.tables, name, change);
        } else {
          index.unsearchable.push(change);
        }
        break;
      default:
        // Database fields (no telling which table a field name in code belongs to) and CLI options.
        index.unsearchable.push(change);
    }
  }
  return index;
}

/* ------------------------------------------------------------------ scanning */

interface RawFinding {
  offset: number;
  name: string;
  change: ApiChange;
  certain: boolean;
}

interface PluginContext {
  index: ChangeIndex;
  arrowCalls: ArrowCalls;
  /** Lower-case names of every function and method the plugin's PHP declares. */
  declared: Set<string>;
  /** Prefixes a callback may have (lower case), or null when any prefix will do. */
  callbackPrefixes: string[] | null;
}

const report = (out: RawFinding[], changes: ApiChange[] | undefined, offset: number, name: string, certain = true) => {
  for (const change of changes ?? []) {
    out.push({ offset, name, change, certain });
  }
};

const sqlWords = /\b(select|from|join|update|insert|delete|where|into)\b/i;
const isPunct = (token: Token | undefined, text: string) => token?.type === 'punct' && token.text === text;
const isWord = (token: Token | undefined, ...words: string[]) => token?.type === 'name' && words.includes(token.text.toLowerCase());

interface ClassScope {
  /** Brace depth of the class body. */
  depth: number;
  /** The class it directly extends (lower case, fully qualified), if any. */
  parent?: string;
}

function scanPhp(source: string, tokens: Token[], context: PluginContext, out: RawFinding[]): void {
  const { index } = context;
  let namespace = '';
  const classImports = new Map<string, string>();
  const functionImports = new Map<string, string>();
  const constantImports = new Map<string, string>();
  const classes: ClassScope[] = [];
  let pendingClass: { parent?: string } | undefined;
  let braces = 0;
  const attributes: number[] = [];
  let brackets = 0;

  const resolveClass = (written: string): string => {
    const lower = written.toLowerCase();
    if (lower.startsWith('\\')) {
      return lower.slice(1);
    }
    if (lower.startsWith('namespace\\')) {
      return namespace ? `${namespace}\\${lower.slice(10)}` : lower.slice(10);
    }
    const slash = lower.indexOf('\\');
    const first = slash < 0 ? lower : lower.slice(0, slash);
    const imported = classImports.get(first);
    if (imported !== undefined) {
      return imported + (slash < 0 ? '' : lower.slice(slash));
    }
    return namespace ? `${namespace}\\${lower}` : lower;
  };
  const resolveFunction = (written: string): string[] => {
    const lower = written.toLowerCase();
    if (lower.startsWith('\\') || lower.includes('\\')) {
      return [resolveClass(written)];
    }
    const imported = functionImports.get(lower);
    if (imported !== undefined) {
      return [imported];
    }
    return namespace ? [`${namespace}\\${lower}`, lower] : [lower];
  };
  const resolveConstant = (written: string): string[] => {
    if (written.startsWith('\\')) {
      return [constantKey(written)];
    }
    if (written.includes('\\')) {
      const slash = written.lastIndexOf('\\');
      return [`${resolveClass(written.slice(0, slash))}\\${written.slice(slash + 1)}`];
    }
    const imported = constantImports.get(written);
    if (imported !== undefined) {
      return [constantKey(imported)];
    }
    return namespace ? [`${namespace}\\${written}`, written] : [written];
  };
  /** The changes of a member of a class, under any name of the class's alias group. */
  const memberChanges = (cls: string, member: string): ApiChange[] => {
    const result: ApiChange[] = [];
    for (const name of index.aliases.get(cls) ?? [cls]) {
      result.push(...(index.members.get(`${name}::${member}`) ?? []));
    }
    return result;
  };
  const currentClass = (): ClassScope | undefined => classes[classes.length - 1];
  const inClassBody = () => currentClass()?.depth === braces;

  /** Reads a `use` statement at `start` (the `use` token); returns the index of its `;`. */
  const readUse = (start: number): number => {
    let j = start + 1;
    let kind: 'class' | 'function' | 'const' = 'class';
    if (isWord(tokens[j], 'function', 'const')) {
      kind = tokens[j].text.toLowerCase() as 'function' | 'const';
      j++;
    }
    const register = (token: Token, fq: string, alias: string, itemKind: typeof kind) => {
      if (itemKind === 'function') {
        functionImports.set(alias.toLowerCase(), fq.toLowerCase());
        report(out, index.functions.get(fq.toLowerCase()), token.start, token.text);
      } else if (itemKind === 'const') {
        constantImports.set(alias, fq);
        report(out, index.constants.get(constantKey(fq)), token.start, token.text);
      } else {
        classImports.set(alias.toLowerCase(), fq.toLowerCase());
        report(out, index.classes.get(fq.toLowerCase()), token.start, token.text);
      }
    };
    /** Reads `name [as alias]` at j; returns the index after it. */
    const readItem = (k: number, prefix: string, itemKind: typeof kind): number => {
      let item = k;
      let ownKind = itemKind;
      if (isWord(tokens[item], 'function', 'const')) {
        ownKind = tokens[item].text.toLowerCase() as 'function' | 'const';
        item++;
      }
      const token = tokens[item];
      if (token?.type !== 'name') {
        return item + 1;
      }
      const fq = (prefix + token.text).replace(/^\\/, '');
      let alias = fq.slice(fq.lastIndexOf('\\') + 1);
      let after = item + 1;
      if (isWord(tokens[after], 'as') && tokens[after + 1]?.type === 'name') {
        alias = tokens[after + 1].text;
        after += 2;
      }
      register(token, fq, alias, ownKind);
      return after;
    };
    while (j < tokens.length) {
      const token = tokens[j];
      if (token.type === 'name' && token.text.endsWith('\\') && isPunct(tokens[j + 1], '{')) {
        const prefix = token.text;
        j += 2;
        while (j < tokens.length && !isPunct(tokens[j], '}')) {
          j = isPunct(tokens[j], ',') ? j + 1 : readItem(j, prefix, kind);
        }
        j++;
      } else {
        j = readItem(j, '', kind);
      }
      if (isPunct(tokens[j], ',')) {
        j++;
        continue;
      }
      break;
    }
    while (j < tokens.length && !isPunct(tokens[j], ';')) {
      j++;
    }
    return j;
  };

  /** `->name(` (or `->name` not called, which is left to the variable's own check). */
  const arrowCall = (i: number) => {
    const token = tokens[i];
    if (!isPunct(tokens[i + 1], '(')) {
      return;
    }
    const method = `${token.text.toLowerCase()}()`;
    // The receiver as written, when it is a variable and property names: `$OUTPUT`, `$this->page->requires`.
    let j = i - 2;
    const properties: string[] = [];
    while (tokens[j]?.type === 'name' && isPunct(tokens[j - 1], '->')) {
      properties.unshift(tokens[j].text);
      j -= 2;
    }
    let receivers: string[] | undefined;
    let from = tokens[i - 1].start;
    const variable = tokens[j];
    if (variable?.type === 'variable' && !isPunct(tokens[j - 1], '->') && !isPunct(tokens[j - 1], '::')) {
      const chain = [variable.text, ...properties].join('->');
      if (chain === '$this') {
        const parent = currentClass()?.parent;
        receivers = parent ? [parent] : [];
      } else {
        receivers = knownObjects[chain];
      }
      if (receivers) {
        from = variable.start;
      }
    }
    const written = source.slice(from, token.end);
    if (receivers && receivers.length > 0) {
      for (const receiver of receivers) {
        report(out, memberChanges(receiver, method), from, written);
      }
      return;
    }
    if (receivers) {
      // A known object, or $this (the plugin's own class or what it extends): its class is
      // known, so a method of another class with that name is not what it calls.
      return;
    }
    const byName = index.methodNames.get(token.text.toLowerCase());
    if (!byName || context.arrowCalls === 'off') {
      return;
    }
    const distinctive = byName.groups.size === 1 && wordCount(token.text) >= 2 && !context.declared.has(token.text.toLowerCase());
    if (context.arrowCalls === 'all' || distinctive) {
      const at = tokens[i - 1].start;
      report(out, byName.changes, at, source.slice(at, token.end), false);
    }
  };

  /** `Name::member`: the class, then the method, constant or static property. */
  const staticAccess = (i: number) => {
    const token = tokens[i];
    const lower = token.text.toLowerCase();
    let owners: string[];
    if (lower === 'self' || lower === 'static' || lower === 'parent') {
      const parent = currentClass()?.parent;
      owners = parent ? [parent] : [];
    } else {
      const cls = resolveClass(token.text);
      report(out, index.classes.get(cls), token.start, token.text);
      owners = [cls];
    }
    const member = tokens[i + 2];
    if (!member || owners.length === 0) {
      return;
    }
    let key: string | undefined;
    if (member.type === 'variable') {
      key = member.text;
    } else if (member.type === 'name' && member.text.toLowerCase() !== 'class') {
      key = isPunct(tokens[i + 3], '(') ? `${member.text.toLowerCase()}()` : member.text;
    }
    if (key !== undefined) {
      for (const owner of owners) {
        report(out, memberChanges(owner, key), token.start, source.slice(token.start, member.end));
      }
    }
  };

  const stringValue = (i: number) => {
    const token = tokens[i];
    const raw = token.raw ?? '';
    const rawStart = token.rawStart ?? token.start;
    // SQL: `{table}` in a string that reads as SQL, interpolated or not. Not in other strings:
    // backup's decode rules write `{course_module}` for an id mapping, not a table.
    if (index.tables.size > 0 && raw.includes('{') && sqlWords.test(raw)) {
      for (const match of raw.matchAll(/\{([a-z][a-z0-9_]*)\}/g)) {
        report(out, index.tables.get(match[1]), rawStart + match.index, match[0]);
      }
    }
    const value = token.value;
    if (value === undefined) {
      return;
    }
    report(out, index.strings.get(value), rawStart, raw);
    if (qualifiedName.test(value) && value.replace(/^\\/, '').includes('\\')) {
      report(out, index.classes.get(lowerClass(value)), rawStart, raw);
    }
    const callback = /^(\\?[A-Za-z_][\w\\]*)::([A-Za-z_]\w*)$/.exec(value);
    if (callback && qualifiedName.test(callback[1])) {
      report(out, memberChanges(lowerClass(callback[1]), `${callback[2].toLowerCase()}()`), rawStart, raw);
    }
    if (
      isPunct(tokens[i - 1], '(') &&
      tokens[i - 2]?.type === 'name' &&
      isPunct(tokens[i - 3], '->') &&
      tokens[i - 4]?.type === 'variable' &&
      tokens[i - 4].text === '$DB'
    ) {
      report(out, index.tables.get(value), rawStart, raw);
    }
  };

  const functionCall = (i: number) => {
    const token = tokens[i];
    for (const name of resolveFunction(token.text)) {
      report(out, index.functions.get(name), token.start, token.text);
    }
    // get_config('component', 'name'): the setting component/name ($CFG->name for core).
    if (/^\\?get_config$/i.test(token.text) && tokens[i + 2]?.type === 'string' && isPunct(tokens[i + 3], ',') && tokens[i + 4]?.type === 'string' && isPunct(tokens[i + 5], ')')) {
      const component = tokens[i + 2].value;
      const setting = tokens[i + 4].value;
      if (component !== undefined && setting !== undefined) {
        const written = source.slice(token.start, tokens[i + 5].end);
        const settings = (index.strings.get(`${component}/${setting}`) ?? []).filter((change) => change.kind === 'setting');
        report(out, settings, token.start, written);
        if (component === 'core' || component === 'moodle') {
          report(out, index.objectProperties.get(`$CFG->${setting}`), token.start, written);
        }
      }
    }
  };

  const declaration = (i: number) => {
    const token = tokens[i];
    if (classes.length > 0) {
      return;
    }
    const lower = token.text.toLowerCase();
    report(out, index.callbackNames.get(lower), token.start, token.text);
    for (const { suffix, change } of index.callbackSuffixes) {
      if (lower.endsWith(suffix) && lower.length > suffix.length) {
        const prefix = lower.slice(0, -suffix.length);
        if (context.callbackPrefixes === null || context.callbackPrefixes.includes(prefix)) {
          report(out, [change], token.start, token.text);
        }
      }
    }
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    if (token.type === 'punct') {
      switch (token.text) {
        case '{':
          braces++;
          if (pendingClass) {
            classes.push({ depth: braces, parent: pendingClass.parent });
            pendingClass = undefined;
          }
          break;
        case '}':
          if (currentClass()?.depth === braces) {
            classes.pop();
          }
          braces--;
          break;
        case '#[':
          attributes.push(brackets);
          brackets++;
          break;
        case '[':
          brackets++;
          break;
        case ']':
          brackets--;
          if (attributes[attributes.length - 1] === brackets) {
            attributes.pop();
          }
          break;
      }
      continue;
    }
    if (token.type === 'string') {
      stringValue(i);
      continue;
    }
    if (token.type === 'variable') {
      // $CFG->name, $PAGE->name: a property read or written, not a method called.
      if (isPunct(next, '->') && tokens[i + 2]?.type === 'name' && !isPunct(tokens[i + 3], '(') && !isPunct(previous, '->') && !isPunct(previous, '::')) {
        const written = `${token.text}->${tokens[i + 2].text}`;
        report(out, index.objectProperties.get(written), token.start, source.slice(token.start, tokens[i + 2].end));
      }
      continue;
    }
    if (token.type !== 'name') {
      continue;
    }
    const lower = token.text.toLowerCase();
    if (isPunct(previous, '->') || isPunct(previous, '?->')) {
      arrowCall(i);
      continue;
    }
    if (isPunct(previous, '::')) {
      continue;
    }
    if (lower === 'namespace' && next?.type === 'name') {
      namespace = next.text.toLowerCase().replace(/^\\/, '');
      i++;
      continue;
    }
    if (lower === 'namespace' && isPunct(next, '{')) {
      namespace = '';
      continue;
    }
    if (lower === 'use' && !inClassBody() && !isPunct(next, '(')) {
      i = readUse(i);
      continue;
    }
    if ((lower === 'class' || lower === 'interface' || lower === 'trait' || lower === 'enum') && !isPunct(previous, '::')) {
      pendingClass = {};
      if (next?.type === 'name' && !isWord(next, 'extends', 'implements')) {
        i++;
      }
      continue;
    }
    if (isWord(previous, 'function') || (isPunct(previous, '&') && isWord(tokens[i - 2], 'function'))) {
      declaration(i);
      continue;
    }
    if (isWord(previous, 'const', 'goto') || (isPunct(next, ':') && (isPunct(previous, '(') || isPunct(previous, ',')))) {
      // A constant's declaration, a jump label, a named argument.
      continue;
    }
    if (isWord(previous, 'extends') && pendingClass && pendingClass.parent === undefined) {
      pendingClass.parent = resolveClass(token.text);
    }
    const attributeName = attributes.length > 0 && attributes[attributes.length - 1] === brackets - 1 && (isPunct(previous, '#[') || isPunct(previous, ','));
    if (isPunct(next, '(') && !isWord(previous, 'new') && !attributeName) {
      functionCall(i);
    } else if (isPunct(next, '::')) {
      staticAccess(i);
    } else {
      // A class in any other place (new, extends, a type, instanceof, catch, an attribute), or a constant.
      report(out, index.classes.get(resolveClass(token.text)), token.start, token.text);
      for (const key of resolveConstant(token.text)) {
        report(out, index.constants.get(key), token.start, token.text);
      }
    }
  }
}

function scanJs(tokens: Token[], context: PluginContext, out: RawFinding[]): void {
  for (const token of tokens) {
    if (token.type === 'string' && token.value !== undefined) {
      report(out, context.index.strings.get(token.value), token.rawStart ?? token.start, token.raw ?? token.text);
    }
  }
}

function scanMustache(source: string, context: PluginContext, out: RawFinding[]): void {
  const { tags, scripts } = lexMustache(source);
  for (const tag of tags) {
    if (tag.sigil === '>' || tag.sigil === '<') {
      const templates = (context.index.strings.get(tag.name) ?? []).filter((change) => change.kind === 'template');
      report(out, templates, tag.nameStart, tag.name);
    }
  }
  for (const script of scripts) {
    scanJs(lexJs(source, script.start, script.end), context, out);
  }
}

/** Offsets of the start of each line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return { line: low + 1, column: offset - starts[low] + 1 };
}

/** The prefixes a callback function of the plugin may have, from version.php's `$plugin->component`. */
function callbackPrefixes(files: readonly PluginFile[]): string[] | null {
  const version = files.find((file) => file.path === 'version.php');
  const component = version ? /\$plugin->component\s*=\s*['"]([a-z][a-z0-9_]*)['"]/.exec(version.text)?.[1] : undefined;
  if (!component) {
    return null;
  }
  // An activity module's callbacks drop the mod_ prefix (assign_extend_navigation…).
  return component.startsWith('mod_') ? [component, component.slice(4)] : [component];
}

/**
 * Every use of a changed name in the files: `changes` is the list to look for (already narrowed
 * to a version range by the caller, see changesBetween). Files the scanner does not read (see
 * skipReason) are listed in `skipped`.
 */
export function scanPlugin(files: readonly PluginFile[], changes: readonly ApiChange[], options: ScanOptions = {}): ScanResult {
  const index = buildIndex(changes);
  const arrowCalls = options.arrowCalls ?? 'distinctive';
  const skipped: SkippedFile[] = [];
  const read: { file: PluginFile; language: ScanLanguage }[] = [];
  for (const file of files) {
    const reason = skipReason(file.path) ?? (file.text.length > maxFileBytes ? 'larger than 1 MB' : null);
    const language = fileLanguage(file.path);
    if (reason !== null || language === null) {
      skipped.push({ path: file.path, reason: reason ?? 'not PHP, JavaScript or Mustache' });
    } else {
      read.push({ file, language });
    }
  }
  // The names the plugin declares, for the method-name rule. Each file is tokenised again in
  // the scan below rather than keeping every file's tokens: holding them all at once costs more
  // in garbage collection than lexing twice.
  const declared = new Set<string>();
  if (arrowCalls === 'distinctive' && index.methodNames.size > 0) {
    for (const { file } of read.filter((entry) => entry.language === 'php')) {
      const tokens = lexPhp(file.text);
      tokens.forEach((token, i) => {
        if (token.type === 'name' && (isWord(tokens[i - 1], 'function') || (isPunct(tokens[i - 1], '&') && isWord(tokens[i - 2], 'function')))) {
          declared.add(token.text.toLowerCase());
        }
      });
    }
  }
  const context: PluginContext = { index, arrowCalls, declared, callbackPrefixes: callbackPrefixes(files) };
  const findings: ScanFinding[] = [];
  for (const { file, language } of read) {
    const raw: RawFinding[] = [];
    if (language === 'php') {
      scanPhp(file.text, lexPhp(file.text), context, raw);
    } else if (language === 'javascript') {
      scanJs(lexJs(file.text), context, raw);
    } else {
      scanMustache(file.text, context, raw);
    }
    if (raw.length === 0) {
      continue;
    }
    const starts = lineStarts(file.text);
    // The same change reached twice at one place (a class under two names of its alias group) counts once.
    const seen = new Map<number, Set<ApiChange>>();
    for (const finding of raw) {
      const here = seen.get(finding.offset) ?? new Set<ApiChange>();
      if (here.has(finding.change)) {
        continue;
      }
      here.add(finding.change);
      seen.set(finding.offset, here);
      findings.push({ path: file.path, ...position(starts, finding.offset), name: finding.name, change: finding.change, certain: finding.certain });
    }
  }
  findings.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
  return { findings, scanned: read.length, skipped, unsearchable: index.unsearchable };
}
