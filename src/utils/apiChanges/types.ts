/**
 * The API changes data (data/api-changes.json): one entry per change to a name a plugin can use,
 * from the upgrade notes of Moodle 4.2 on. Shared by the importer (scripts/import-changes.ts),
 * the build's validation (src/utils/dataFiles.ts), the changes page and the plugin scanner.
 */

/** What kind of name changed. */
export const apiChangeKinds = [
  'function',
  'method',
  'class',
  'constant',
  'property',
  'js-module',
  'template',
  'capability',
  'setting',
  'callback',
  'hook',
  'database-table',
  'database-field',
  'cli-option',
  'web-service',
] as const;
export type ApiChangeKind = (typeof apiChangeKinds)[number];

/** How each kind is written for readers: in the page's tables and the notes the importer writes. */
export const apiChangeKindLabels: Record<ApiChangeKind, string> = {
  function: 'Function',
  method: 'Method',
  class: 'Class',
  constant: 'Constant',
  property: 'Property',
  'js-module': 'JavaScript module',
  template: 'Template',
  capability: 'Capability',
  setting: 'Setting',
  callback: 'Callback',
  hook: 'Hook',
  'database-table': 'Database table',
  'database-field': 'Database field',
  'cli-option': 'CLI option',
  'web-service': 'Web service',
};

/** What happened to it. */
export const apiChangeTypes = ['added', 'changed', 'deprecated', 'removed', 'moved', 'renamed'] as const;
export type ApiChangeType = (typeof apiChangeTypes)[number];

/** Where the fact was read: a file of a repository at a commit. */
export interface ApiChangeSource {
  /** owner/name, for example "moodle/moodle". */
  repository: string;
  /** Path inside the repository, for example "lib/upgrade.txt" or "public/UPGRADING.md". */
  path: string;
  /** 40 hex digits. */
  commit: string;
}

export interface ApiChange {
  /** The name as a developer writes it: `get_context_instance()`, `\core\output\html_writer`, `core/modal_factory`, `mod/assign:grade`. */
  name: string;
  kind: ApiChangeKind;
  change: ApiChangeType;
  /** The first release with the change: a series ("4.2", "5.0") or a point release ("4.5.1"). */
  version: string;
  /** Point releases of stable branches the change also reached ("4.5.1", "4.4.5"). */
  backportedTo?: string[];
  /** The tracker key the upgrade note itself gives ("MDL-12345"). */
  issue?: string;
  /** What to use instead, written as a name like `name`. */
  replacement?: string;
  /** Frankenstyle component: "core", "core_course", "mod_assign", "tool_dataprivacy". */
  component: string;
  /** One line in this project's own words. */
  note: string;
  source: ApiChangeSource;
  /** "imported": written by `npm run data:changes` and rewritten by it; "hand": kept as it is. */
  origin: 'imported' | 'hand';
}

export interface ApiChangesData {
  $schema: string;
  $comment?: string;
  changes: ApiChange[];
}

/**
 * An entry the importer would derive but must not write (data/api-changes-exclusions.json): a
 * reviewer found it wrong, or the notes cannot settle it, and no rule can reasonably tell.
 */
export interface ApiChangeExclusion {
  /** The name exactly as the importer would write it. */
  name: string;
  version: string;
  /** Only this change of the name; any change when absent. */
  change?: ApiChangeType;
  /** The tracker key of the note the entry would come from. */
  issue: string;
  /** One line: why the derived entry is wrong. */
  reason: string;
}

export interface ApiChangeExclusionsData {
  $schema: string;
  $comment?: string;
  exclusions: ApiChangeExclusion[];
}
