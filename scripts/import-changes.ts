/**
 * Imports API changes from Moodle's structured upgrade notes (the UPGRADING.md files of 4.5 on)
 * into data/api-changes.json, keeping the entries written by hand.
 *
 * Usage: npm run data:changes -- --from <dir> --repository <owner/name> [--commit <sha> | --sources <manifest>]
 *        [--since <series>] [--until <series>] [--out data/api-changes.json]
 *
 * <dir> is a Moodle checkout (with or without public/) or a folder of UPGRADING.md files laid out
 * as in the repository (each file's path under <dir> is recorded as its source path). The commit
 * is read from <dir>'s own git metadata when it has some; otherwise pass --commit.
 *
 * A folder of files collected one by one, each at its own commit (the newest version a source holds
 * of each file), names them in a sources manifest passed with --sources: a JSON object
 * { "<path under <dir>>": "<40-hex commit>" }, e.g. { "public/lib/UPGRADING.md": "328ae370…" }. Each
 * entry then cites its own file's commit. The manifest is never picked up on its own, so an import
 * always says where its commits come from; --commit and --sources exclude each other, and a file the
 * manifest does not list, an entry for a file that is not there, or a malformed manifest stops the
 * import with the manifest and the file named.
 *
 * The import replaces the imported entries of the series it reads and keeps every other entry;
 * an imported entry that a hand entry already gives (same name, change and version, or same name,
 * version and key) is dropped, and so is one data/api-changes-exclusions.json forbids.
 * The new file is validated before it replaces the old one: when anything fails, the old file
 * is left exactly as it was.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataFileError, readDataFile, siteDir, validateDataFile } from '../src/utils/dataFiles';
import { importNotes, mergeChanges, parseSourcesManifest, SourcesManifestError, withSourceCommits, type NotesFile } from '../src/utils/apiChanges/importNotes';
import type { ApiChange, ApiChangesData } from '../src/utils/apiChanges/types';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function git(from: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', from, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Every UPGRADING.md under `dir`, with its path relative to `dir`; dependency and VCS folders are not Moodle's notes. */
export function findNotesFiles(dir: string): NotesFile[] {
  const files: NotesFile[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && !['.git', 'node_modules'].includes(entry.name)) {
        walk(full);
      } else if (entry.isFile() && entry.name === 'UPGRADING.md') {
        files.push({ path: path.relative(dir, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  walk(dir);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Entries per version and change, as a small table for the summary. */
function countTable(changes: ApiChange[]): string {
  const types = ['added', 'changed', 'deprecated', 'removed', 'moved', 'renamed'] as const;
  const versions = [...new Set(changes.map((change) => change.version))];
  const rows = versions.map((version) => [version, ...types.map((type) => String(changes.filter((change) => change.version === version && change.change === type).length)), String(changes.filter((change) => change.version === version).length)]);
  const header = ['version', ...types, 'all'];
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  return [header, ...rows].map((row) => `  ${row.map((cell, column) => cell.padStart(widths[column])).join('  ')}`).join('\n');
}

export function main(): number {
  const from = argument('from');
  const repository = argument('repository');
  if (!from || !repository) {
    console.error('Usage: npm run data:changes -- --from <dir> --repository <owner/name> [--commit <sha> | --sources <manifest>] [--since <series>] [--until <series>] [--out <file>]');
    return 2;
  }
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) {
    console.error(`${from}: not a folder; pass a Moodle checkout or a folder of UPGRADING.md files.`);
    return 1;
  }
  const out = path.resolve(argument('out') ?? path.join(siteDir, 'data/api-changes.json'));
  const sources = argument('sources');
  if (sources !== undefined && argument('commit') !== undefined) {
    console.error('Pass either --commit (one commit for every file) or --sources (a commit per file), not both.');
    return 2;
  }
  let commit: string | undefined;
  if (sources === undefined) {
    // Only the folder's own git metadata counts, not that of a repository it happens to sit in.
    const ownRepository = git(from, ['rev-parse', '--show-toplevel']) === fs.realpathSync(from);
    commit = argument('commit') ?? (ownRepository ? git(from, ['rev-parse', 'HEAD']) : undefined);
    if (!commit || !/^[0-9a-f]{40}$/.test(commit)) {
      console.error(`${from}: cannot tell the source commit (found ${JSON.stringify(commit)}); pass --commit <40-hex sha>, or --sources <manifest> with a commit per file.`);
      return 1;
    }
  }
  let files = findNotesFiles(from);
  if (!files.length) {
    console.error(`${from}: no UPGRADING.md file in it.`);
    return 1;
  }
  if (sources !== undefined) {
    try {
      if (!fs.existsSync(sources) || !fs.statSync(sources).isFile()) {
        throw new SourcesManifestError(`${sources}: no such file; --sources takes a JSON file mapping each UPGRADING.md path under ${from} to its commit`);
      }
      files = withSourceCommits(files, parseSourcesManifest(fs.readFileSync(sources, 'utf8'), sources), sources);
    } catch (error) {
      if (error instanceof SourcesManifestError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  }
  const pluginTypes = new Set(Object.keys(readDataFile('components').plugintypes));
  const { exclusions } = readDataFile('api-changes-exclusions');
  const result = importNotes(files, { repository, commit, rules: { pluginTypes }, since: argument('since'), until: argument('until'), exclusions });
  // Written beside the schema it names, so that it validates wherever --out points.
  const temporary = path.join(siteDir, 'data', `.api-changes.${process.pid}.tmp.json`);
  const schema = './schemas/api-changes.schema.json';
  const validate = (content: ApiChangesData): void => {
    fs.writeFileSync(temporary, `${JSON.stringify({ ...content, $schema: schema }, null, 2)}\n`);
    validateDataFile(temporary, path.relative(siteDir, out), 'api-changes');
  };
  let changes: ApiChange[];
  let droppedForHand: ApiChange[];
  let folded: number;
  try {
    let existing: ApiChangesData = { $schema: schema, changes: [] };
    if (fs.existsSync(out)) {
      existing = JSON.parse(fs.readFileSync(out, 'utf8')) as ApiChangesData;
      // The hand entries are kept as they are, so they must be valid before anything is merged with them.
      validate(existing);
    }
    ({ changes, droppedForHand, folded } = mergeChanges(existing.changes, result));
    const data: ApiChangesData = { $schema: existing.$schema, ...(existing.$comment ? { $comment: existing.$comment } : {}), changes };
    validate(data);
    fs.writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`);
  } catch (error) {
    if (error instanceof DataFileError || error instanceof SyntaxError) {
      console.error(error.message);
      console.error(`${path.relative(process.cwd(), out)} was not changed.`);
      return 1;
    }
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const imported = result.changes.length - droppedForHand.length;
  const commits = new Set(files.map((file) => file.commit ?? commit));
  const where = commit ? `at ${commit.slice(0, 12)}` : `at ${commits.size} commit(s) (${sources})`;
  console.log(
    `Read ${files.length} UPGRADING.md file(s) ${where} of ${repository}: ${result.noteCount} note(s) in series ${result.series.join(', ') || 'none'}, ` +
      `${result.derivedNoteCount} gave entries. Imported ${imported} entr${imported === 1 ? 'y' : 'ies'} (${droppedForHand.length} more left to hand entries); ` +
      `${folded} point-release entr${folded === 1 ? 'y' : 'ies'} became backports of a newer series' entry; ${path.relative(process.cwd(), out)} now has ${changes.length} entries.`,
  );
  if (result.excluded.length) {
    console.log(`${result.excluded.length} derived entr${result.excluded.length === 1 ? 'y' : 'ies'} not written: data/api-changes-exclusions.json forbids ${result.excluded.length === 1 ? 'it' : 'them'}.`);
  }
  for (const exclusion of result.unusedExclusions) {
    console.log(`data/api-changes-exclusions.json: "${exclusion.name}" (${exclusion.version}, ${exclusion.issue}) matched no derived entry; remove it if the rules no longer derive it.`);
  }
  console.log(`Imported entries per version and change:\n${countTable(result.changes.filter((change) => !droppedForHand.includes(change)))}`);
  if (result.warnings.length) {
    console.log(`${result.warnings.length} note(s) or line(s) not turned into entries (file:line under ${from}):`);
    for (const warning of result.warnings) {
      console.log(`  ${warning.file}:${warning.line}: ${warning.message}`);
    }
  }
  return 0;
}

process.exitCode = main();
