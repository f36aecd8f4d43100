/**
 * The plugin scanner's fixtures (tests/fixtures/api-changes/plugins): reading a fixture plugin
 * from disk, its change list and its hand-written expected findings, and scoring a scan against
 * them (precision and recall). Shared by the unit tests and `npm run bench -- --scan`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PluginFile, ScanFinding } from '../../src/utils/apiChanges/scan';
import type { ApiChange, ApiChangesData } from '../../src/utils/apiChanges/types';

export const scanFixturesDir = path.resolve(__dirname, '../fixtures/api-changes/plugins');

export interface ExpectedUse {
  path: string;
  line: number;
  name: string;
}

export interface ExpectedFindings {
  found: ExpectedUse[];
  traps: { path: string; line: number; text: string; why: string }[];
  skipped: string[];
}

/** Every file of a fixture plugin, with paths relative to its folder, sorted. */
export function readFixturePlugin(name: string): PluginFile[] {
  const root = path.join(scanFixturesDir, name);
  const files: PluginFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else {
        files.push({ path: path.relative(root, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export function readFixtureChanges(): ApiChange[] {
  return (JSON.parse(fs.readFileSync(path.join(scanFixturesDir, 'changes.json'), 'utf8')) as ApiChangesData).changes;
}

export function readExpected(name: string): ExpectedFindings {
  return JSON.parse(fs.readFileSync(path.join(scanFixturesDir, `${name}.expected.json`), 'utf8')) as ExpectedFindings;
}

export const useKey = (use: { path: string; line: number; name: string }) => `${use.path}:${use.line} ${use.name}`;

export interface Score {
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
}

/**
 * Precision and recall of findings against the expected uses, counting a finding by its path,
 * line and name (several changes reported at one place for one name count once).
 */
export function score(findings: readonly ScanFinding[], expected: readonly ExpectedUse[]): Score {
  const found = new Set(findings.map(useKey));
  const wanted = new Set(expected.map(useKey));
  const truePositives = [...found].filter((key) => wanted.has(key)).length;
  return {
    truePositives,
    falsePositives: [...found].filter((key) => !wanted.has(key)),
    falseNegatives: [...wanted].filter((key) => !found.has(key)),
    precision: found.size === 0 ? 1 : truePositives / found.size,
    recall: wanted.size === 0 ? 1 : truePositives / wanted.size,
  };
}
