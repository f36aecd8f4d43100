/**
 * The file-level rules of Moodle's coding style that moodle-cs enforces on a whole PHP file:
 * the GPL boilerplate comment (moodle.Files.BoilerplateComment) and the MOODLE_INTERNAL check
 * where the file changes global state, and not where it only declares a symbol
 * (moodle.Files.MoodleInternal). PHP's own tokenizer does the reading
 * (tests/support/php/file-rules.php). The coding-style pages hold their correct examples to them;
 * the sniff codes a page names are checked against tests/fixtures/moodle-cs-sniffs.json.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sniffs from '../fixtures/moodle-cs-sniffs.json';
import { scratchFile } from './codeBlocks';

const run = promisify(execFile);
const script = path.join(__dirname, 'php', 'file-rules.php');

export interface FileRuleProblem {
  /** 1-based line in the file. */
  line: number;
  /** The sniff and what it found. */
  message: string;
}

/**
 * The file-level rule problems of a whole PHP file (source starting with `<?php`). The file's
 * path, when known, exempts language and Behat files from the MOODLE_INTERNAL rule, as the sniff
 * does.
 */
export async function phpFileRuleProblems(source: string, filePath = ''): Promise<FileRuleProblem[]> {
  const file = scratchFile('php');
  fs.writeFileSync(file, source);
  try {
    const { stdout } = await run('php', [script, file, filePath]);
    return JSON.parse(stdout) as FileRuleProblem[];
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Sniff codes as pages write them: moodle.Files.LineLength, Generic.Arrays.DisallowLongArraySyntax… */
const sniffCode = /\b(?:moodle|Generic|Squiz|PSR1|PSR2|PSR12|PEAR|Universal|NormalizedArrays)(?:\.[A-Z][A-Za-z0-9]*){2,3}\b/g;

/**
 * The sniff codes named in a text that the moodle standard does not have: a moodle sniff must
 * exist in moodle-cs, another standard's sniff must be named by moodle/ruleset.xml (or
 * moodle-extra's) or come with the PSR12 standard the ruleset imports.
 */
export function unknownSniffs(text: string): string[] {
  const moodle = new Set(sniffs.moodleSniffs);
  const named = new Set([...sniffs.rulesetRefs, ...sniffs.extraRefs].map((ref) => ref.split('.').slice(0, 3).join('.')));
  const psr12 = new Set(sniffs.psr12Sniffs);
  const codes = new Set(text.match(sniffCode) ?? []);
  return [...codes].filter((code) => {
    const sniff = code.split('.').slice(0, 3).join('.');
    return code.startsWith('moodle.') ? !moodle.has(sniff) : !named.has(sniff) && !psr12.has(sniff);
  });
}
