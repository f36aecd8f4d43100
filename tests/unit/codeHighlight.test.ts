/**
 * Build-time code highlighting: the HTML the build writes for a block, the classes that colour
 * it in each mode, and the blocks the remark plugin leaves to the browser.
 */
import type { Code, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { codeThemes as themes, darkCodeTheme, lightCodeTheme } from '../../config/prism';
import highlightCode, { highlightedLines } from '../../src/remark/highlightCode';
import { codeThemeCss, escapeHtml, lineHtml, looksPlain, tokenClassName } from '../../src/utils/codeHighlight';


const entryOf = (type: string) => lightCodeTheme.styles.findIndex((entry) => entry.types.includes(type));

describe('highlighted lines', () => {
  it('turn PHP into token spans, one string per line, with the colour class of each token', () => {
    const lines = highlightedLines("<?php\n$user = $DB->get_record('user', ['id' => 2]);\n\nfunction f() {}", 'php');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`<span class="token variable pc${entryOf('variable')}">$DB</span>`);
    expect(lines[1]).toContain(`<span class="token string single-quoted-string pc${entryOf('string')}">'user'</span>`);
    expect(lines[1]).toContain(`<span class="token variable pc${entryOf('variable')}">$user</span> = <span`);
    expect(lines[2]).toBe('');
    expect(lines[3]).toContain(`<span class="token keyword pc${entryOf('keyword')}">function</span>`);
  });

  it('highlight the aliased and added languages (Mustache as Handlebars, Gherkin) and leave unknown ones plain', () => {
    expect(highlightedLines('{{#str}} pluginname, local_greet {{/str}}', 'mustache')[0]).toContain('token');
    expect(highlightedLines('Feature: Greetings\n  Scenario: Say hello', 'gherkin')[0]).toContain('token feature');
    expect(highlightedLines('just <text> & more', 'text')).toEqual(['just &lt;text&gt; &amp; more']);
  });

  it('escape text as browsers serialise it, so hydration finds the same HTML', () => {
    expect(escapeHtml(`a "quoted" 'word' <b> & \u00a0`)).toBe(`a "quoted" 'word' &lt;b&gt; &amp; &nbsp;`);
    expect(lineHtml([{ types: ['plain'], content: '\n', empty: true }], themes)).toBe('');
  });

  it('leave plain-looking tokens as text and put next tokens of one colour in one span', () => {
    const line = [
      { types: ['keyword'], content: 'return' },
      { types: ['plain'], content: ' ' },
      { types: ['punctuation'], content: '[' },
      { types: ['string'], content: "'a'" },
      { types: ['punctuation'], content: ',' },
      { types: ['plain'], content: ' ' },
      { types: ['string'], content: "'b'" },
      { types: ['string'], content: "'c'" },
      { types: ['punctuation'], content: ']' },
      { types: ['comment'], content: ' // <done>' },
    ];
    const string = `token string pc${entryOf('string')}`;
    expect(lineHtml(line, themes)).toBe(
      `<span class="token keyword pc${entryOf('keyword')}">return</span> [<span class="${string}">'a'</span>, <span class="${string}">'b''c'</span>]<span class="token comment pc${entryOf('comment')} pi"> // &lt;done&gt;</span>`,
    );
  });

  it('count as plain only where both modes show the plain colour, upright and regular', () => {
    expect(looksPlain(['plain'], themes)).toBe(true);
    expect(looksPlain(['punctuation'], themes)).toBe(lightCodeTheme.styles[entryOf('punctuation')].style.color === lightCodeTheme.plain.color);
    expect(looksPlain(['unknown-type'], themes)).toBe(true);
    expect(looksPlain(['keyword'], themes)).toBe(false);
    expect(looksPlain(['bold'], themes)).toBe(false);
    const darkPunctuation = { ...darkCodeTheme, styles: darkCodeTheme.styles.map((entry) => (entry.types.includes('punctuation') ? { ...entry, style: { color: '#ff0000' } } : entry)) };
    expect(looksPlain(['punctuation'], { light: lightCodeTheme, dark: darkPunctuation })).toBe(false);
  });
});

describe('token classes', () => {
  it('colour a token by the last of its types that has a colour, as prism-react-renderer merges styles', () => {
    expect(tokenClassName(['plain'], lightCodeTheme)).toBe('token plain');
    expect(tokenClassName(['string', 'punctuation'], lightCodeTheme)).toBe(`token string punctuation pc${entryOf('punctuation')}`);
    expect(tokenClassName(['punctuation', 'string'], lightCodeTheme)).toBe(`token punctuation string pc${entryOf('string')}`);
    expect(tokenClassName(['comment'], lightCodeTheme)).toBe(`token comment pc${entryOf('comment')} pi`);
    expect(tokenClassName(['unknown-type'], lightCodeTheme)).toBe('token unknown-type');
  });

  it('mean the same entries in both themes, so one class works in both modes', () => {
    expect(darkCodeTheme.styles.map((entry) => entry.types)).toEqual(lightCodeTheme.styles.map((entry) => entry.types));
  });

  it('get the light colours by default and the dark ones under [data-theme=dark]', () => {
    const css = codeThemeCss(themes);
    const keyword = entryOf('keyword');
    expect(css).toContain(`\n.pc${keyword}{color:${lightCodeTheme.styles[keyword].style.color}}`);
    expect(css).toContain(`[data-theme='dark'] .pc${keyword}{color:${darkCodeTheme.styles[keyword].style.color}}`);
    expect(css).toContain(`.theme-code-block{--prism-color:${lightCodeTheme.plain.color};--prism-background-color:${lightCodeTheme.plain.backgroundColor}}`);
    expect(css).toContain(`[data-theme='dark'] .theme-code-block{--prism-color:${darkCodeTheme.plain.color}`);
  });
});

describe('the remark plugin', () => {
  const run = (...nodes: Code[]): Code[] => {
    const tree: Root = { type: 'root', children: nodes };
    highlightCode()(tree);
    return nodes;
  };
  const highlighted = (node: Code) => (node.data?.hProperties as Record<string, unknown> | undefined)?.dataHighlighted;

  it('puts the highlighted lines on each code block, magic comments included, and leaves diagrams and empty blocks alone', () => {
    const [php, mermaid, magic, empty] = run(
      { type: 'code', lang: 'php', value: '$a = 1;\n$b = 2;' },
      { type: 'code', lang: 'mermaid', value: 'graph TD\n  A --> B' },
      { type: 'code', lang: 'js', value: '// highlight-next-line\nconst a = 1;' },
      { type: 'code', lang: 'php', value: '' },
    );
    expect(JSON.parse(highlighted(php) as string)).toEqual(highlightedLines('$a = 1;\n$b = 2;', 'php'));
    expect(highlighted(mermaid)).toBeUndefined();
    expect(JSON.parse(highlighted(magic) as string)).toHaveLength(2);
    expect(highlighted(empty)).toBeUndefined();
  });
});
