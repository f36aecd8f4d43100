/**
 * Checks that keep a frozen docs version honest: a page of version 4.1 must not use a class,
 * namespace, file or path that came later (data/newer-names.json), except in a paragraph or list
 * item that marks it as later with a <Since> marker of a newer version.
 */
import { compareVersions } from '../../src/utils/moodleReleases';
import type { NewerName } from '../../src/utils/siteDataTypes';

export interface NewerNameUse {
  /** 1-based line of the page. */
  line: number;
  name: string;
  since: string;
  text: string;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The expression that finds a name: the name itself where no identifier character touches it. */
export function nameExpression(entry: NewerName): RegExp {
  if (entry.pattern) {
    return new RegExp(entry.pattern, 'u');
  }
  // A name ending in a namespace separator or a slash is a prefix; any other must end where the identifier does.
  const end = /[\\/]$/.test(entry.name) ? '' : '(?![\\w])';
  // Code writes namespaces with or without the leading backslash.
  const body = escape(entry.name.replace(/^\\/, ''));
  return new RegExp(`(?<![\\w\\\\])\\\\?${body}${end}`, 'u');
}

/** The versions of the <Since> markers and removed= attributes on a line. */
function laterMarkers(line: string): string[] {
  return [...line.matchAll(/<Since\b[^>]*\bversion="([\d.]+)"/g)].map((match) => match[1]);
}

/**
 * The lines of a page in blocks a marker speaks for: a paragraph, or a list item with its
 * continuation lines. A blank line, a new list item, a heading or a code fence starts a new block.
 */
function markerBlocks(lines: readonly string[], start: number): number[] {
  const blockOf: number[] = new Array<number>(lines.length).fill(-1);
  let block = 0;
  let inFence = false;
  for (let index = start; index < lines.length; index++) {
    const line = lines[index];
    const fence = /^\s*(`{3,}|~{3,})/.test(line);
    if (fence || inFence || line.trim() === '' || /^\s*([-*+]|\d+\.)\s/.test(line) || /^#{1,6}\s/.test(line)) {
      block += 1;
    }
    blockOf[index] = block;
    if (fence) {
      inFence = !inFence;
    }
  }
  return blockOf;
}

/**
 * Each line of a page that uses a name newer than `version` without marking it as later: the
 * paragraph or list item holding the line carries no <Since> marker of a newer version. Front
 * matter is skipped; code blocks are not: a sample of a 4.1 page must be 4.1 code.
 */
export function newerNameUses(text: string, version: string, names: readonly NewerName[]): NewerNameUse[] {
  const expressions = names.map((entry) => ({ entry, expression: nameExpression(entry) }));
  const lines = text.split('\n');
  let start = 0;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    start = end === -1 ? 0 : end + 1;
  }
  const blockOf = markerBlocks(lines, start);
  const laterBlocks = new Set<number>();
  for (let index = start; index < lines.length; index++) {
    if (laterMarkers(lines[index]).some((marker) => compareVersions(marker, version) > 0)) {
      laterBlocks.add(blockOf[index]);
    }
  }
  const uses: NewerNameUse[] = [];
  for (let index = start; index < lines.length; index++) {
    if (laterBlocks.has(blockOf[index])) {
      continue;
    }
    for (const { entry, expression } of expressions) {
      if (expression.test(lines[index])) {
        uses.push({ line: index + 1, name: entry.name, since: entry.since, text: lines[index] });
      }
    }
  }
  return uses;
}
