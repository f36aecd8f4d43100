/**
 * Bad input fails the build with a message that names the file and what is wrong. Each case
 * builds tests/fixtures/broken-site, which reuses the real site's checks, with one broken
 * input, through the same build script `npm run build` uses.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const siteRoot = path.resolve(__dirname, '../..');

function buildFixture(fixtureCase: string): { status: number | null; output: string } {
  const result = spawnSync('npx', ['tsx', 'scripts/build.ts', 'tests/fixtures/broken-site', '--', '--out-dir', path.join(os.tmpdir(), `broken-site-${fixtureCase}`)], {
    cwd: siteRoot,
    env: { ...process.env, FIXTURE_CASE: fixtureCase },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const caseDir = (fixtureCase: string) => `tests/fixtures/broken-site/cases/${fixtureCase}`;

describe('the build fails on bad input and says where', () => {
  it.each([
    {
      name: 'a broken link',
      fixtureCase: 'broken-link',
      expected: ['Docusaurus found broken links', '-> linking to /missing-page', `/links is written in ${caseDir('broken-link')}/docs/links.md`],
    },
    {
      name: 'a broken anchor',
      fixtureCase: 'broken-anchor',
      expected: ['Docusaurus found broken anchors', '-> linking to /#missing-section', `/links is written in ${caseDir('broken-anchor')}/docs/links.md`],
    },
    {
      name: 'an undeclared tag',
      fixtureCase: 'unknown-tag',
      expected: ['Tags [undeclared-tag] used in tagged.md are not defined in tags.yml', `${caseDir('unknown-tag')}/docs/tagged.md`],
    },
    {
      name: 'invalid front matter',
      fixtureCase: 'invalid-front-matter',
      expected: [
        `Invalid front matter in ${caseDir('invalid-front-matter')}/docs/bad.md`,
        'field "sidebar_postion" is not a known front matter field. Did you mean "sidebar_position"?',
      ],
    },
    {
      name: 'a malformed data file',
      fixtureCase: 'malformed-data',
      expected: [
        `Invalid data file ${caseDir('malformed-data')}/data/moodle-releases.json`,
        'release 4.0.2 in series 4.0: field "releaseDate" must be a real calendar date written yyyy-mm-dd (found "2022-02-30")',
      ],
    },
    {
      name: 'a library without its licence',
      fixtureCase: 'malformed-library',
      expected: [`Invalid data file ${caseDir('malformed-library')}/data/third-party-libraries.json`, 'library "jQuery UI" at lib/jquery: field "license" is required but missing'],
    },
  ])('$name', { timeout: 180_000 }, ({ fixtureCase, expected }) => {
    const { status, output } = buildFixture(fixtureCase);
    expect(status, output).not.toBe(0);
    for (const message of expected) {
      expect(output).toContain(message);
    }
  });
});
