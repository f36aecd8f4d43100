/**
 * The documentation section tells contributors how to run and check this site. Its commands
 * must be the README's and the package's, so that the pages and the project cannot drift apart:
 * the README's two set-up commands appear on the installation page exactly as the README writes
 * them, and every other npm command the section names is a script of package.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles, fencedBlocks, readPage, siteRoot } from '../support/content';

const readme = readPage('README.md');
const scripts = Object.keys((JSON.parse(fs.readFileSync(path.join(siteRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** The README's first two code blocks: the set-up command and the test command. */
const setupCommands = fencedBlocks('README.md', readme)
  .slice(0, 2)
  .map((block) => block.code.trim());

const sectionPages = contentFiles(['general/documentation']);

/** npm commands a page gives, in code blocks and in inline code. */
function npmCommands(file: string): string[] {
  const text = readPage(file);
  const fromBlocks = fencedBlocks(file, text)
    .filter((block) => ['bash', 'sh', 'shell', 'console'].includes(block.language))
    .flatMap((block) => block.code.split('\n'));
  const fromInline = [...text.replace(/^(`{3,}|~{3,})[\s\S]*?^\1\s*$/gm, '').matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
  return [...fromBlocks, ...fromInline].map((line) => line.replace(/^\$\s+/, '').trim()).filter((line) => /^npm\s/.test(line));
}

describe('the documentation section and the README', () => {
  it('the README starts with its two commands', () => {
    expect(setupCommands).toHaveLength(2);
    expect(setupCommands[1]).toBe('npm test');
  });

  it('the installation page gives the README’s two commands, each in its own block', () => {
    const blocks = fencedBlocks('general/documentation/installation.md', readPage('general/documentation/installation.md')).map((block) => block.code.trim());
    for (const command of setupCommands) {
      expect(blocks, `general/documentation/installation.md lacks a code block holding exactly: ${command}`).toContain(command);
    }
  });

  it.each(sectionPages)('%s names only the README’s commands and scripts package.json has', (file) => {
    for (const command of npmCommands(file)) {
      if (setupCommands.includes(command) || ['npm ci', 'npm start', 'npm test'].includes(command)) {
        continue;
      }
      const script = /^npm run ([\w:-]+)(\s|$)/.exec(command)?.[1];
      expect(script, `${file}: "${command}" is neither a README command nor "npm run <script>"`).toBeDefined();
      expect(scripts, `${file}: "${command}" runs a script package.json does not define`).toContain(script);
    }
  });
});
