/**
 * Parses the fenced code blocks of the site's pages in their languages: PHP with `php -l` (a
 * block marked `signature` as declarations without bodies), JavaScript and TypeScript with the
 * TypeScript parser, JSON, YAML, XML (an XMLDB install.xml also against the rules of Moodle's
 * lib/xmldb/xmldb.xsd), shell with `bash -n`, Gherkin with Cucumber's parser (Behat's syntax),
 * Mustache with mustache.js (the parser Moodle renders templates with in the browser), HTML with
 * html-validate, CSS and SCSS with PostCSS, and Markdown with the MDX compiler the pages use. The
 * few languages nothing parses are listed in `uncheckedLanguages` with the reason. Used by the
 * unit test over every page and by writers on single files.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AstBuilder, GherkinClassicTokenMatcher, Parser as GherkinParser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { HtmlValidate } from 'html-validate';
import Mustache from 'mustache';
import postcss, { CssSyntaxError } from 'postcss';
import postcssScss from 'postcss-scss';
import ts from 'typescript';
import YAML from 'yaml';
import type { FencedBlock } from './content';

const run = promisify(execFile);

/** Fence languages and the parser each goes to. */
export const parsedLanguages = {
  php: 'php',
  bash: 'shell',
  sh: 'shell',
  shell: 'shell',
  gherkin: 'gherkin',
  feature: 'gherkin',
  mustache: 'mustache',
  html: 'html',
  css: 'css',
  scss: 'scss',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  js: 'script',
  javascript: 'script',
  jsx: 'script',
  ts: 'script',
  typescript: 'script',
  tsx: 'script',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  xml: 'xml',
} as const;

export type ParsedLanguage = keyof typeof parsedLanguages;

/**
 * The languages no parser checks, each with the reason. Any other language fails the check, so
 * a new one is either parsed or added here on purpose; the unit test prints these with counts.
 */
export const uncheckedLanguages: Record<string, string> = {
  text: 'output, folder trees and prose; a text block that looks like PHP fails and must be marked php',
  mermaid: 'parsed when npm run diagrams:render draws it; a diagram without a drawing fails tests/unit/diagrams.test.ts',
  nginx: 'server configuration lines; the registry has no maintained nginx configuration parser',
};

export function isParsedLanguage(language: string): language is ParsedLanguage {
  return Object.hasOwn(parsedLanguages, language);
}

/** A problem in a block, with the line in the Markdown file where it is. */
export interface BlockProblem {
  file: string;
  line: number;
  language: string;
  message: string;
}

function problem(block: FencedBlock, lineInBlock: number, message: string): BlockProblem {
  // The fence is on block.line; the block's first line is the next one.
  return { file: block.file, line: block.line + Math.max(lineInBlock, 1), language: block.language, message };
}

/* ------------------------------------------------------------------ PHP */

let scratchDir: string | undefined;
let counter = 0;

/**
 * A new file name in this process's scratch folder, for a source a tool reads from disk (php,
 * bash). The caller writes the file and removes it.
 */
export function scratchFile(extension: string): string {
  scratchDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'code-blocks-'));
  return path.join(scratchDir, `block-${process.pid}-${counter++}.${extension}`);
}

/** Runs `php -l` on a source; null when it parses, else the message and its line. */
export async function phpLint(source: string): Promise<{ line: number; message: string } | null> {
  const file = scratchFile('php');
  fs.writeFileSync(file, source);
  try {
    await run('php', ['-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', '-l', file]);
    return null;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const output = `${stderr}\n${stdout}`;
    const found = /(?:PHP )?(?:Parse|Fatal) error:\s*(.*?) in \S+ on line (\d+)/.exec(output);
    if (!found) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error('php is not installed: install php-cli (Debian: apt-get install php-cli) to check PHP code blocks', { cause: error });
      }
      return { line: 1, message: output.trim() || String(error) };
    }
    return { line: Number(found[2]), message: found[1] };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Whether a word stands on its own in a fence's meta (```php signature, ```php invalid). */
export function metaHasWord(block: Pick<FencedBlock, 'meta'>, word: string): boolean {
  return block.meta.split(/\s+/).includes(word);
}

/** Whether a block's fence marks it as declarations without bodies: ```php signature. */
export function isSignatureBlock(block: Pick<FencedBlock, 'meta'>): boolean {
  return metaHasWord(block, 'signature');
}

/**
 * A signature block as code PHP can parse: a placeholder such as `<modname>` in a name becomes a
 * plain name, and every declaration without a body gets an empty one (an abstract method keeps
 * its semicolon, since the class-body wrapper is an abstract class).
 * The lines stay where they were, so an error's line is the block's line.
 */
export function signaturesAsCode(code: string): string {
  const lines = code.replace(/<([a-z][a-z0-9_]*)>/g, '$1').split('\n');
  let depth = 0;
  let inDeclaration = false;
  let declarationStart = '';
  return lines
    .map((line) => {
      const trimmed = line.trim();
      if (!inDeclaration && /^(?:(?:abstract|final|public|protected|private|static|readonly)\s+)*(?:function|class|interface|trait|enum)\b/.test(trimmed)) {
        inDeclaration = true;
        declarationStart = trimmed;
        depth = 0;
      }
      if (!inDeclaration) {
        return line;
      }
      for (const character of line.replace(/'[^']*'|"[^"]*"/g, '')) {
        depth += character === '(' ? 1 : character === ')' ? -1 : 0;
      }
      if (depth > 0) {
        return line;
      }
      inDeclaration = false;
      if (/[{}]\s*$/.test(trimmed) || (trimmed.endsWith(';') && /\babstract\b/.test(declarationStart))) {
        return line;
      }
      return `${line.replace(/;\s*$/, '')} {}`;
    })
    .join('\n');
}

/**
 * A whole file (starting with `<?php`) is linted as it is. A fragment is linted as top-level
 * code, and if that fails, as the body of a class (a method on its own); the first error is
 * reported when neither parses.
 */
export async function checkPhp(block: FencedBlock): Promise<BlockProblem | null> {
  const code = isSignatureBlock(block) ? signaturesAsCode(block.code) : block.code;
  if (/^\s*<\?php\b/.test(code)) {
    const error = await phpLint(code);
    return error && problem(block, error.line, error.message);
  }
  const asCode = await phpLint(`<?php\n${code}\n`);
  if (!asCode) {
    return null;
  }
  const asClassBody = await phpLint(`<?php\nabstract class code_block_wrapper {\n${code}\n}\n`);
  if (!asClassBody) {
    return null;
  }
  return problem(block, asCode.line - 1, `${asCode.message} (also not valid as a class body: ${asClassBody.message})`);
}

/* ------------------------------------------------------ JS, TS, JSON, YAML */

export function checkScript(block: FencedBlock): BlockProblem | null {
  const typescript = ['ts', 'typescript', 'tsx'].includes(block.language);
  const jsx = ['jsx', 'tsx'].includes(block.language);
  const fileName = `block.${typescript ? 'ts' : 'js'}${jsx ? 'x' : ''}`;
  const result = ts.transpileModule(block.code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, allowJs: true, jsx: ts.JsxEmit.Preserve },
  });
  const diagnostic = result.diagnostics?.find((entry) => entry.category === ts.DiagnosticCategory.Error);
  if (!diagnostic) {
    return null;
  }
  const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 1;
  return problem(block, line, ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

export function checkJson(block: FencedBlock): BlockProblem | null {
  try {
    JSON.parse(block.code);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? block.code.slice(0, Number(position[1])).split('\n').length : 1;
    return problem(block, line, message);
  }
}

export function checkYaml(block: FencedBlock): BlockProblem | null {
  for (const document of YAML.parseAllDocuments(block.code)) {
    const error = 'errors' in document ? document.errors[0] : undefined;
    if (error) {
      return problem(block, error.linePos?.[0].line ?? 1, error.message.split('\n')[0]);
    }
  }
  return null;
}

/* ---------------------------------------------------------- XML, XMLDB */

type Attributes = Record<string, string>;

interface XmlElement {
  name: string;
  attributes: Attributes;
  children: XmlElement[];
}

/** Parses well-formed XML into a small element tree (text and comments dropped). */
function elementTree(xml: string): XmlElement | undefined {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, ignoreDeclaration: true, ignorePiTags: true });
  type Node = Record<string, unknown> & { ':@'?: Attributes };
  const convert = (node: Node): XmlElement | undefined => {
    const name = Object.keys(node).find((key) => key !== ':@' && key !== '#text');
    if (!name) {
      return undefined;
    }
    const children = (node[name] as Node[]).map(convert).filter((child): child is XmlElement => child !== undefined);
    return { name, attributes: node[':@'] ?? {}, children };
  };
  const roots = (parser.parse(xml) as Node[]).map(convert).filter((node): node is XmlElement => node !== undefined);
  return roots[0];
}

const trueFalse = /^(true|false)$/;
// Name lengths of the current schema (older releases allowed 28 and 30 characters).
const tableName = /^[0-9a-z_]{1,53}$/;
const fieldName = /^[0-9a-z_]{1,63}$/;
const fieldTypes = new Set(['int', 'number', 'float', 'char', 'text', 'binary', 'datetime']);
const fieldLength = /^(\d+|small|medium|big)$/;
const fieldsList = /^[0-9a-z_, ]+$/;
const keyTypes = new Set(['primary', 'unique', 'foreign', 'foreign-unique']);

interface AttributeRule {
  required: boolean;
  pattern?: RegExp;
  values?: Set<string>;
}

const required = (pattern?: RegExp, values?: Set<string>): AttributeRule => ({ required: true, pattern, values });
const optional = (pattern?: RegExp, values?: Set<string>): AttributeRule => ({ required: false, pattern, values });

/** The attributes of each XMLDB element, as lib/xmldb/xmldb.xsd on the main branch declares them. */
const xmldbAttributes: Record<string, Record<string, AttributeRule>> = {
  XMLDB: { PATH: required(), VERSION: required(), COMMENT: optional() },
  TABLE: { NAME: required(tableName), COMMENT: optional(), PREVIOUS: optional(tableName), NEXT: optional(tableName) },
  FIELD: {
    NAME: required(fieldName),
    SEQUENCE: required(trueFalse),
    TYPE: required(undefined, fieldTypes),
    LENGTH: optional(fieldLength),
    NOTNULL: required(trueFalse),
    DECIMALS: optional(/^[1-9]\d*$/),
    UNSIGNED: optional(trueFalse),
    DEFAULT: optional(),
    COMMENT: optional(),
    PREVIOUS: optional(fieldName),
    NEXT: optional(fieldName),
  },
  KEY: {
    NAME: required(/^[\w.:-]+$/),
    TYPE: required(undefined, keyTypes),
    FIELDS: required(fieldsList),
    REFTABLE: optional(tableName),
    REFFIELDS: optional(fieldsList),
    COMMENT: optional(),
    PREVIOUS: optional(),
    NEXT: optional(),
  },
  INDEX: { NAME: required(/^[\w.:-]+$/), UNIQUE: required(trueFalse), FIELDS: required(fieldsList), HINTS: optional(), COMMENT: optional(), PREVIOUS: optional(), NEXT: optional() },
  TABLES: {},
  FIELDS: {},
  KEYS: {},
  INDEXES: {},
};

/** The children each XMLDB element may hold, in order: [name, minimum, maximum]. */
const xmldbChildren: Record<string, [string, number, number][]> = {
  XMLDB: [['TABLES', 0, 1]],
  TABLES: [['TABLE', 1, Infinity]],
  TABLE: [
    ['FIELDS', 1, 1],
    ['KEYS', 0, 1],
    ['INDEXES', 0, 1],
  ],
  FIELDS: [['FIELD', 1, Infinity]],
  KEYS: [['KEY', 1, Infinity]],
  INDEXES: [['INDEX', 1, Infinity]],
  FIELD: [],
  KEY: [],
  INDEX: [],
};

const listOf = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Errors of an XMLDB document against the schema, plus the references between its parts. */
export function xmldbErrors(root: XmlElement): string[] {
  const errors: string[] = [];
  const checkElement = (element: XmlElement, where: string): void => {
    const rules = xmldbAttributes[element.name];
    if (!rules) {
      errors.push(`${where}: <${element.name}> is not an XMLDB element`);
      return;
    }
    for (const [name, rule] of Object.entries(rules)) {
      const value = element.attributes[name];
      if (value === undefined) {
        if (rule.required) {
          errors.push(`${where}: attribute ${name} is required`);
        }
      } else if ((rule.pattern && !rule.pattern.test(value)) || (rule.values && !rule.values.has(value))) {
        errors.push(`${where}: ${name}="${value}" is not allowed`);
      }
    }
    for (const name of Object.keys(element.attributes)) {
      // Namespace declarations and the schema location are XML's own, not XMLDB's.
      if (!(name in rules) && !/^(xmlns(:|$)|xsi:)/.test(name)) {
        errors.push(`${where}: unknown attribute ${name}`);
      }
    }
    let position = 0;
    for (const [childName, minimum, maximum] of xmldbChildren[element.name]) {
      let count = 0;
      while (element.children[position]?.name === childName) {
        count++;
        position++;
      }
      if (count < minimum || count > maximum) {
        errors.push(`${where}: expected ${minimum === maximum ? minimum : `${minimum} to ${maximum === Infinity ? 'many' : maximum}`} <${childName}>, found ${count}`);
      }
    }
    if (position < element.children.length) {
      errors.push(`${where}: <${element.children[position].name}> is not allowed here`);
    }
    element.children.forEach((child) => {
      checkElement(child, `${where} > ${child.name}${child.attributes.NAME ? `[${child.attributes.NAME}]` : ''}`);
    });
  };
  if (root.name !== 'XMLDB') {
    return [`the root element is <${root.name}>, not <XMLDB>`];
  }
  checkElement(root, 'XMLDB');
  if (errors.length > 0) {
    return errors;
  }
  // References: keys and indexes name fields of their table, foreign keys name a table.
  const tables = root.children.flatMap((tablesElement) => tablesElement.children);
  const tableNames = new Set(tables.map((table) => table.attributes.NAME));
  for (const table of tables) {
    const where = `TABLE[${table.attributes.NAME}]`;
    const part = (name: string) => table.children.find((child) => child.name === name)?.children ?? [];
    const fields = part('FIELDS');
    const fieldNames = new Set(fields.map((field) => field.attributes.NAME));
    for (const field of fields) {
      const { TYPE: type, LENGTH: length, SEQUENCE: sequence, NAME: name } = field.attributes;
      if (['int', 'char', 'number'].includes(type) && length === undefined) {
        errors.push(`${where} > FIELD[${name}]: a ${type} field needs LENGTH`);
      }
      if (sequence === 'true' && type !== 'int') {
        errors.push(`${where} > FIELD[${name}]: only an int field can be a SEQUENCE`);
      }
    }
    const keys = part('KEYS');
    if (!keys.some((key) => key.attributes.TYPE === 'primary')) {
      errors.push(`${where}: no primary key`);
    }
    for (const entry of [...keys, ...part('INDEXES')]) {
      const label = `${where} > ${entry.name}[${entry.attributes.NAME}]`;
      for (const field of listOf(entry.attributes.FIELDS)) {
        if (!fieldNames.has(field)) {
          errors.push(`${label}: field ${field} is not in the table`);
        }
      }
      if (entry.name === 'KEY' && entry.attributes.TYPE.startsWith('foreign')) {
        const { REFTABLE: refTable, REFFIELDS: refFields } = entry.attributes;
        if (!refTable || !refFields) {
          errors.push(`${label}: a foreign key needs REFTABLE and REFFIELDS`);
        } else if (listOf(refFields).length !== listOf(entry.attributes.FIELDS).length) {
          errors.push(`${label}: FIELDS and REFFIELDS differ in length`);
        } else if (!tableNames.has(refTable) && !/^[0-9a-z_]+$/.test(refTable)) {
          errors.push(`${label}: REFTABLE ${refTable} is not a table name`);
        }
      }
    }
  }
  return errors;
}

export function checkXml(block: FencedBlock): BlockProblem | null {
  try {
    SyntaxValidator.validate(block.code);
  } catch (error) {
    const { code, line, message } = error as Error & { code?: string; line?: number };
    return problem(block, line ?? 1, `${code ?? 'InvalidXml'}: ${message}`);
  }
  const root = elementTree(block.code);
  if (root?.name === 'XMLDB') {
    const errors = xmldbErrors(root);
    if (errors.length > 0) {
      return problem(block, 1, `not valid XMLDB: ${errors.join('; ')}`);
    }
  }
  return null;
}

/* ------------------------------------------------------------- Shell */

/** `bash -n` on the block: syntax only, nothing runs. */
export async function checkShell(block: FencedBlock): Promise<BlockProblem | null> {
  const file = scratchFile('sh');
  fs.writeFileSync(file, `${block.code}\n`);
  try {
    await run('bash', ['-n', file]);
    return null;
  } catch (error) {
    const { stderr = '' } = error as { stderr?: string };
    const found = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line (\\d+): (.*)`).exec(stderr);
    return problem(block, found ? Number(found[1]) : 1, found ? found[2] : stderr.trim() || String(error));
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/* ------------------------------------------------------------ Gherkin */

/**
 * Behat reads Gherkin. A block may show a whole feature file, one scenario (or background) of
 * one, or steps alone: the missing lines above it are supplied, and an error's line is still the
 * block's.
 */
export function checkGherkin(block: FencedBlock): BlockProblem | null {
  const lines = block.code.split('\n');
  const firstKeyword = lines.map((line) => line.trim()).find((line) => line && !line.startsWith('#') && !line.startsWith('@'));
  let prefix: string[] = [];
  if (!/^(Feature|Ability|Business Need):/.test(firstKeyword ?? '')) {
    prefix = /^(Scenario|Scenario Outline|Scenario Template|Example|Background|Rule):/.test(firstKeyword ?? '') ? ['Feature: Code block'] : ['Feature: Code block', 'Scenario: Steps'];
  }
  const parser = new GherkinParser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher());
  try {
    parser.parse([...prefix, ...lines].join('\n'));
    return null;
  } catch (error) {
    const message = (error as Error).message.replace(/^Parser errors:\n/, '').split('\n')[0];
    const line = /^\((\d+):\d+\)/.exec(message);
    return problem(block, line ? Number(line[1]) - prefix.length : 1, message.replace(/^\(\d+:\d+\):\s*/, ''));
  }
}

/* ----------------------------------------------------------- Mustache */

/**
 * Moodle's templates are Mustache with template inheritance: `{{< parent}}` opens a parent and
 * `{{$block}}` a block, each closed by `{{/…}}`. mustache.js 4.2.0 (the version Moodle ships for
 * the browser) parses neither, so they are read as sections, which keeps their nesting checked.
 * Helpers such as `{{#str}}` are sections already.
 */
export function checkMustache(block: FencedBlock): BlockProblem | null {
  const source = block.code.replace(/\{\{\s*[<$]/g, '{{#');
  try {
    Mustache.parse(source);
    return null;
  } catch (error) {
    const message = (error as Error).message;
    const position = / at (\d+)$/.exec(message);
    const line = position ? source.slice(0, Number(position[1])).split('\n').length : 1;
    return problem(block, line, message);
  }
}

/* ---------------------------------------------------------- HTML, CSS */

/** html-validate with the rules that find markup a browser would repair: tags and attributes. */
const htmlValidator = new HtmlValidate({
  root: true,
  rules: { 'close-order': 'error', 'close-attr': 'error', 'no-dup-attr': 'error' },
});

export async function checkHtml(block: FencedBlock): Promise<BlockProblem | null> {
  const report = await htmlValidator.validateString(block.code, 'block.html');
  const [first] = report.results.flatMap((result) => result.messages);
  return first ? problem(block, first.line, `${first.message} (${first.ruleId})`) : null;
}

export function checkCss(block: FencedBlock): BlockProblem | null {
  try {
    (block.language === 'scss' ? postcssScss : postcss).parse(block.code);
    return null;
  } catch (error) {
    if (error instanceof CssSyntaxError) {
      return problem(block, error.line ?? 1, error.reason);
    }
    throw error;
  }
}

/* ----------------------------------------------------------- Markdown */

/** A Markdown block shows page source: it must compile as the pages do (MDX). */
export async function checkMarkdown(block: FencedBlock): Promise<BlockProblem | null> {
  // Imported when needed: @mdx-js/mdx is an ES module, and scripts run this file as CommonJS.
  const { compile } = await import('@mdx-js/mdx');
  try {
    await compile(block.code, { format: 'mdx' });
    return null;
  } catch (error) {
    const { line, reason, message } = error as { line?: number; reason?: string; message: string };
    return problem(block, line ?? 1, reason ?? message);
  }
}

/* ------------------------------------------------------------- Text */

/** A line that declares PHP: such a block is PHP and must be fenced as php (signature). */
const phpDeclaration = /^\s*(?:<\?php\b|(?:(?:abstract|final|public|protected|private|static)\s+)*function\s+[\w<>&]+\s*\()/m;

export function checkText(block: FencedBlock): BlockProblem | null {
  const found = phpDeclaration.exec(block.code);
  if (!found) {
    return null;
  }
  const line = block.code.slice(0, found.index).split('\n').length + (found[0].startsWith('\n') ? 1 : 0);
  return problem(block, line, 'this text block declares PHP: fence it as php (```php signature for declarations without bodies) so that it is parsed');
}

/**
 * Checks one block; null when it parses, or its language is on the unchecked list (text only
 * when it declares no PHP). A language neither parsed nor listed is a problem.
 */
export async function checkBlock(block: FencedBlock): Promise<BlockProblem | null> {
  if (!isParsedLanguage(block.language)) {
    if (block.language === 'text') {
      return checkText(block);
    }
    return Object.hasOwn(uncheckedLanguages, block.language)
      ? null
      : problem(block, 0, `no parser checks "${block.language || '(no language)'}": name the block's language, or add it to the parsers or to uncheckedLanguages in tests/support/codeBlocks.ts with the reason`);
  }
  switch (parsedLanguages[block.language]) {
    case 'php':
      return checkPhp(block);
    case 'script':
      return checkScript(block);
    case 'json':
      return checkJson(block);
    case 'yaml':
      return checkYaml(block);
    case 'xml':
      return checkXml(block);
    case 'shell':
      return checkShell(block);
    case 'gherkin':
      return checkGherkin(block);
    case 'mustache':
      return checkMustache(block);
    case 'html':
      return checkHtml(block);
    case 'css':
    case 'scss':
      return checkCss(block);
    case 'markdown':
      return checkMarkdown(block);
  }
}

/**
 * Blocks that are parts of one file, such as the header, repeated part and footer of a
 * template, say so in their fences with the same `part="…"` on one page; they are joined in page
 * order and checked as one block, at the first part's line.
 */
export function joinParts(blocks: FencedBlock[]): FencedBlock[] {
  const joined: FencedBlock[] = [];
  const wholes = new Map<string, FencedBlock>();
  for (const block of blocks) {
    const part = /(?:^|\s)part="([^"]+)"/.exec(block.meta)?.[1];
    if (!part) {
      joined.push(block);
      continue;
    }
    const key = `${block.file}\u0000${block.language}\u0000${part}`;
    const whole = wholes.get(key);
    if (whole) {
      whole.code = `${whole.code}\n${block.code}`;
    } else {
      const first = { ...block };
      wholes.set(key, first);
      joined.push(first);
    }
  }
  return joined;
}

/** Checks blocks with a few running at once (PHP blocks start a process each), parts of one file joined. */
export async function checkBlocks(allBlocks: FencedBlock[], concurrency = Math.max(2, os.availableParallelism())): Promise<BlockProblem[]> {
  const blocks = joinParts(allBlocks);
  const problems: (BlockProblem | null)[] = new Array<BlockProblem | null>(blocks.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < blocks.length) {
      const index = next++;
      problems[index] = await checkBlock(blocks[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, blocks.length) }, worker));
  return problems.filter((entry): entry is BlockProblem => entry !== null);
}

export function formatProblem(entry: BlockProblem): string {
  return `${entry.file}:${entry.line} (${entry.language}): ${entry.message}`;
}
