/** The Markdown version of pages and llms.txt: what each kind of rendered content becomes. */
import { describe, expect, it } from 'vitest';
import { pageToMarkdown } from '../../src/plugins/markdown-export/convert';
import { buildLlmsTxt, compareRoutes, docsVersionOf, fullTextFiles, isExportedRoute, type SiteInfo } from '../../src/plugins/markdown-export/llms';
import type { MarkdownPage } from '../../src/plugins/markdown-export/convert';

const options = { route: '/docs/apis/core/lock', siteUrl: 'https://moodledev.io', baseUrl: '/' };

/** A built page in the shape Docusaurus writes it (minified: optional end tags left out). */
function builtPage(content: string, { description = 'How to lock things.', title = 'Lock API | Moodle Developer Resources' } = {}): string {
  return `<!doctype html><html lang=en-AU><head><title>${title}</title><meta name=description content="${description}"></head><body><nav class=navbar><a href=/docs>Guides</a></nav><main><div class=container><article><nav class=theme-doc-breadcrumbs><a href=/>Home</a></nav><span class="theme-doc-version-badge badge">Version: master</span><div class="theme-doc-markdown markdown"><header><h1>Lock API</h1></header>${content}</div><footer class=theme-doc-footer><a href=/edit>Edit this page</a></footer></article></div></main><footer class=footer>Copyright</footer></body></html>`;
}

function convert(content: string, overrides: Partial<typeof options> = {}): string {
  const page = pageToMarkdown(builtPage(content), { ...options, ...overrides });
  if (!page) {
    throw new Error('no page');
  }
  return page.markdown;
}

const codeBlock = (language: string, lines: string[], title?: string) =>
  `<div class="language-${language} codeBlockContainer_Ckt0 theme-code-block" style=--prism-color:#1f2328>${title ? `<div class=codeBlockTitle_OeMC>${title}</div>` : ''}<div class=codeBlockContent_QJqH><pre tabindex=0 class="prism-code language-${language} codeBlock_bY9V"><code class=codeBlockLines_e6Vv>${lines
    .map((line) => `<div class=token-line style=color:#1f2328><span class="token plain">${line}</span><br/></div>`)
    .join('')}</code></pre></div></div>`;

describe('the Markdown version of a page', () => {
  it('starts with the title as the only H1, the description and the page address', () => {
    const markdown = convert('<p>Text.');
    expect(markdown.startsWith('# Lock API\n\n> How to lock things.\n\nSource: <https://moodledev.io/docs/apis/core/lock>\n\nText.\n')).toBe(true);
    expect(markdown.match(/^# /gm)).toHaveLength(1);
  });

  it('leaves out the navbar, breadcrumbs, version badge, footer and heading anchors', () => {
    const markdown = convert('<h2 id=concepts>Concepts<a href=#concepts class=hash-link aria-label="Direct link to Concepts">​</a></h2><p>Body.');
    expect(markdown).toContain('## Concepts\n\nBody.');
    expect(markdown).not.toMatch(/Guides|Home|Version: master|Edit this page|Copyright|Direct link|#concepts/);
  });

  it('keeps a code block with its language and title, one line per line, entities decoded', () => {
    const markdown = convert(codeBlock('php', ['&lt;?php', '$a = [1 =&gt; 2];'], 'local/greet/lib.php'));
    expect(markdown).toContain('```php title="local/greet/lib.php"\n<?php\n$a = [1 => 2];\n```');
  });

  it('gives a code example the file it belongs in as its title, and drops the caption', () => {
    const markdown = convert(`<figure class=example_C4Ui data-markdown=code-example data-file=local/greet/version.php><figcaption class=caption><span class=label>File</span> <code>local/greet/version.php</code></figcaption><div class=code>${codeBlock('php', ['$plugin->version = 1;'])}</div></figure>`);
    expect(markdown).toContain('```php title="local/greet/version.php"\n$plugin->version = 1;\n```');
    expect(markdown).not.toMatch(/^File/m);
  });

  it('writes a diagram as a mermaid block from the source the page carries', () => {
    const markdown = convert('<!-- --><div hidden data-markdown=mermaid data-source="flowchart TD&#10;    A --&gt; B"></div>');
    expect(markdown).toContain('```mermaid\nflowchart TD\n    A --> B\n```');
  });

  it('writes a version marker as emphasis inside its sentence, without React separators', () => {
    const markdown = convert('<p><span class=badge_k9pM data-markdown=since><span class=label>Since Moodle <!-- -->4.5</span> <!-- -->(<a href=https://tracker.moodle.org/browse/MDL-81031>MDL-81031</a>)</span> It is new.');
    expect(markdown).toContain('_Since Moodle 4.5 ([MDL-81031](https://tracker.moodle.org/browse/MDL-81031))_ It is new.');
    expect(markdown).not.toContain('<!--');
  });

  it('turns deprecation notes and admonitions into quotes that start with their heading', () => {
    const markdown = convert(
      '<aside class=notice role=note aria-label="Deprecated since Moodle 5.0"><p class=heading><strong>Deprecated since Moodle 5.0</strong><p>Use the new trait.</aside>' +
        '<div class="theme-admonition theme-admonition-tip admonition_x alert"><div class=admonitionHeading_y><span class=admonitionIcon_z><svg viewBox="0 0 1 1"><path d=M0 /></svg></span>tip</div><div class=admonitionContent_w><p>Use a lock.</div></div>',
    );
    expect(markdown).toContain('> **Deprecated since Moodle 5.0**\n>\n> Use the new trait.');
    expect(markdown).toContain('> **Tip**\n>\n> Use a lock.');
  });

  it('writes every tab panel under its label, and the content of details with its summary', () => {
    const markdown = convert(
      '<div class="tabs-container tabList_a"><ul role=tablist class=tabs><li role=tab aria-selected=true>Apache<li role=tab aria-selected=false>nginx</ul><div class=margin-top--md><div role=tabpanel><p>Apache text.</div><div role=tabpanel hidden><p>nginx text.</div></div></div>' +
        '<details class=details><summary>Why?</summary><div><div><p>Because.</div></div></details>',
    );
    expect(markdown).toContain('**Apache**\n\nApache text.\n\n**nginx**\n\nnginx text.');
    expect(markdown).toContain('**Why?**\n\nBecause.');
  });

  it('writes tables as GFM tables, with the caption above them, from minified HTML', () => {
    const markdown = convert('<div class=wrapper role=region tabindex=0><table><caption>Minimums by series.<thead><tr><th>Moodle<th>PHP<tbody><tr><th scope=row>4.1<td>7.4.0<tr><th scope=row>4.0<td>7.3.0</table></div>');
    expect(markdown).toContain('_Minimums by series._\n\n| Moodle | PHP   |\n| ------ | ----- |\n| 4.1    | 7.4.0 |\n| 4.0    | 7.3.0 |');
  });

  it('makes links absolute: paths on the site, anchors on the page, and leaves other sites alone', () => {
    const markdown = convert('<p><a href=/docs/4.1/devupdate>update</a>, <a href=#concepts>concepts</a>, <a href=https://tracker.moodle.org/browse/MDL-1>MDL-1</a>', { route: '/docs/4.1/x' });
    expect(markdown).toContain('[update](https://moodledev.io/docs/4.1/devupdate), [concepts](https://moodledev.io/docs/4.1/x#concepts), [MDL-1](https://tracker.moodle.org/browse/MDL-1)');
  });

  it('lists doc cards as links with their descriptions', () => {
    const markdown = convert('<section class=row><article class=col><a class="card theme-doc-card-container" href=/docs/apis/subsystems/tag><h2 class=theme-doc-card-heading><span class=theme-doc-card-icon>📄️</span><span class=theme-doc-card-title>Tags</span></h2><p class=theme-doc-card-description>Tag records.</p></a></article></section>');
    expect(markdown).toContain('- [Tags](https://moodledev.io/docs/apis/subsystems/tag): Tag records.');
  });

  it('has nothing to say for a page without document content', () => {
    expect(pageToMarkdown('<html><head><title>Home</title></head><body><main><h1>Home</h1></main></body></html>', options)).toBeNull();
  });
});

describe('llms.txt and llms-full.txt', () => {
  const site: SiteInfo = { title: 'Moodle Developer Resources', summary: 'Docs for Moodle developers.', siteRoot: 'https://moodledev.io/', versions: ['4.1'] };
  const page = (route: string, title: string): MarkdownPage => ({ route, title, description: `About ${title}.`, markdown: `# ${title}\n\nSource: <https://moodledev.io${route}>\n` });
  const pages = [
    page('/docs', 'Introduction'),
    page('/docs/apis/core/dml', 'DML'),
    page('/docs/apis/subsystems/task', 'Tasks'),
    page('/docs/guides/templates', 'Templates'),
    page('/docs/4.1', 'Introduction 4.1'),
    page('/docs/4.1/devupdate', 'Moodle 4.1 developer update'),
    page('/general/development/process', 'Process'),
    page('/general/releases', 'Release notes'),
    page('/general/releases/3.9', 'Moodle 3.9'),
    page('/general/releases/3.10', 'Moodle 3.10'),
    page('/general/releases/3.9/3.9.18', 'Moodle 3.9.18'),
  ];

  it('knows the docs version and which routes have a Markdown version', () => {
    expect(docsVersionOf('/docs/4.1/devupdate', ['4.1'])).toBe('4.1');
    expect(docsVersionOf('/docs/4.10', ['4.1'])).toBe('current');
    expect(docsVersionOf('/docs', ['4.1'])).toBe('current');
    expect(docsVersionOf('/general/releases', ['4.1'])).toBeNull();
    expect(['/docs/apis', '/general/releases/3.9/3.9.18', '/docs/4.1'].every(isExportedRoute)).toBe(true);
    expect(['/', '/search', '/versions', '/docs/tags', '/docs/tags/api', '/general/tags/git', '/markdown-page'].some(isExportedRoute)).toBe(false);
  });

  it('orders numbers as numbers and release series newest first', () => {
    expect(['/general/releases/3.9', '/general/releases/3.10', '/general/releases/4.0'].sort(compareRoutes)).toEqual(['/general/releases/4.0', '/general/releases/3.10', '/general/releases/3.9']);
    expect(['/docs/b10', '/docs/b2'].sort(compareRoutes)).toEqual(['/docs/b2', '/docs/b10']);
  });

  it('has one H1, a quoted summary and H2 sections of links to Markdown files', () => {
    const text = buildLlmsTxt(pages, site);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Moodle Developer Resources');
    expect(lines[2]).toBe('> Docs for Moodle developers.');
    expect(text.match(/^# /gm)).toHaveLength(1);
    expect(text.match(/^## .+$/gm)).toEqual(['## Getting started', '## APIs', '## Subsystems', '## Guides', '## Development process and coding', '## Release notes', '## Optional']);
    const links = lines.filter((line) => line.startsWith('- '));
    expect(links.every((line) => /^- \[[^\]]+\]\(https:\/\/moodledev\.io\/[^)]+\.(md|txt)\)(: .+)?$/.test(line))).toBe(true);
    expect(text).toContain('- [DML](https://moodledev.io/docs/apis/core/dml.md): About DML.');
  });

  it('lists the current docs only, and single releases only through their series', () => {
    const text = buildLlmsTxt(pages, site);
    expect(text).not.toContain('/docs/4.1/devupdate.md');
    expect(text).not.toContain('3.9.18');
    const releases = text.slice(text.indexOf('## Release notes'), text.indexOf('## Optional'));
    expect(releases.match(/\/general\/releases[^)]*\.md/g)).toEqual(['/general/releases.md', '/general/releases/3.10.md', '/general/releases/3.9.md']);
    expect(text).toContain('(https://moodledev.io/docs/4.1/llms-full.txt)');
  });

  it('writes one full-text file for the current docs and the general section, and one per frozen version', () => {
    const files = fullTextFiles(pages, site);
    expect(files.map((file) => file.file)).toEqual(['llms-full.txt', 'docs/4.1/llms-full.txt']);
    const sources = (content: string) => [...content.matchAll(/^Source: <https:\/\/moodledev\.io([^>]*)>$/gm)].map((match) => match[1]);
    expect(sources(files[0].content)).toEqual(['/docs', '/docs/apis/core/dml', '/docs/apis/subsystems/task', '/docs/guides/templates', '/general/development/process']);
    expect(sources(files[1].content)).toEqual(['/docs/4.1', '/docs/4.1/devupdate']);
  });
});
