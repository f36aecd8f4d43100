/**
 * Reads Moodle's structured upgrade notes (the UPGRADING.md files of 4.5 and later) and derives
 * API change entries from them: which name changed, of what kind, how, in which version, under
 * which tracker key, and what replaces it.
 *
 * The notes are free text inside a fixed frame: `## <version>` sections, `### <component>`
 * sections (in the root file; a component's own file names its component in its title), `####`
 * subsections "Added", "Changed", "Deprecated", "Removed", "Fixed", and one bullet per note
 * ending in "For more information see [MDL-n](…)". Names are read from the note by rules
 * (code spans, `name()`, `Class::method()`, namespaced names, rename tables, nested lists);
 * the entry's note is written by a rule in this project's words, never copied.
 *
 * Pure: no file system. scripts/import-changes.ts finds and reads the files.
 */
import { compareVersions } from '../moodleReleases';
import { compareCodeUnits } from '../textOrder';
import { changeKey, isExcluded } from './checks';
import { apiChangeKindLabels, type ApiChange, type ApiChangeExclusion, type ApiChangeKind, type ApiChangeSource, type ApiChangeType } from './types';

export interface NotesFile {
  /** Path inside the repository, as `source.path` records it. */
  path: string;
  text: string;
  /**
   * The commit this file was read at, when the files of one import come from different commits (a folder of
   * files collected one by one, each at the newest version a source holds). Without it, the import's commit.
   */
  commit?: string;
}

/** Something the importer could not read, with the file and line to look at. */
export interface ImportWarning {
  file: string;
  line: number;
  message: string;
  /** The version section the line is in, when there is one: an import limited to some series reports only theirs. */
  version?: string;
}

/** One bullet of the notes, with everything its frame says about it. */
export interface Note {
  file: string;
  /** Line of the bullet's first line (1-based). */
  line: number;
  /** The version heading as written ("5.0.6+", "5.2dev"). */
  heading: string;
  /** The version the change first ships in ("5.0.7", "5.2"). */
  version: string;
  component: string;
  /**
   * The class a `### core\task\manager` heading names in place of a component: its notes are about that class's
   * members, and the component is the heading's first segment.
   */
  container?: string;
  subsection: NoteSubsection;
  /** The bullet's text without the "For more information" line, lines joined with \n. */
  text: string;
  issue?: string;
}

export const noteSubsections = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed'] as const;
export type NoteSubsection = (typeof noteSubsections)[number];

/** What a subsection means for the names its notes mention. "Fixed" notes change behaviour. */
const subsectionChange: Record<NoteSubsection, ApiChangeType> = {
  Added: 'added',
  Changed: 'changed',
  Deprecated: 'deprecated',
  Removed: 'removed',
  Fixed: 'changed',
};

/**
 * The version a heading stands for: "5.0" and "5.0.3" as written; "5.0.6+" (the stable branch
 * after 5.0.6) ships in 5.0.7; "5.2dev", "4.5rc1" (the main branch before 5.2, 4.5) ship in 5.2, 4.5.
 */
export function versionOfHeading(heading: string): string | undefined {
  const match = /^(\d+\.\d+)(?:\.(\d+))?(\+|(?:dev|alpha|beta|rc)\d*\+?)?$/.exec(heading.trim());
  if (!match) {
    return undefined;
  }
  const [, series, patch, suffix] = match;
  if (suffix && /^(dev|alpha|beta|rc)/.test(suffix)) {
    return patch === undefined ? series : undefined;
  }
  if (suffix === '+') {
    return `${series}.${Number(patch ?? 0) + 1}`;
  }
  return patch === undefined ? series : `${series}.${patch}`;
}

/** The component a file's title names: "# mod_quiz Upgrade notes", "# core (subsystem) Upgrade notes"; undefined for the root file. */
function titleComponent(title: string): string | null | undefined {
  if (/^Moodle Upgrade notes$/i.test(title)) {
    return null;
  }
  const match = /^([a-z][a-z0-9_]*)(?: \([^)]*\))? Upgrade notes$/i.exec(title);
  return match ? match[1] : undefined;
}

const componentPattern = /^[a-z][a-z0-9]*(_[a-z0-9_]*[a-z0-9])?$/;

const issueLine = /^\s*For more information see \[(MDL-\d+)\]\([^)]*\)\s*$/;

/**
 * Splits one UPGRADING.md into notes. A file whose title is not that of Moodle's upgrade notes
 * (a bundled library's own UPGRADING.md) gives no notes and one warning.
 */
export function parseNotesFile(file: NotesFile): { notes: Note[]; warnings: ImportWarning[] } {
  const lines = file.text.replace(/\r\n?/g, '\n').split('\n');
  const notes: Note[] = [];
  const warnings: ImportWarning[] = [];
  let version: string | undefined;
  const warn = (line: number, message: string) => warnings.push({ file: file.path, line, message, ...(version ? { version } : {}) });

  const titleIndex = lines.findIndex((line) => /^#\s/.test(line));
  const title = titleIndex >= 0 ? lines[titleIndex].replace(/^#\s+/, '').trim() : '';
  const fileComponent = titleComponent(title);
  if (fileComponent === undefined) {
    warn(titleIndex + 1 || 1, `not Moodle upgrade notes (the title is ${JSON.stringify(title)}, not "Moodle Upgrade notes" or "<component> Upgrade notes"); skipped`);
    return { notes, warnings };
  }
  // The root file nests notes as ## version / ### component / #### subsection; a component's file as ## version / ### subsection.
  const subsectionLevel = fileComponent === null ? 4 : 3;

  let heading: string | undefined;
  let component: string | undefined = fileComponent ?? undefined;
  let container: string | undefined;
  let subsection: NoteSubsection | undefined;
  let skipping = false;
  let current: { line: number; body: string[] } | undefined;
  let inFence = false;

  const finish = () => {
    if (!current) {
      return;
    }
    const body = current.body;
    let issue: string | undefined;
    const keyIndex = body.findIndex((line) => issueLine.test(line));
    if (keyIndex >= 0) {
      issue = issueLine.exec(body[keyIndex])?.[1];
    } else {
      warn(current.line, 'the note gives no tracker key ("For more information see [MDL-…]"); imported without one');
    }
    const text = body
      .filter((line) => !issueLine.test(line))
      .join('\n')
      .trim();
    if (version && component && subsection) {
      notes.push({ file: file.path, line: current.line, heading: heading ?? version, version, component, ...(container ? { container } : {}), subsection, text, issue });
    }
    current = undefined;
  };

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
    }
    const headingMatch = inFence ? null : /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    if (headingMatch) {
      finish();
      const level = headingMatch[1].length;
      const text = headingMatch[2];
      if (level === 2) {
        heading = text;
        version = versionOfHeading(text);
        component = fileComponent ?? undefined;
        container = undefined;
        subsection = undefined;
        skipping = false;
        if (!version) {
          warn(lineNumber, `"## ${text}" is not a version heading ("## 5.0", "## 5.0.3", "## 5.0.6+", "## 5.2dev"); its notes are skipped`);
          skipping = true;
        }
      } else if (level === 3 && subsectionLevel === 4) {
        component = text;
        container = undefined;
        subsection = undefined;
        // "### core\task\manager": a namespaced class written where the component goes. Its notes are about its
        // members; the component is the first segment.
        const classHeading = /^([a-z][a-z0-9_]*)((?:\\[a-z_][a-z0-9_]*)+)$/.exec(text);
        if (classHeading && componentPattern.test(classHeading[1])) {
          component = classHeading[1];
          container = `\\${text}`;
        }
        // A plain plugin type ("### mod") holds notes for every plugin of that type.
        if (!componentPattern.test(component)) {
          warn(lineNumber, `"### ${text}" is not a component name (core, core_course, mod_quiz) or a plugin type (mod); its notes are skipped`);
          component = undefined;
        }
      } else if (level === subsectionLevel) {
        subsection = (noteSubsections as readonly string[]).includes(text) ? (text as NoteSubsection) : undefined;
        if (!subsection) {
          warn(lineNumber, `"${headingMatch[1]} ${text}" is not a known subsection (${noteSubsections.join(', ')}); its notes are skipped`);
        }
      } else if (level > 1) {
        warn(lineNumber, `unexpected heading "${line.trim()}" here; the notes under it are skipped until the next known heading`);
        subsection = undefined;
      }
      return;
    }
    if (!inFence && /^- /.test(line)) {
      finish();
      if (!version && !skipping) {
        warn(lineNumber, 'a note before any version heading ("## 5.0"); skipped');
        return;
      }
      if (skipping || !subsection || !component) {
        return;
      }
      current = { line: lineNumber, body: [line.slice(2)] };
      return;
    }
    if (current) {
      current.body.push(line.replace(/^ {2}/, ''));
    } else if (!inFence && line.trim() && !skipping && (version || subsection) && titleIndex !== index && !/^(This file|More detailed|The format of)/.test(line)) {
      if (subsection && version && component) {
        warn(lineNumber, 'text outside any note (a note starts with "- "); skipped');
      }
    }
  });
  finish();
  const versionHeadings = lines.filter((line) => /^## /.test(line));
  if (versionHeadings.length === 0 && lines.some((line) => /^- /.test(line))) {
    warn(1, 'no version heading ("## 5.0") in the file; none of its notes can be dated, so none is imported');
  }
  return { notes, warnings };
}

/* ------------------------------------------------------------------------------------------ */
/* Names in a note                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** A name found in a note: what was written, where, and what it is. */
interface Candidate {
  raw: string;
  /** Offset in the text the candidate was found in. */
  start: number;
  end: number;
  quoted: boolean;
}

interface Classified {
  name: string;
  kind: ApiChangeKind;
  /** The class a method or member belongs to, when the name gives it. */
  className?: string;
}

/** Words that say what kind of name stands next to them, singular and plural. */
const kindWords: [RegExp, ApiChangeKind | 'skip'][] = [
  [/^(external|web ?service|service|services|ws|webservices?)$/i, 'web-service'],
  // "The `course_badges` systemreport", "the 'x' and 'y' contructors" (sic): classes.
  [/^(class|classes|trait|traits|interface|interfaces|enum|enums|exporter|exporters|widget|renderable|testcase|exception|exceptions|event|events|systemreports?|constructors?|contructors?)$/i, 'class'],
  [/^(method|methods)$/i, 'method'],
  [/^(function|functions)$/i, 'function'],
  [/^(constant|constants)$/i, 'constant'],
  // "The `$timeout` property of the `\navigation_cache` class": read with the class it belongs to (deriveFromSentence).
  [/^(property|properties|member)$/i, 'property'],
  [/^(hook|hooks)$/i, 'hook'],
  [/^(callback|callbacks)$/i, 'callback'],
  [/^(capability|capabilities)$/i, 'capability'],
  [/^(setting|settings|config)$/i, 'setting'],
  [/^(template|templates|mustache)$/i, 'template'],
  [/^(module|modules|amd|esm|javascript|js)$/i, 'js-module'],
  [/^(parameter|parameters|param|params|argument|arguments|attribute|attributes|field|fields|column|columns|option|options|key|keys|selector|selectors|variable|variables|string|strings|value|values|flag|table|tables|file|files|step|steps|generator|filter|filters|state|states|element|elements|icon|icons|class-name|scss|css|api|apis|page|pages|script|scripts|library|plugin|plugins|subsystem|activity)$/i, 'skip'],
];

// "calling code should instead call `x()`" names x as the replacement as plainly as "use `x()`" does.
const replacementPhrase =
  /\b(?:use|using|in favou?r of|replaced (?:by|with)|replacement (?:is|being)|super[cs]eded by|moved (?:in)?to|renamed (?:to|as)|migrate to|switch to|should be used|accessed via|refer to|instead call)\b|→|=>/i;

/** Plain words that stand before "setting" without naming one: "the default setting", "this setting". */
const notSettingNames = new Set(['the', 'this', 'that', 'a', 'an', 'new', 'old', 'default', 'site', 'admin', 'global', 'plugin', 'theme', 'same', 'following', 'config', 'its', 'their', 'each', 'any', 'which', 'user', 'course', 'existing', 'previous', 'legacy', 'experimental', 'related', 'corresponding', 'its', 'own']);

/**
 * Marks code spans so that sentence splitting and bare-name matching leave them alone.
 * `settingWords`: a plain word right before "setting" is a candidate ("The dndmedia setting has been removed"); only
 * notes of deprecations and removals ask for it, where the word can only be the setting's name.
 */
function findCandidates(text: string, options: { settingWords?: boolean } = {}): Candidate[] {
  const candidates: Candidate[] = [];
  const taken: [number, number][] = [];
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const start = match.index ?? 0;
    candidates.push({ raw: match[1], start, end: start + match[0].length, quoted: true });
    taken.push([start, start + match[0].length]);
  }
  // Links: their text may be a name, their address is not.
  for (const match of text.matchAll(/\]\([^)]*\)|https?:\/\/\S+/g)) {
    taken.push([match.index ?? 0, (match.index ?? 0) + match[0].length]);
  }
  const bare = [
    // "The {user_preferences}.value database field": a table or field written in braces, without code marks (not a
    // Mustache variable such as {{num}}).
    /(?<!\{)\{[a-z][a-z0-9_]*\}(?!\})(?:\.[a-z][a-z0-9_]*)?/g,
    // \ns\class, ns\class::member(), Class::member(), Class::CONST, Class::$prop
    /\\?\b[A-Za-z_][A-Za-z0-9_]*(?:\\[A-Za-z_][A-Za-z0-9_]*)+(?:::\$?[A-Za-z_][A-Za-z0-9_]*(?:\((?:\.\.\.|…)?\)(?:->[a-z_][a-z0-9_]*\(\))*)?|\(\))?/g,
    /\b[A-Za-z_][A-Za-z0-9_]*::\$?[A-Za-z_][A-Za-z0-9_]*(?:\((?:\.\.\.|…)?\)(?:->[a-z_][a-z0-9_]*\(\))*)?/g,
    /\$CFG->[a-z0-9_]+/g,
    // "the $grouplist public member": a property, when a word says so (classify).
    /\$[a-z_][a-z0-9_]*\b(?!->)/gi,
    /\b[a-z_][a-z0-9_]*\((?:\.\.\.|…)?\)/g,
    /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g,
    /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g,
  ];
  for (const pattern of bare) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) {
        continue;
      }
      // Part of a path or a longer word: lib/foo_bar.php, mod_quiz/foo, a URL.
      if (/[/.\w-]$/.test(text.slice(Math.max(0, start - 1), start)) && !text.slice(start - 1, start).match(/\s|\(|"|'/)) {
        continue;
      }
      const next = text.slice(end, end + 2);
      // Part of a longer token (a file name, a hyphenated word, Class::member) or a function called with arguments: get_config('x').
      if (/^[./]\w/.test(next) || (next[0] === '-' && next !== '->') || next === '::' || text.slice(start - 2, start) === '::') {
        continue;
      }
      const member = match[0].includes('::');
      if (next[0] === '(' && !match[0].endsWith(')') && !member) {
        continue;
      }
      // Class::method(string $x): the method, whatever its arguments.
      candidates.push({ raw: next[0] === '(' && member && !match[0].endsWith(')') ? `${match[0]}()` : match[0], start, end, quoted: false });
      taken.push([start, end]);
    }
  }
  if (options.settingWords) {
    for (const match of text.matchAll(/\b([a-z][a-z0-9]{3,})(?=\s+setting\b)/g)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (!notSettingNames.has(match[1]) && !taken.some(([from, to]) => start < to && end > from)) {
        candidates.push({ raw: match[1], start, end, quoted: false });
        taken.push([start, end]);
      }
    }
  }
  return candidates.sort((a, b) => a.start - b.start);
}

/** The nearest kind word within a few words before or after a candidate. */
function kindNear(text: string, candidate: Candidate): ApiChangeKind | 'skip' | undefined {
  // Other names and "and"/"or" between a name and its kind word do not count: "`a()`, `b()` and `c()` functions".
  const names = /`[^`]*`|\S*[_\\()]\S*/g;
  const connectors = /(?:^|\s)(?:and|or|&)(?=\s|$)/gi;
  // A clause boundary stops the search: "…, use `x`" does not borrow the kind of the words before the comma.
  const beforeText = text
    .slice(Math.max(0, candidate.start - 80), candidate.start)
    .replace(names, ' ')
    .replace(connectors, ' ')
    .replace(/(\s,)+\s*$/, ' ');
  // A comma right before the name sets it apart, it does not end the clause: "two new strings, `a` and `b`".
  const appositive = beforeText.replace(/,\s*$/, ' ');
  const boundary = Math.max(...[',', ';', '.', ':', '(', '"'].map((mark) => appositive.lastIndexOf(mark)));
  const beforeWords = appositive
    .slice(boundary + 1)
    .split(/[^A-Za-z-]+/)
    .filter(Boolean)
    .slice(-3)
    .reverse();
  const afterText = text
    .slice(candidate.end, candidate.end + 80)
    .replace(/^'s\b/, '')
    .replace(names, ' ')
    .replace(connectors, ' ')
    .replace(/^(\s*,)+/, ' ');
  const afterBoundary = afterText.search(/[,;.:("]/);
  const afterWords = (afterBoundary >= 0 ? afterText.slice(0, afterBoundary) : afterText)
    .split(/[^A-Za-z-]+/)
    .filter(Boolean)
    .slice(0, 2);
  const order: [string | undefined, string | undefined][] = [
    [afterWords[0], beforeWords[0]],
    [beforeWords[0], beforeWords[1]],
    [beforeWords[1], beforeWords[2]],
    [afterWords[1], afterWords[0]],
    [beforeWords[2], undefined],
  ];
  for (const [word, previous] of order) {
    if (!word) {
      continue;
    }
    for (const [pattern, kind] of kindWords) {
      if (pattern.test(word)) {
        // "external function", "webservice function" name a web service; "function" alone a function.
        if (kind === 'function' && /^(external|webservice|service|ws)$/i.test(previous ?? '')) {
          return 'web-service';
        }
        return kind;
      }
    }
  }
  return undefined;
}

const fileExtension = /\.(php|js|mjs|ts|mustache|json|scss|css|yml|yaml|md|txt|xml|feature|html|svg|png)$/i;

export interface NameRules {
  /** Plugin type prefixes ("mod", "block", "tool"…): "mod_quiz" alone is a component, not a name. */
  pluginTypes: ReadonlySet<string>;
}

function isComponentName(name: string, rules: NameRules): boolean {
  if (name === 'core' || /^core_[a-z0-9]+$/.test(name)) {
    return true;
  }
  const match = /^([a-z0-9]+)_([a-z0-9]+)$/.exec(name);
  return !!match && rules.pluginTypes.has(match[1]);
}

/** A class as the conventions write it: namespaced with a leading backslash, global bare. */
/** A web service's name starts with its component: core_course_get_courses, mod_quiz_get_attempt_review. */
function isWebServiceName(name: string, rules: NameRules): boolean {
  const match = /^([a-z0-9]+)_[a-z0-9]+_[a-z0-9_]+$/.exec(name);
  return !!match && (match[1] === 'core' || rules.pluginTypes.has(match[1]));
}

/** The verbs web service names are made of, after their component: core_course_get_contents. */
const webServiceVerb = /^[a-z0-9]+_[a-z0-9]+_(?:[a-z0-9]+_)*(get|set|create|update|delete|add|remove|list|search|submit|view|save|start|process|edit|duplicate|move|toggle|mark|retrieve|enrol|unenrol|send|store|check|load|import|export|execute|reset|restore|copy|validate|upload|prepare|launch|request|confirm|revoke|generate|disable|enable|recalculate|call|report|launch)(_|$)/;

/** PHP's own words, written like functions in notes but never a Moodle name. */
const phpConstructs = new Set([
  'require_once', 'require', 'include', 'include_once', 'isset', 'empty', 'unset', 'array', 'list', 'echo', 'print', 'eval', 'exit', 'die',
  'time', 'date', 'mktime', 'count', 'strlen', 'implode', 'explode', 'json_encode', 'json_decode', 'array_map', 'http_build_query', 'sprintf', 'call_user_func',
]);

function qualify(className: string): string {
  const bare = className.replace(/^\\/, '');
  return bare.includes('\\') ? `\\${bare}` : bare;
}

/**
 * What a candidate names, written by the project's conventions (types.ts and the issue's
 * shared facts), or undefined when it is not a name a plugin uses (a file, a parameter, a value).
 */
function classify(candidate: Candidate, text: string, rules: NameRules, defaultKind?: ApiChangeKind | 'skip'): Classified | undefined {
  let raw = candidate.raw.trim().replace(/^['"]|['"]$/g, '').replace(/[.,;:]+$/, '');
  raw = raw.replace(/\((?:\.\.\.|…|[^()]*\$[^()]*)\)$/, '()');
  // A callback a plugin defines, written with a placeholder for its component: "{plugin name}_before_standard_top_of_body_html",
  // "pluginname_get_deprecated_icons()". The conventions write it *_before_standard_top_of_body_html().
  const callback = /^\\?(?:\{plugin ?name\}|pluginname)_([a-z][a-z0-9_]*)(?:\(\))?$/i.exec(raw);
  if (callback) {
    return { name: `*_${callback[1]}()`, kind: 'callback' };
  }
  if (!raw || /\s/.test(raw) || fileExtension.test(raw) || /^https?:/.test(raw) || /^--?[a-z]/.test(raw) || /^\d/.test(raw)) {
    return undefined;
  }
  if (/[<>=[\]{}"'`,|!?@#%^&*+]/.test(raw.replace(/->/g, '').replace(/^\{([a-z0-9_]+)\}(\.[a-z0-9_]+)?$/, '$1$2'))) {
    return undefined;
  }
  // Placeholders ("format_NAME", "GRADE_TYPE_X", "classname::method") and PHP's own functions are not names.
  if (/\bNAME\b|_X$|^classname::|^pluginname_|^component_|\[/.test(raw) || phpConstructs.has(raw.replace(/\(\)$/, ''))) {
    return undefined;
  }
  const nearWord = kindNear(text, candidate);
  const near = nearWord ?? defaultKind;
  const chain = /^(\\?[A-Za-z_][A-Za-z0-9_\\]*)::[a-z_][a-z0-9_]*\(\)(->[a-z_][a-z0-9_]*\(\))+$/i.exec(raw);
  if (chain) {
    return { name: raw.replace(chain[1], qualify(chain[1])), kind: 'method', className: qualify(chain[1]) };
  }
  const table = /^\{([a-z0-9_]+)\}(?:\.([a-z0-9_]+))?$/.exec(raw);
  if (table) {
    return table[2] ? { name: `${table[1]}.${table[2]}`, kind: 'database-field' } : { name: table[1], kind: 'database-table' };
  }
  if (/^\$CFG->[a-z0-9_]+$/.test(raw)) {
    return { name: raw, kind: 'setting' };
  }
  if (/^\$[A-Z]+->[a-z0-9_]+$/.test(raw)) {
    return { name: raw, kind: 'property' };
  }
  // "The `$timeout` property of …", "the $grouplist public member", "The `$course` class property in …": a property, whose
  // class deriveFromSentence takes from the sentence.
  const propertyNext = /^`?\s+(?:(?:class|public|protected|static)\s+)?(?:property|member)\b/i.test(text.slice(candidate.end, candidate.end + 30));
  if (/^\$[a-z_][a-z0-9_]*$/i.test(raw) && (near === 'property' || propertyNext)) {
    return { name: raw, kind: 'property' };
  }
  if (raw.startsWith('$') || raw.includes('->')) {
    // A parameter or a call on some object: the note does not say whose.
    const method = /^->([a-z_][a-z0-9_]*)\(\)$/i.exec(raw);
    return method ? { name: `${method[1]}()`, kind: 'method' } : undefined;
  }
  if (/^[a-z]+\/[a-z0-9_]+:[a-z0-9_]+$/.test(raw)) {
    return { name: raw, kind: 'capability' };
  }
  if (/^[a-z][a-z0-9_]*\/[a-z0-9_/-]*[a-z0-9_-]$/.test(raw)) {
    if (near === 'template' || near === 'js-module') {
      return { name: raw, kind: near };
    }
    // "Added 2 new settings: - `mod_assign/defaultgradetype`": a plugin's setting, written component/name.
    if (near === 'setting' && /^[a-z][a-z0-9_]*\/[a-z0-9_]+$/.test(raw) && isComponentName(raw.split('/')[0], rules)) {
      return { name: raw, kind: 'setting' };
    }
    if (/\btemplates?\b|\.mustache\b/i.test(text) && !/\b(module|AMD|JavaScript|JS)\b/.test(text)) {
      return { name: raw, kind: 'template' };
    }
    if (/\b(module|AMD|ESM|JavaScript|JS)\b/.test(text) && !/\btemplates?\b/i.test(text)) {
      return { name: raw, kind: 'js-module' };
    }
    return undefined;
  }
  const member = /^(\\?[A-Za-z_][A-Za-z0-9_\\]*)::(\$?)([A-Za-z_][A-Za-z0-9_]*)(\(\))?$/.exec(raw);
  if (member) {
    const [, className, dollar, memberName, call] = member;
    // "menuable_action::interface" in a list of final deprecations: the interface itself, as ::class names a class.
    if (['class', 'interface', 'trait', 'enum'].includes(memberName)) {
      return { name: qualify(className), kind: near === 'hook' || className.includes('\\hook\\') ? 'hook' : 'class' };
    }
    if (dollar || (!call && near === 'property' && /^[a-z]/.test(memberName))) {
      return { name: `${qualify(className)}::$${memberName}`, kind: 'property', className: qualify(className) };
    }
    // "the constructor of the `\mod_assign\output::grading_actionmenu` class": a namespace separator mistyped as "::".
    if (!call && nearWord === 'class' && /^[a-z]/.test(memberName) && className.includes('\\')) {
      return { name: qualify(`${className}\\${memberName}`), kind: 'class' };
    }
    if (!call && /^[A-Z][A-Z0-9_]*$/.test(memberName)) {
      return { name: `${qualify(className)}::${memberName}`, kind: 'constant', className: qualify(className) };
    }
    return { name: `${qualify(className)}::${memberName}()`, kind: 'method', className: qualify(className) };
  }
  // A global name written with a leading backslash (`\core_component`, `\print_error()`) is written bare.
  // "the `\core\exception` namespace", "a new `\core_sms` subsystem": not a class.
  if (/^\s+(namespace|subsystem|plugin|component)s?\b/i.test(text.slice(candidate.end, candidate.end + 14))) {
    return undefined;
  }
  if (/^\\[A-Za-z_][A-Za-z0-9_]*(\(\))?$/.test(raw)) {
    raw = raw.slice(1);
    // `\endecrypt()`: the backslash says global, so a function, whatever the note calls it.
    if (raw.endsWith('()')) {
      return { name: raw, kind: 'function' };
    }
    // Written as a class would be: `\navigation_cache` names a class unless a word says otherwise.
    if (!raw.endsWith('()') && (near === undefined || near === 'class' || near === 'hook' || near === 'skip')) {
      return { name: raw, kind: near === 'hook' ? 'hook' : 'class' };
    }
  }
  if (raw.includes('\\')) {
    if (!/^\\?[A-Za-z_][A-Za-z0-9_]*(\\[A-Za-z_][A-Za-z0-9_]*)+(\(\))?$/.test(raw)) {
      return undefined;
    }
    // "core_renderer\activity_information()": notes write a global class's method this way now and then.
    const sloppy = /^\\?([a-z][a-z0-9_]*)\\([a-z_][a-z0-9_]*)\(\)$/.exec(raw);
    if (sloppy) {
      return { name: `${sloppy[1]}::${sloppy[2]}()`, kind: 'method', className: sloppy[1] };
    }
    const name = qualify(raw);
    if (name.endsWith('()')) {
      return { name, kind: 'function' };
    }
    return { name, kind: near === 'hook' || /\\hook\\/.test(name) ? 'hook' : 'class' };
  }
  if (/^[a-z_][A-Za-z0-9_]*\(\)$/.test(raw)) {
    if (near === 'web-service') {
      return isWebServiceName(raw.slice(0, -2), rules) ? { name: raw.slice(0, -2), kind: 'web-service' } : undefined;
    }
    return { name: raw, kind: near === 'method' ? 'method' : near === 'callback' ? 'callback' : 'function' };
  }
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(raw)) {
    return near === 'skip' ? undefined : { name: raw, kind: 'constant' };
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw)) {
    return undefined;
  }
  // A plain word ("slave", "destroy") is a name only where a word beside it says so, or in a table of names;
  // a component ("mod_choice") is never one.
  if ((!raw.includes('_') && !nearWord && text !== '') || (isComponentName(raw, rules) && nearWord !== 'class')) {
    return undefined;
  }
  switch (near) {
    case 'skip':
    case 'template':
    case 'js-module':
    case 'capability':
      return undefined;
    case 'class':
    case 'hook':
      return { name: raw, kind: near };
    case 'method':
      return { name: `${raw}()`, kind: 'method' };
    case 'function':
    case 'callback':
      return { name: `${raw}()`, kind: near };
    case 'web-service':
      // A web service is named component_function; a bare function name is not enough to name it.
      return isWebServiceName(raw, rules) ? { name: raw, kind: 'web-service' } : undefined;
    case 'setting':
      return { name: raw, kind: 'setting' };
    case 'property':
      // "Added new `gradable` property to …": the class comes from the sentence (deriveFromSentence).
      return { name: `$${raw}`, kind: 'property' };
    case 'constant':
      return /^[A-Z]/.test(raw) ? { name: raw, kind: 'constant' } : undefined;
    default:
      break;
  }
  // No word says what it is. A component-prefixed name that reads as a verb phrase is a web service
  // (core_course_get_course_content_items); another component-prefixed one is a plugin ("block_section_links");
  // any other snake_case name is a function.
  if (!raw.includes('_') || /^[A-Z]/.test(raw)) {
    return undefined;
  }
  const prefix = raw.split('_')[0];
  if (prefix === 'core' || rules.pluginTypes.has(prefix)) {
    return isWebServiceName(raw, rules) && webServiceVerb.test(raw) ? { name: raw, kind: 'web-service' } : undefined;
  }
  return { name: `${raw}()`, kind: 'function' };
}

/* ------------------------------------------------------------------------------------------ */
/* From a note to entries                                                                     */
/* ------------------------------------------------------------------------------------------ */

interface Derived {
  name: string;
  kind: ApiChangeKind;
  change: ApiChangeType;
  replacement?: string;
  /** Why the change differs from the subsection's ("a parameter of it"). */
  detail?: 'parameter';
  /** This name's own replacement, where a sentence pairs several names with as many replacements. */
  pairedReplacement?: string;
}

/** A note's sentences, splitting outside code spans only. */
function sentences(text: string): string[] {
  const masked = text.replace(/`[^`\n]*`/g, (span) => span.replace(/[.!?\n]/g, '\u0001'));
  const parts: string[] = [];
  let from = 0;
  for (const match of masked.matchAll(/[.!?](?=\s+[A-Z`\\]|\s*$)|\n\s*\n/g)) {
    const end = (match.index ?? 0) + match[0].length;
    parts.push(text.slice(from, end));
    from = end;
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** Words that say a sentence itself deprecates or removes something. */
const changeVerb = /\b(deprecat\w*|remov\w*|delet\w*|dropped|no longer|final|unused|obsolete|replaced|super[cs]eded|renamed|moved)\b/i;

/** Words that say the note is about a part of the name (a parameter, a field it returns), not the name. */
const partOfName = /\b(param(eter)?s?|arguments?|properties|property|fields?|columns?|attributes?|return(s|ed)? (type|value|structure)|return structure|signature|passing|options?|default values?)\b/i;

/** The names one sentence (or list item) changes, and what replaces them. */
function deriveFromSentence(
  sentence: string,
  change: ApiChangeType,
  rules: NameRules,
  defaultKind: ApiChangeKind | 'skip' | undefined,
  firstOnly: boolean,
  context: { container?: string; replacedKind?: ApiChangeKind; partial?: boolean } = {},
): { derived: Derived[]; replacement?: string; replacements: string[] } {
  const phrase = replacementPhrase.exec(sentence);
  const candidates = findCandidates(sentence, { settingWords: change === 'deprecated' || change === 'removed' });
  let phraseAt = phrase ? phrase.index : sentence.length;
  // "Call `x()` instead": without a phrase, the name just before "instead" replaces the others.
  // ("… uses MUC instead of storing it in `$SESSION`": "instead of" names what is no longer done, not a replacement.)
  const instead = /\binstead\b(?!\s+of\b)/i.exec(sentence);
  if (!phrase && instead) {
    const before = candidates.filter((candidate) => candidate.end <= instead.index);
    if (before.length > 1 || (before.length === 1 && !changeVerb.test(sentence))) {
      phraseAt = before[before.length - 1].start;
    }
  }
  // Names after "obtained from", "migrated to", "alternative to" are where something is or goes, never what
  // changed: "… is no longer used since the count can be obtained from `x::get_participants()`".
  // ("via" is not one: "aggregation via each column's `set_aggregation()` method" is about that method.)
  const contextAt = /\b(?:obtained from|migrated to|alternative to)\b/i.exec(sentence)?.index ?? sentence.length;
  let container = context.container;
  const subjects: Classified[] = [];
  const subjectStarts: number[] = [];
  let replacement: string | undefined;
  let replacementContainer: string | undefined;
  for (const candidate of candidates) {
    if (candidate.start >= phraseAt) {
      // A replacement no word describes is of the kind of what it replaces: a trait for a trait.
      const classified = classify(candidate, sentence, rules, defaultKind ?? subjects[0]?.kind ?? context.replacedKind);
      const lead = sentence.slice(Math.max(0, candidate.start - 12), candidate.start);
      if (replacement && classified?.kind === 'class' && /\b(in|from|of)\s+(the\s+)?$/i.test(lead)) {
        replacementContainer = classified.name;
      } else {
        replacement ??= classified?.name;
      }
      continue;
    }
    if (candidate.start >= contextAt) {
      continue;
    }
    const classified = classify(candidate, sentence, rules, defaultKind);
    if (!classified) {
      continue;
    }
    // "share_activity() in \core\moodlenet\activity_sender", "the `enrol_plugin` class method `x`": the class holds the methods; it did not change itself.
    const lead = sentence.slice(Math.max(0, candidate.start - 12), candidate.start);
    const tail = sentence.slice(candidate.end, candidate.end + 60);
    if (
      classified.kind === 'class' &&
      ((/\b(in|from|of|to|on|within|inside)\s+(the\s+)?$/i.test(lead) && subjects.length > 0) ||
        /^('s)?\s+(class\s+)?(method|methods|constant|constants|property|properties)\b/i.test(tail) ||
        // "The `schedule` helper class `get_schedule_report_count` method": the class holds the method.
        /^\s+(helper\s+)?class\s+`[^`]+`\s+method\b/i.test(tail))
    ) {
      // "added to mod_data manager class": the component's class \mod_data\manager.
      const word = /^\s+([a-z][a-z0-9]*)\s+(?:class|object)\b/.exec(tail);
      container = word && isComponentName(classified.name, rules) ? `\\${classified.name}\\${word[1]}` : classified.name;
      continue;
    }
    subjects.push(classified);
    subjectStarts.push(candidate.start);
  }
  // A note about a parameter or field of a name changes the name; in a note of additions, only where it says the name
  // takes or gains one ("count_attempts() … accept a new parameter", "a new optional param to adhoc_task_failed").
  // In a note of additions, "now accepts", "additionally returns" also say an existing name changed.
  // In a note of additions, the name that "new" introduces is the one added ("The `\section_info` class now includes a new
  // method `\section_info::get_sequence_cm_infos()`"); the names around it are where it was added.
  const introduced = change === 'added' ? subjectStarts.findIndex((start) => /\bnew\s+(?:(?:static|public|optional)\s+)?(?:[a-z]+\s+)?,?\s*$/i.test(sentence.slice(Math.max(0, start - 30), start))) : -1;
  if (introduced > 0) {
    subjects.unshift(...subjects.splice(introduced, 1));
  }
  // In a note of additions, an existing name that "now supports", "now emits", "has been extended" changed: nothing was added.
  const behaviour =
    change === 'added' &&
    introduced < 0 &&
    !/^\W*(Added|Add|A new|New|There is a new|Introduc)/i.test(sentence) &&
    // The verb must follow the name: in "Output classes can now implement the `x` interface", x is what is new.
    subjectStarts.length > 0 &&
    /\b(now (supports?|emits?|uses?|delegates?)|can now|(has|have) been (extended|changed|improved|modified))\b/i.test(sentence.slice(subjectStarts[0], phraseAt));
  const partial =
    introduced < 0 &&
    (context.partial ??
    ((partOfName.test(sentence.slice(0, phraseAt)) &&
      (change !== 'added' || /\b(accepts?|takes?|now (has|have|includes?|returns?))\b|\bnew (optional )?(param(eter)?|argument|property|field)s?\b/i.test(sentence))) ||
      (change === 'added' &&
        !/^\W*(Added|Add|A new|New|There is a new|Introduc)/i.test(sentence) &&
        /\b(now accepts?|additionally returns?|now returns?|now includes?|(has|have) been updated to)\b/i.test(sentence.slice(0, phraseAt)))));
  // "has_error() … in activityoverviewbase class", "added to cm_info object", "to mod_data manager class": a class written
  // without code marks, which the candidates do not give. "the section controlmenu class" names no class precisely.
  if (!container) {
    const written = /\b(?:in|to|on|from)\s+(?:the\s+)?(?:base\s+)?`?\\?([A-Za-z_][A-Za-z0-9_\\]*)`?(?:\s+([a-z][a-z0-9]*))?\s+(?:class|object)\b/.exec(sentence.slice(0, phraseAt));
    if (written && written[1] !== 'the' && (!written[2] || isComponentName(written[1], rules))) {
      container = qualify(written[2] ? `${written[1]}\\${written[2]}` : written[1]);
    }
  }
  // "… use the `structure_modified` and `attempt_state_changed` hooks instead": as many replacements as subjects, in
  // the same order, pair one to one.
  // ("… delete and delete_async, in `core_courseformat\local\cmactions`": the class holding them is not one of them.)
  const replacements = candidates
    .filter((candidate) => candidate.start >= phraseAt)
    .map((candidate) => ({ candidate, classified: classify(candidate, sentence, rules, defaultKind ?? subjects[0]?.kind ?? context.replacedKind) }))
    .filter(({ candidate, classified }) => classified && !(classified.kind === 'class' && /\b(in|from|of)\s+(the\s+)?$/i.test(sentence.slice(Math.max(0, candidate.start - 12), candidate.start))))
    .map(({ classified }) => (classified as Classified).name);
  const paired = subjects.length > 1 && replacements.length === subjects.length && !firstOnly;
  const chosen = firstOnly ? subjects.slice(0, 1) : subjects;
  const derived = chosen.flatMap((subject, index): Derived[] => {
    let { name, kind } = subject;
    if (container && (kind === 'function' || kind === 'method') && !name.includes('::')) {
      name = `${container}::${name}`;
      kind = 'method';
    }
    // "`\core\output\::get_deprecated_icons()` … added to the `icon_system` class": the note left the class out of the name.
    const classless = /^(\\.*)\\::(.+)$/.exec(name);
    if (classless && container) {
      name = `${classless[1]}\\${container.replace(/^.*\\/, '')}::${classless[2]}`;
    }
    // A property named without its class ("the `$timeout` property of …") belongs to the class the sentence names;
    // without one it cannot be named.
    if (kind === 'property' && name.startsWith('$')) {
      if (!container) {
        return [];
      }
      name = `${container}::${name}`;
    }
    const own = paired ? { pairedReplacement: replacements[index] } : {};
    // "The `x::$extra` property is deprecated" is about the property itself, not a part of it.
    const itself = kind === 'property' || kind === 'database-field' || kind === 'setting' || kind === 'constant';
    if (behaviour) {
      return [{ name, kind, change: 'changed', ...own }];
    }
    return [partial && !itself ? { name, kind, change: 'changed', detail: 'parameter', ...own } : { name, kind, change, ...own }];
  });
  const holder = replacementContainer ?? container;
  const held = (name: string) => (holder && /^[a-z_][a-z0-9_]*\(\)$/i.test(name) ? `${holder}::${name}` : name);
  return {
    derived: derived.map((entry) => (entry.pairedReplacement ? { ...entry, pairedReplacement: held(entry.pairedReplacement) } : entry)),
    replacement: replacement && held(replacement),
    replacements: replacements.map(held),
  };
}

/** A table's lines: a row may lack its closing "|" ("| `\cm_info` | `\course\cm_info"). */
const tableLine = /^\s*\|.*$/;

/** A table cell as the note meant it: an unclosed code mark closed, "\core_cache\form/cache_lock_form" read with "\". */
function cleanCell(cell: string): string {
  const closed = (cell.match(/`/g) ?? []).length % 2 === 1 ? `${cell}\`` : cell;
  return closed.includes('\\') ? closed.replace(/([A-Za-z0-9_])\/(?=[A-Za-z_])/g, '$1\\') : closed;
}

/**
 * A markdown table's rows as cells, when the note has one with two columns whose header says they are old and new
 * names ("Old class name | New class name", "Method | Replacement"). Other tables ("Renderable name | Renderer method
 * name", examples) rename nothing.
 */
function renameRows(text: string): [string, string][] {
  const rows = text
    .split('\n')
    .filter((line) => tableLine.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .split('|')
        .map((cell) => cleanCell(cell.trim())),
    );
  if (rows.length < 3 || rows[0].length < 2 || !rows[1].every((cell) => /^:?-{3,}:?$/.test(cell))) {
    return [];
  }
  if (!/\b(old|new|replacement|replaced|previous|current|renamed)\b/i.test(rows[0].join(' '))) {
    return [];
  }
  return [rows[0] as [string, string], ...rows.slice(2).map((cells): [string, string] => [cells[0], cells[cells.length - 1]])];
}

/** Nested list items of a note ("- `a` - This is replaced with `b`"), with the line that introduces them. */
function listItems(text: string): { intro: string; item: string }[] {
  const items: { intro: string; item: string }[] = [];
  let intro = '';
  // The introducing paragraph may wrap over several lines ("… has been deprecated and replaced\nwith:").
  let continues = false;
  for (const line of text.split('\n')) {
    const match = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (match && !/^\s*-\s*$/.test(line)) {
      items.push({ intro, item: match[1] });
      continues = false;
    } else if (line.trim()) {
      intro = continues ? `${intro} ${line.trim()}` : line.trim();
      continues = true;
    } else {
      continues = false;
    }
  }
  return items;
}

/** The class a line names after "of", "in" or "from": the class of the methods a list gives. */
function classOf(line: string, rules: NameRules): string | undefined {
  // "… moved from `\x\datasource` class to its parent class `\x\base`": the methods now belong to the second.
  if (/\bmoved from\b/i.test(line)) {
    for (const candidate of findCandidates(line)) {
      const classified = classify(candidate, line, rules, 'class');
      if (classified?.kind === 'class' && /\bto\s+(?:its\s+parent\s+class\s+|the\s+)?$/i.test(line.slice(Math.max(0, candidate.start - 30), candidate.start))) {
        return classified.name;
      }
    }
  }
  for (const candidate of findCandidates(line)) {
    const classified = classify(candidate, line, rules, 'class');
    const before = line.slice(Math.max(0, candidate.start - 14), candidate.start);
    // "… methods of `X`", and "The following `X` methods …".
    if (classified?.kind === 'class' && /\b(of|in|from)\s+(the\s+)?$/i.test(before)) {
      return classified.name;
    }
    if (/\bfollowing\s+$/i.test(before) && /^\s+(class\s+)?methods\b/i.test(line.slice(candidate.end)) && /^\\?[A-Za-z_][A-Za-z0-9_\\]*$/.test(candidate.raw)) {
      return qualify(candidate.raw);
    }
  }
  return undefined;
}

/** The kind a list's introducing line gives its items: "The following methods have been deprecated:". */
function introKind(intro: string): ApiChangeKind | 'skip' | undefined {
  // Words inside code marks are names ("The following `widget_filter_manager` methods"), not kind words.
  for (const word of intro.replace(/`[^`]*`/g, ' ').split(/[^A-Za-z-]+/)) {
    for (const [pattern, kind] of kindWords) {
      // "The grade `itemname` property … of the following external methods": a property is what changed in the items,
      // not what they are.
      if (pattern.test(word) && kind !== 'skip' && kind !== 'property') {
        return kind;
      }
    }
  }
  return undefined;
}

/** The entry's note, written by rule from the facts (never the upgrade note's sentence). */
export function writeNote(derived: Pick<Derived, 'kind' | 'change' | 'replacement' | 'detail'>, version: string): string {
  const what = apiChangeKindLabels[derived.kind];
  const instead = derived.replacement ? `; use ${derived.replacement} instead` : '';
  switch (derived.change) {
    case 'added':
      return `${what} added in ${version}.`;
    case 'deprecated':
      return `${what} deprecated in ${version}${instead || '; the note names no replacement'}.`;
    case 'removed':
      return `${what} removed in ${version}${instead}.`;
    case 'renamed':
      return `${what} renamed in ${version}${derived.replacement ? ` to ${derived.replacement}` : ''}.`;
    case 'moved':
      return `${what} moved in ${version}${derived.replacement ? ` to ${derived.replacement}` : ''}.`;
    case 'changed':
    default:
      return derived.detail === 'parameter'
        ? `${what} whose parameters, fields or return value changed in ${version}; see the tracker issue.`
        : `${what} whose behaviour or signature changed in ${version}; see the tracker issue.`;
  }
}

/**
 * The entries a note gives, or none and a warning when no name can be read from it.
 * Rules, in order: a two-column table renames each old name to the new one; a nested list
 * gives one name per item (its kind from the line introducing the list); otherwise each
 * sentence's names before a phrase such as "use", "replaced by" or "in favour of" changed,
 * and the first name after it replaces them. "Added" and "Changed" notes take only the first
 * name of a sentence: the rest are usually context ("see X for an example").
 */
export function deriveChanges(note: Note, rules: NameRules): { derived: Derived[]; warning?: string } {
  let change = subsectionChange[note.subsection];
  // "The `x()` function has been deprecated and replaced with: …" filed under "Added" still deprecates x().
  const opening = note.text.split(/(?<=[.!?])\s|\n\s*\n/)[0] ?? '';
  if ((change === 'added' || change === 'changed') && /\b(has|have) been deprecated\b|\b(is|are) (now )?deprecated\b/i.test(opening)) {
    change = 'deprecated';
  } else if (change === 'deprecated' && /\bfinally deprecated and removed\b|\bdeprecated and (has been )?removed\b/i.test(opening)) {
    // "… has been finally deprecated and removed" under "Deprecated": gone.
    change = 'removed';
  } else if (change === 'changed' && /^(Added|Add|A new|New)\b/.test(opening) && !partOfName.test(opening)) {
    // "Added a new `\core\deprecation::emit_deprecation()` method" filed under "Changed" adds it.
    change = 'added';
  } else if (change === 'deprecated' && /\b(has|have) been removed\b/i.test(opening) && !/\bdeprecat/i.test(opening)) {
    // "The `x()` has been removed. It was deprecated … in Moodle 4.3." filed under "Deprecated": the note's own verb wins.
    change = 'removed';
  } else if ((change === 'added' || change === 'changed') && /^Removed\b/.test(opening)) {
    // "Removed fictitious `__empty()` magic method." filed under "Added".
    change = 'removed';
  }
  // Markdown escapes outside code spans: repeated\_restore\_test is repeated_restore_test.
  note = { ...note, text: note.text.replace(/`[^`\n]*`|\\([_*])/g, (match, escaped: string | undefined) => escaped ?? match) };
  // Code blocks are examples: the names in them are how to call the API, not what changed.
  note = { ...note, text: note.text.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1\s*$/gm, '') };
  // "The core_courseformat::base get_section_number and set_section_number are …": "component::class" followed by
  // method names is the class \core_courseformat\base and its methods.
  note = {
    ...note,
    text: note.text.replace(/(^|[\s(])([a-z][a-z0-9]*_[a-z0-9_]+)::([a-z][a-z0-9_]*)\s+(?=[a-z][a-z0-9]*_[a-z0-9_]+\b)/g, (whole, before: string, component: string, className: string) =>
      isComponentName(component, rules) ? `${before}\`\\${component}\\${className}\` class methods ` : whole,
    ),
  };
  // A list written on one line: "- Final deprecation of a(). Please use b() instead. - Final deprecation of c(). …": one
  // item per " - ". (A nested item's "- `a()` - This is replaced with `b()`" is one item with its description.)
  note = {
    ...note,
    text: note.text
      .split('\n')
      .map((line) =>
        (line.match(/\bFinal deprecation of\b/g) ?? []).length > 1
          ? line
              .replace(/^\s*-\s+/, '')
              .split(/ - (?=Final deprecation of\b)/)
              .map((item) => `- ${item}`)
              .join('\n')
          : line,
      )
      .join('\n'),
  };
  const [header, ...rows] = renameRows(note.text);
  if (!header) {
    // A table that is not one of old and new names shows examples: its names did not change.
    note = { ...note, text: note.text.split('\n').filter((line) => !tableLine.test(line)).join('\n') };
  }
  if (header) {
    // The paragraph right above the table says what its rows are ("The following methods in `\core\session\manager`
    // have been deprecated:"); the header ("Old class name", "Old method") or the note's first line say their kind.
    const tableIntro = (note.text.split(/\n[ \t]*\|/)[0] ?? '').split(/\n\s*\n/).pop() ?? '';
    const rowKind = introKind(header.join(' ')) ?? introKind(tableIntro) ?? introKind(note.text.split('\n')[0]) ?? 'class';
    const holder = rowKind === 'method' ? classOf(tableIntro, rules) : undefined;
    const member = (name: string, kind: ApiChangeKind) => (holder && kind === 'method' && !name.includes('::') ? `${holder}::${name}` : name);
    // A table under "Deprecated", or one its introduction says is deprecated, deprecates the old names; elsewhere it
    // renames or moves them.
    const tableChange: ApiChangeType =
      change === 'deprecated' || change === 'removed'
        ? change
        : /\b(has|have) been deprecated\b/i.test(tableIntro)
          ? 'deprecated'
          : /\brenamed\b/i.test(note.text)
            ? 'renamed'
            : /\b(moved|replaced|locations?)\b/i.test(note.text)
              ? 'moved'
              : 'renamed';
    const derived: Derived[] = [];
    for (const [oldCell, newCell] of rows) {
      const oldName = findCandidates(oldCell)[0];
      const newName = findCandidates(newCell)[0];
      const oldClassified = oldName && classify(oldName, '', rules, rowKind);
      const newClassified = newName && classify(newName, '', rules, rowKind);
      if (oldClassified) {
        derived.push({
          name: member(oldClassified.name, oldClassified.kind),
          kind: oldClassified.kind,
          change: tableChange,
          replacement: newClassified ? member(newClassified.name, newClassified.kind) : undefined,
        });
      }
    }
    return derived.length ? { derived } : { derived, warning: 'a table of names, but no name could be read from its rows' };
  }
  const firstOnly = change === 'added' || change === 'changed';
  const items = listItems(note.text);
  const keepsReplacement = change === 'deprecated' || change === 'removed';
  const derived: Derived[] = [];
  // Lists of a deprecation or removal name what went; in other notes only a list of "the following … added/renamed" does.
  // A list after "… replaced with:" gives the replacements, not what changed.
  const listed = items.filter(
    ({ intro }) =>
      !/\b(replaced\s+(with|by)|in\s+favou?r\s+of|use)\s*:?\s*$/i.test(intro) &&
      // "Methods … have been moved to either" lists where they went, not what changed.
      !/\b(moved|migrated)\s+(in)?to(\s+(either|one of))?\s*:?\s*$/i.test(intro) &&
      (keepsReplacement ||
        (/\bfollowing\b|:\s*$/i.test(intro) && /\b((has|have) been|(is|are) now|added|new|introduced|renamed|moved|changed|updated)\b/i.test(intro))),
  );
  if (listed.length) {
    for (const { intro, item } of listed) {
      const kind = introKind(intro);
      // "The following methods of `\core\output\old_table` have been deprecated:" names the class of the methods listed.
      const container = kind === 'method' || kind === 'function' ? classOf(intro, rules) : undefined;
      // "A new parameter has been added to the following methods:" changes the methods listed.
      const partial = partOfName.test(intro.replace(/`[^`]*`/g, ' ')) ? true : undefined;
      // "Final deprecation … the following functions have been removed:" filed under "Deprecated" removes them.
      const itemChange: ApiChangeType = partial
        ? 'changed'
        : change === 'deprecated' && /\b(has|have) been removed\b/i.test(intro)
          ? 'removed'
          : change === 'added' && /\b(has|have) been (updated|changed|modified)\b|\bfollowing existing\b/i.test(intro)
            ? 'changed'
            : change;
      // "… should switch to use `\core\encryption::encrypt()` …:" gives the replacement of every item.
      const introReplacement = keepsReplacement ? deriveFromSentence(intro, itemChange, rules, undefined, false).replacement : undefined;
      // "The following exceptions are now also available in the `\core\exception` namespace:" moves each one there.
      const alias = /\bavailable in the `\\?([A-Za-z_][A-Za-z0-9_\\]*?)\\?` namespace/i.exec(intro);
      const fromItem = deriveFromSentence(item, itemChange, rules, kind, true, { container, partial });
      for (const entry of fromItem.derived) {
        if (alias && entry.kind === 'class' && !entry.name.includes('\\')) {
          derived.push({ ...entry, change: 'moved', replacement: `\\${alias[1]}\\${entry.name}` });
        } else {
          derived.push({ ...entry, change: entry.change === 'changed' ? entry.change : itemChange, replacement: entry.pairedReplacement ?? fromItem.replacement ?? introReplacement });
        }
      }
    }
  }
  if (!derived.length) {
    let pending: Derived[] = [];
    const parts = sentences(note.text.replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, ''));
    // A note that starts with a lone name ("question_delete_course()") describes that name in the sentences after it.
    const headed = /^\S+$/.test(parts[0] ?? '');
    const anyVerb = parts.some((sentence) => changeVerb.test(sentence));
    // "Two new AMD modules are now available. `core/a` lets … `core/b` provides …": a first sentence that announces new
    // names of a kind without naming one leaves the naming to the sentences after it, each opening with one of them.
    // The announcement's kind word is the kind of those names ("modules": `core/a` is a JS module).
    const announcedWord = change === 'added' && !findCandidates(parts[0] ?? '').length ? /\bnew\s+(?:[A-Za-z]+\s+)?(modules|classes|methods|functions|hooks|templates)\b/i.exec(parts[0] ?? '') : null;
    const announcedKinds: Record<string, ApiChangeKind> = { modules: 'js-module', classes: 'class', methods: 'method', functions: 'function', hooks: 'hook', templates: 'template' };
    const announcedKind = announcedWord ? announcedKinds[announcedWord[1].toLowerCase()] : undefined;
    const announces = announcedKind !== undefined;
    parts.forEach((sentence, index) => {
      // Notes of additions and changes name their subject in the first sentence; later ones are context.
      if (firstOnly && (index > 0 ? !announces : derived.length > 0)) {
        return;
      }
      // A sentence of a deprecation or removal note names changed names only when it says so itself; otherwise its
      // names are context ("refactored to inherit from flexible_table"), or the sentence describes the lone name above it.
      // A first sentence that opens with a name ("`x::y` No replacement.") is about that name.
      const own =
        !keepsReplacement || (headed ? index === 0 : changeVerb.test(sentence) || (index === 0 && (!anyVerb || /^`[^`]+`/.test(sentence.trim()))));
      const { derived: found, replacement, replacements } = deriveFromSentence(sentence, change, rules, announces && index > 0 ? announcedKind : undefined, firstOnly, {
        replacedKind: pending[0]?.kind,
        container: note.container,
      });
      // "… get_section_number and set_section_number are now final deprecated. Use get_sectionum and set_sectionnum
      // instead.": as many replacements as names just above, in the same order.
      const open = pending.filter((candidate) => !candidate.replacement);
      const pairs = !found.length && open.length > 1 && replacements.length === open.length;
      // "… has been deprecated and replaced with:" leaves its replacement to what follows.
      if (index > 0 && /\b(replaced\s+(with|by)|in\s+favou?r\s+of|use)\s*:?\s*$/i.test(parts[index - 1])) {
        const first = found[0]?.name ?? replacement;
        pending.filter((candidate) => !candidate.replacement).forEach((entry) => (entry.replacement = first));
        return;
      }
      if (pairs) {
        open.forEach((entry, position) => (entry.replacement = replacements[position]));
        return;
      }
      if (!own) {
        if (replacement && !found.length) {
          open.forEach((entry) => (entry.replacement = replacement));
        }
        return;
      }
      if (found.length) {
        pending = found.map((entry) => ({ ...entry, replacement: entry.pairedReplacement ?? replacement }));
        derived.push(...pending);
      } else if (replacement) {
        // "Use X instead." after the sentence that named what it replaces.
        open.forEach((entry) => (entry.replacement = replacement));
      }
    });
  }
  // "`a` and `b` will now emit debugging. These have been deprecated for a long time.": the verb is in a sentence
  // without names, so the names are those of the first sentence.
  if (!derived.length && keepsReplacement) {
    const first = sentences(note.text)[0] ?? '';
    derived.push(...deriveFromSentence(first, change, rules, undefined, false).derived);
  }
  const renamed = /\b(has|have) been renamed\b/i.test(note.text);
  // "X has been replaced by Y" in a note of additions: X lives on as Y.
  const moved = /\b(has|have) been moved\b/i.test(note.text) || (!keepsReplacement && /\b(has|have) been replaced (by|with)\b/i.test(note.text));
  for (const entry of derived) {
    if (entry.replacement === entry.name || (!keepsReplacement && !renamed && !moved && entry.change !== 'moved' && entry.change !== 'renamed')) {
      entry.replacement = undefined;
    }
    if (entry.replacement && (renamed || moved) && entry.change !== 'changed') {
      entry.change = renamed ? 'renamed' : 'moved';
    }
  }
  // "The `after_config()` callback has been converted to a hook, `\core\hook\after_config`.": the callback a plugin
  // defined (*_after_config()) changed, and the hook replaces it.
  const hook = /\bconverted to (?:a )?hooks?,?\s*`\\?([A-Za-z_][A-Za-z0-9_\\]*)(?:::class)?`/i.exec(note.text);
  if (hook) {
    for (const entry of derived.filter((candidate) => candidate.kind === 'callback' || candidate.kind === 'function')) {
      entry.name = entry.name.startsWith('*_') ? entry.name : `*_${entry.name}`;
      entry.kind = 'callback';
      entry.change = 'changed';
      entry.replacement = qualify(hook[1]);
    }
  }
  // "New `theme_boost/bs4-compat` JS module added (directly deprecated) to … convert old data attribute syntax": a name
  // born deprecated is deprecated, whatever parts of other things the sentence goes on to mention.
  if (change === 'deprecated' && /\b(directly|initially|immediately) deprecated\b/i.test(note.text)) {
    derived.forEach((entry) => {
      entry.change = 'deprecated';
      entry.detail = undefined;
    });
  }
  // "The `xmlize()` method from `lib/xmlize.php`": a method with no class, from a library file, is a global function.
  for (const entry of derived.filter((candidate) => candidate.kind === 'method' && !candidate.name.includes('::'))) {
    const short = entry.name.replace(/\(\)$/, '');
    if (new RegExp(`\\b${short}(?:\\(\\))?\`? method from \`?lib/[a-z0-9_/]+\\.php`).test(note.text)) {
      entry.kind = 'function';
    }
  }
  // "`x::old()` … a deprecated wrapper around `x::new()` … should migrate to `new()`": a name another entry of the same
  // note gives as its replacement is that replacement, not a second name that went away.
  const member = (name: string) => name.replace(/^.*::/, '');
  const isReplacement = (entry: Derived) =>
    (entry.change === 'deprecated' || entry.change === 'removed') &&
    derived.some((other) => other !== entry && other.replacement && (other.replacement === entry.name || (!other.replacement.includes('::') && other.replacement === member(entry.name))));
  const kept = derived.filter((entry) => !isReplacement(entry));
  const unique = kept.filter((entry, index) => kept.findIndex((other) => other.name === entry.name && other.change === entry.change) === index);
  return unique.length ? { derived: unique } : { derived: unique, warning: 'no name could be read from this note' };
}

/* ------------------------------------------------------------------------------------------ */
/* Sources manifest                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** A sources manifest that cannot be used: the message names the manifest and the entry or file. */
export class SourcesManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourcesManifestError';
  }
}

/**
 * Reads a sources manifest, `{ "<path of an UPGRADING.md in the repository>": "<40-hex commit>" }`: the
 * commit each file of a folder was read at, for a folder of files collected one by one rather than
 * exported from one checkout. `label` names the manifest in errors.
 */
export function parseSourcesManifest(text: string, label: string): Map<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SourcesManifestError(`${label}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new SourcesManifestError(`${label}: must be an object mapping each UPGRADING.md path to the 40-hex commit it was read at`);
  }
  const commits = new Map<string, string>();
  for (const [file, commit] of Object.entries(data)) {
    // The keys become source.path: a path inside the repository, written as it is there.
    if (!/(^|\/)UPGRADING\.md$/.test(file) || file.startsWith('/') || file.split('/').some((part) => part === '' || part === '.' || part === '..') || file.includes('\\')) {
      throw new SourcesManifestError(`${label}: "${file}" is not the path of an UPGRADING.md inside the repository (a relative path with "/", ending in UPGRADING.md)`);
    }
    if (typeof commit !== 'string' || !/^[0-9a-f]{40}$/.test(commit)) {
      throw new SourcesManifestError(`${label}: "${file}" has commit ${JSON.stringify(commit)}, not a 40-hex sha`);
    }
    commits.set(file, commit);
  }
  return commits;
}

/**
 * Gives each file its commit from a manifest. A file the manifest does not list, or a manifest entry for
 * a file that is not there, is an error naming it: an entry must never cite a commit its file was not read at.
 */
export function withSourceCommits(files: NotesFile[], commits: Map<string, string>, label: string): NotesFile[] {
  const missing = files.filter((file) => !commits.has(file.path)).map((file) => file.path);
  if (missing.length) {
    throw new SourcesManifestError(`${label}: no commit for ${missing.map((file) => `"${file}"`).join(', ')}; add each as "<path>": "<40-hex commit>"`);
  }
  const paths = new Set(files.map((file) => file.path));
  const stale = [...commits.keys()].filter((file) => !paths.has(file));
  if (stale.length) {
    throw new SourcesManifestError(`${label}: lists ${stale.map((file) => `"${file}"`).join(', ')}, which the folder does not hold`);
  }
  return files.map((file) => ({ ...file, commit: commits.get(file.path) }));
}

/* ------------------------------------------------------------------------------------------ */
/* Whole imports                                                                               */
/* ------------------------------------------------------------------------------------------ */

export interface ImportNotesOptions {
  repository: string;
  /** The commit of every file that does not name its own (NotesFile.commit). */
  commit?: string;
  rules: NameRules;
  /** Import only versions of these series and later ("5.1"), and only up to this one. */
  since?: string;
  until?: string;
  /** Entries a reviewer found wrong where no rule can tell (data/api-changes-exclusions.json): never written. */
  exclusions?: ApiChangeExclusion[];
}

export interface ImportNotesResult {
  changes: ApiChange[];
  warnings: ImportWarning[];
  /** Series whose notes this import read: its entries replace the imported entries of those series. */
  series: string[];
  /** Notes read, and notes that gave at least one entry. */
  noteCount: number;
  derivedNoteCount: number;
  /** Entries the rules derived that an exclusion forbids, and the exclusions of the series read that matched nothing. */
  excluded: ApiChange[];
  unusedExclusions: ApiChangeExclusion[];
}

export function seriesOfVersion(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** A component's own file is read before the root file, so an entry's source is the more specific file. */
function fileOrder(a: NotesFile, b: NotesFile): number {
  const depth = (file: NotesFile) => file.path.split('/').length - (/(^|\/)public\//.test(file.path) ? 1 : 0);
  return depth(b) - depth(a) || a.path.localeCompare(b.path);
}


/** The data file's order: version, then component, then name (then change, for one name changed twice in a version). */
export function sortChanges(changes: ApiChange[]): ApiChange[] {
  return [...changes].sort((a, b) => compareVersions(a.version, b.version) || compareCodeUnits(a.component, b.component) || compareCodeUnits(a.name, b.name) || compareCodeUnits(a.change, b.change));
}

function inRange(series: string, options: Pick<ImportNotesOptions, 'since' | 'until'>): boolean {
  return !(options.since && compareVersions(series, options.since) < 0) && !(options.until && compareVersions(series, options.until) > 0);
}

export function importNotes(files: NotesFile[], options: ImportNotesOptions): ImportNotesResult {
  const warnings: ImportWarning[] = [];
  const changes: ApiChange[] = [];
  const seenNotes = new Set<string>();
  const seenChanges = new Map<string, ApiChange>();
  const series = new Set<string>();
  let noteCount = 0;
  let derivedNoteCount = 0;
  const excluded: ApiChange[] = [];
  // A source without its commit cannot be cited: every file must have one before anything is read.
  const undated = files.filter((file) => !(file.commit ?? options.commit));
  if (undated.length) {
    throw new Error(`no source commit for ${undated.map((file) => file.path).join(', ')}: give the import a commit or each file its own`);
  }
  for (const file of [...files].sort(fileOrder)) {
    const parsed = parseNotesFile(file);
    const commit = (file.commit ?? options.commit) as string;
    warnings.push(...parsed.warnings.filter((warning) => !warning.version || inRange(seriesOfVersion(warning.version), options)));
    for (const note of parsed.notes) {
      const noteSeries = seriesOfVersion(note.version);
      if (!inRange(noteSeries, options)) {
        continue;
      }
      series.add(noteSeries);
      // The root file repeats every component file's notes: read each note once.
      const identity = [note.version, note.component, note.subsection, note.issue ?? '', note.text].join('\u0000');
      if (seenNotes.has(identity)) {
        continue;
      }
      seenNotes.add(identity);
      noteCount += 1;
      const { derived, warning } = deriveChanges(note, options.rules);
      if (warning) {
        warnings.push({ file: note.file, line: note.line, message: `${warning} (${note.component}, ${note.heading}, ${note.subsection}): ${JSON.stringify(note.text.split('\n')[0].slice(0, 100))}` });
        continue;
      }
      derivedNoteCount += 1;
      const source: ApiChangeSource = { repository: options.repository, path: note.file, commit };
      for (const entry of derived) {
        const change: ApiChange = {
          name: entry.name,
          kind: entry.kind,
          change: entry.change,
          version: note.version,
          ...(note.issue ? { issue: note.issue } : {}),
          ...(entry.replacement ? { replacement: entry.replacement } : {}),
          component: note.component,
          note: writeNote(entry, note.version),
          source,
          origin: 'imported',
        };
        const key = changeKey(change);
        if (seenChanges.has(key)) {
          continue;
        }
        if ((options.exclusions ?? []).some((exclusion) => isExcluded(change, exclusion))) {
          excluded.push(change);
          continue;
        }
        seenChanges.set(key, change);
        changes.push(change);
      }
    }
  }
  // An exclusion no rule output matches any more is stale: the summary says so, so that it can be removed.
  const unusedExclusions = (options.exclusions ?? []).filter(
    (exclusion) => series.has(seriesOfVersion(exclusion.version)) && !excluded.some((change) => isExcluded(change, exclusion)),
  );
  return { changes: sortChanges(changes), warnings, series: [...series].sort(compareVersions), noteCount, derivedNoteCount, excluded, unusedExclusions };
}

/**
 * The new data file's entries: every hand entry as it is; the imported entries of series this
 * import did not read, as they were; and this import's entries, except those a hand entry
 * already gives (same name, change and version, or same name, version and tracker key), which
 * the hand entry wins.
 *
 * A change the notes list under a stable point release (5.0.4) and again under a newer series
 * (5.2), with the same name, change and tracker key, is one change backported: it becomes the
 * newer entry with the point release in `backportedTo`. An entry this import rewrites keeps the
 * backports recorded on it before, so importing the branches in any order gives the same file.
 */
export function mergeChanges(existing: ApiChange[], imported: ImportNotesResult): { changes: ApiChange[]; droppedForHand: ApiChange[]; folded: number } {
  const covered = new Set(imported.series);
  const hand = existing.filter((change) => change.origin === 'hand');
  const oldImported = existing.filter((change) => change.origin === 'imported');
  const keptImported = oldImported.filter((change) => !covered.has(seriesOfVersion(change.version)));
  const handKeys = new Set(hand.map(changeKey));
  // A hand entry for the same name, version and key is a person's reading of the same note: it wins whatever change,
  // kind or replacement the rules give (a reviewer corrected "added" to "changed", a kind, a replacement).
  const sameNote = (change: ApiChange) => `${change.name}\u0000${change.version}\u0000${change.issue ?? ''}`;
  const handNotes = new Set(hand.filter((change) => change.issue).map(sameNote));
  const givenByHand = (change: ApiChange) => handKeys.has(changeKey(change)) || (!!change.issue && handNotes.has(sameNote(change)));
  const droppedForHand = imported.changes.filter(givenByHand);
  const before = new Map(oldImported.map((change) => [changeKey(change), change]));
  const fresh = imported.changes
    .filter((change) => !givenByHand(change))
    .map((change) => {
      const backports = before.get(changeKey(change))?.backportedTo;
      return backports ? withBackports(change, backports) : change;
    });
  const pool = [...keptImported, ...fresh];
  const folded = foldBackports(pool, hand);
  return { changes: sortChanges([...hand, ...folded]), droppedForHand, folded: pool.length - folded.length };
}

/** An entry with more point releases in `backportedTo`, its note saying so. */
function withBackports(change: ApiChange, backports: string[]): ApiChange {
  const all = [...new Set([...(change.backportedTo ?? []), ...backports])].sort(compareVersions);
  return { ...change, backportedTo: all, note: `${change.note.replace(/ Also in [^;]*\.$/, '')} Also in ${all.join(', ')}.` };
}

/**
 * Folds each imported point-release entry into the imported entry of a newer series with the same
 * name, change and key. Entries without a key are never folded: without it, two notes with the same
 * name may be two changes.
 */
function foldBackports(changes: ApiChange[], hand: ApiChange[]): ApiChange[] {
  const result = [...changes];
  const isPoint = (version: string) => version.split('.').length === 3;
  for (const point of changes.filter((change) => isPoint(change.version) && change.issue)) {
    const target = result.find(
      (other) =>
        other !== point &&
        other.name === point.name &&
        other.change === point.change &&
        other.issue === point.issue &&
        compareVersions(seriesOfVersion(other.version), seriesOfVersion(point.version)) > 0,
    );
    // A hand entry for the same name and key in a newer series is left alone: people decide its backports and its
    // change (a reviewer's "changed" for the rules' "added"), so the point release's entry is not written beside it.
    const handTarget = hand.some((other) => other.name === point.name && other.issue === point.issue && compareVersions(seriesOfVersion(other.version), seriesOfVersion(point.version)) > 0);
    if (handTarget) {
      result.splice(result.indexOf(point), 1);
    } else if (target) {
      result[result.indexOf(target)] = withBackports(target, [point.version]);
      result.splice(result.indexOf(point), 1);
    }
  }
  return result;
}
