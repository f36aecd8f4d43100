/**
 * The security headers the build writes (src/plugins/security-headers): the hashes of what the
 * pages hold inline, the policy in local and Algolia mode, and the `_headers` file format.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSecurityHeaders } from '../../src/plugins/security-headers';
import { diagramStyleSheets } from '../../src/utils/renderedDiagrams';
import {
  algoliaHosts,
  collectInlineSources,
  disabledFeatures,
  emptyInlineSources,
  formatHeadersFile,
  hashSource,
  headersFor,
  maxHeadersLineLength,
  parseHeadersFile,
  parsePolicy,
  policyDirectives,
  securityHeaders,
  serializePolicy,
  styleSheetsInScript,
} from '../../src/plugins/security-headers/utils';

function sourcesOf(html: string) {
  const sources = emptyInlineSources();
  collectInlineSources(html, 'page.html', sources);
  return sources;
}

describe('hashSource', () => {
  // Hashes made by OpenSSL (`printf '…' | openssl dgst -sha256 -binary | base64`), not by this code.
  it.each([
    ['doSomething();', 'RFWPLDbv2BY+rCkDzsE+0fr8ylGr2R2faWMhq4lfEQc='],
    ['é', 'SplVfkAzw1Od4utlRyAXytX5VX96BiWgnxw/biumnEw='],
  ])('hashes %j as its UTF-8 bytes', (text, digest) => {
    expect(hashSource(text)).toBe(`'sha256-${digest}'`);
  });
});

describe('collectInlineSources', () => {
  it('takes inline scripts a browser runs, and no script that is a file or a data block', () => {
    const sources = sourcesOf(
      '<head><script>start()</script><script type="module">load()</script><script src="/a.js"></script><script type="application/ld+json">{"@type":"Thing"}</script></head>',
    );
    expect([...sources.scripts]).toEqual(['start()', 'load()']);
  });

  it('takes style sheets as the browser reads them, entities decoded inside SVG', () => {
    const sources = sourcesOf('<style>p{color:red}</style><svg><style>a&gt;b{}</style></svg>');
    expect([...sources.styles]).toEqual(['p{color:red}', 'a>b{}']);
    expect(hashSource([...sources.styles][1])).toBe("'sha256-PdWuJVkiYhVq6NDbsyvlCvEDi+gNbazWmtASm9e+9IY='");
  });

  it('takes style attributes decoded, and those of markup an inline script writes', () => {
    const sources = sourcesOf(`<p style="color: red;&amp;">x</p><script>banner.innerHTML='<div style="margin: 1px">'; other.innerHTML = "<p style=\\"padding: 2px\\">";</script>`);
    expect([...sources.styleAttributes]).toEqual(['color: red;&', 'margin: 1px', 'padding: 2px']);
    expect(hashSource('color: red;&')).toBe("'sha256-/6hGp4S+cTm0hMj85gOWtufiFiDGcB2gZGjYrEat9ng='");
  });

  it('takes the style sheets a built script creates with React, as the script has them', () => {
    const script = 'n.createElement("svg",null,n.createElement("defs",null,n.createElement("style",null,".cls-1{fill:#003dff;}\\n")));x.createElement("style",{id:"a"})';
    expect(styleSheetsInScript(script, 'chunk.js')).toEqual(['.cls-1{fill:#003dff;}\n']);
    expect(() => styleSheetsInScript('e.createElement("style",null,"\\x41")', 'chunk.js')).toThrow(/^security-headers: chunk\.js creates a style sheet/);
  });

  it('reports inline event handlers and javascript: addresses, naming the page', () => {
    const { problems } = sourcesOf('<button onclick="go()">Go</button><a href=" javascript:go()">Go</a><a href="/javascript">Fine</a>');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^page\.html: <button onclick="…"> is an inline event handler/);
    expect(problems[1]).toMatch(/^page\.html: <a href="javascript:…">/);
  });
});

describe('the Content-Security-Policy', () => {
  const sources = sourcesOf('<script>start()</script><style>p{}</style><svg style="display: none;"></svg>');
  const local = parsePolicy(serializePolicy(policyDirectives(sources)));

  it('allows only the site itself, and inline code by hash', () => {
    expect(local.get('default-src')).toEqual(["'none'"]);
    expect(local.get('script-src')).toEqual(["'self'", "'report-sample'", hashSource('start()')]);
    expect(local.get('style-src')).toEqual(["'self'", "'report-sample'", "'unsafe-hashes'", ...[hashSource('p{}'), hashSource('display: none;')].sort()]);
    for (const directive of ['font-src', 'connect-src', 'manifest-src', 'worker-src']) {
      expect(local.get(directive), directive).toEqual(["'self'"]);
    }
    // Infima draws its arrows as data: images in its style sheet.
    expect(local.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('refuses plugins, framing, other base addresses and other form targets', () => {
    expect(local.get('object-src')).toEqual(["'none'"]);
    expect(local.get('base-uri')).toEqual(["'self'"]);
    expect(local.get('frame-ancestors')).toEqual(["'none'"]);
    expect(local.get('form-action')).toEqual(["'self'"]);
  });

  it('never allows inline code or eval wholesale', () => {
    const policy = serializePolicy(policyDirectives(sources));
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'strict-dynamic'|\*/);
  });

  it('asks for unsafe-hashes only when the pages carry style attributes', () => {
    const withoutAttributes = parsePolicy(serializePolicy(policyDirectives(sourcesOf('<style>p{}</style>'))));
    expect(withoutAttributes.get('style-src')).toEqual(["'self'", "'report-sample'", hashSource('p{}')]);
  });

  it('lists each hash once, in a stable order', () => {
    const twice = sourcesOf('<script>b()</script><script>a()</script><script>b()</script>');
    expect(parsePolicy(serializePolicy(policyDirectives(twice))).get('script-src')).toEqual(["'self'", "'report-sample'", ...[hashSource('a()'), hashSource('b()')].sort()]);
  });

  it('in Algolia mode, adds Algolia’s search hosts for the application to connect-src, and nothing else', () => {
    const algolia = parsePolicy(serializePolicy(policyDirectives(sources, { algoliaAppId: 'E2ETESTAPP' })));
    expect(algolia.get('connect-src')).toEqual([
      "'self'",
      'https://e2etestapp-dsn.algolia.net',
      'https://e2etestapp-1.algolianet.com',
      'https://e2etestapp-2.algolianet.com',
      'https://e2etestapp-3.algolianet.com',
    ]);
    expect(algoliaHosts('E2ETESTAPP')).toHaveLength(4);
    expect([...algolia.keys()]).toEqual([...local.keys()]);
    for (const [directive, values] of local) {
      if (directive !== 'connect-src') {
        expect(algolia.get(directive), directive).toEqual(values);
      }
    }
  });
});

describe('the other security headers', () => {
  const headers = new Map(securityHeaders("default-src 'none'"));

  it('turns off MIME sniffing and sends only the origin to other sites', () => {
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('turns off each unused browser feature for every origin, and leaves the clipboard alone', () => {
    const features = (headers.get('Permissions-Policy') ?? '').split(', ');
    expect(features).toEqual(disabledFeatures.map((feature) => `${feature}=()`));
    expect(features).toContain('camera=()');
    expect(features.some((feature) => feature.startsWith('clipboard'))).toBe(false);
  });
});

describe('the _headers file', () => {
  const rules = [
    { path: '/*', headers: [['X-Content-Type-Options', 'nosniff'] as [string, string], ['Content-Security-Policy', "default-src 'none'"] as [string, string]] },
    { path: '/docs/*', headers: [['X-Robots-Tag', 'all'] as [string, string]] },
    { path: '/releases/:series/notes', headers: [['X-Robots-Tag', 'noarchive'] as [string, string]] },
  ];

  it('is written in the format Netlify and Cloudflare Pages read', () => {
    expect(formatHeadersFile(rules.slice(0, 1), ['Written by the build.'])).toBe("# Written by the build.\n/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: default-src 'none'\n");
  });

  it('reads back what it writes', () => {
    expect(parseHeadersFile(formatHeadersFile(rules, ['A comment']), '_headers')).toEqual(rules);
  });

  it('refuses a line longer than Cloudflare Pages reads, naming the header', () => {
    const long = [{ path: '/*', headers: [['Content-Security-Policy', `script-src ${'x'.repeat(maxHeadersLineLength)}`] as [string, string]] }];
    expect(() => formatHeadersFile(long)).toThrow(/the Content-Security-Policy line of _headers is \d+ characters, more than the 2000/);
  });

  it('names the file and line of a malformed line', () => {
    expect(() => parseHeadersFile('/*\n  X-Frame-Options DENY\n', 'build/_headers')).toThrow('build/_headers:2: expected "  Name: value" under a path');
    expect(() => parseHeadersFile('  Orphan: header\n', 'build/_headers')).toThrow('build/_headers:1:');
  });

  it.each([
    ['/', ['nosniff', undefined]],
    ['/docs/apis', ['nosniff', 'all']],
    ['/docsearch', ['nosniff', undefined]],
    ['/releases/4.1/notes', ['nosniff', 'noarchive']],
    ['/releases/4.1/more/notes', ['nosniff', undefined]],
  ])('applies every rule whose path matches %s', (urlPath, [nosniff, robots]) => {
    const applied = headersFor(rules, urlPath);
    expect(applied.get('X-Content-Type-Options')).toBe(nosniff);
    expect(applied.get('X-Robots-Tag')).toBe(robots);
  });

  it('joins the values of a header that several matching rules name, as the hosts do', () => {
    const twice = [
      { path: '/*', headers: [['Cache-Control', 'no-cache'] as [string, string]] },
      { path: '/assets/*', headers: [['Cache-Control', 'immutable'] as [string, string]] },
    ];
    expect(headersFor(twice, '/assets/app.js').get('Cache-Control')).toBe('no-cache, immutable');
  });
});

describe('writeSecurityHeaders', () => {
  function site(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), content);
    }
    return dir;
  }

  it('writes _headers for the base URL, with the hashes of the pages, the scripts’ style sheets and the diagrams’', () => {
    const dir = site({
      'index.html': '<html><head><script>start()</script></head><body><div style="color: red">x</div></body></html>',
      'docs/page.html': '<html><body><svg><style>a{}</style></svg></body></html>',
      'assets/js/chunk.js': 'e.createElement("style",null,".logo{fill:blue}")',
    });
    try {
      const policy = writeSecurityHeaders(dir, '/devdocs/', { algoliaAppId: 'APP' });
      const rules = parseHeadersFile(fs.readFileSync(path.join(dir, '_headers'), 'utf8'), '_headers');
      expect(rules.map((rule) => rule.path)).toEqual(['/devdocs/*']);
      expect(new Map(rules[0].headers).get('Content-Security-Policy')).toBe(policy);
      const directives = parsePolicy(policy);
      expect(directives.get('script-src')).toContain(hashSource('start()'));
      for (const style of ['color: red', 'a{}', '.logo{fill:blue}', ...diagramStyleSheets()]) {
        expect(directives.get('style-src'), style).toContain(hashSource(style));
      }
      expect(directives.get('connect-src')).toContain('https://app-dsn.algolia.net');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses pages with inline event handlers, naming each page, and writes nothing', () => {
    const dir = site({ 'index.html': '<button onclick="go()">Go</button>', 'assets/js/chunk.js': '' });
    try {
      expect(() => writeSecurityHeaders(dir, '/', {})).toThrow(/index\.html: <button onclick="…"> is an inline event handler/);
      expect(fs.existsSync(path.join(dir, '_headers'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
