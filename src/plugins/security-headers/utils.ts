/**
 * The site's security headers: the Content-Security-Policy worked out from the built pages, and
 * the `_headers` file that static hosts (Netlify, Cloudflare Pages) and `npm run serve` read.
 * Pure functions; the plugin (index.ts) reads the build and writes the file.
 */
import crypto from 'node:crypto';
import * as cheerio from 'cheerio';
import { isTag } from 'domhandler';
import { decodeHTML } from 'entities';

/** What the built pages run and apply inline, each text once. */
export interface InlineSources {
  /** Inline scripts (not data blocks such as JSON-LD, which never run). */
  scripts: Set<string>;
  /** Inline style elements, in the page and in its SVG. */
  styles: Set<string>;
  /** Style attributes, including those of markup that an inline script writes. */
  styleAttributes: Set<string>;
  /** What no policy of this site allows (inline event handlers, javascript: addresses). */
  problems: string[];
}

export function emptyInlineSources(): InlineSources {
  return { scripts: new Set(), styles: new Set(), styleAttributes: new Set(), problems: [] };
}

/** Script types a browser runs; any other `type` makes a data block (HTML, "script" element). */
const scriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/**
 * Style attributes in markup that an inline script writes into the page. Docusaurus's
 * base-address banner is such markup: shown when the site's scripts fail to load, it must not be
 * stripped of its styles by the policy. Both `style="…"` and, inside a double-quoted string,
 * `style=\"…\"`.
 */
function styleAttributesInScript(script: string): string[] {
  return [...script.matchAll(/\bstyle=(?:"([^"\\]*)"|\\"((?:[^"\\])*)\\")/g)].map((match) => decodeHTML(match[1] ?? match[2]));
}

/** Adds what one built page holds inline; `file` names the page in problems. */
export function collectInlineSources(html: string, file: string, into: InlineSources): void {
  const $ = cheerio.load(html);
  for (const element of $('*').toArray().filter(isTag)) {
    const node = $(element);
    const tag = element.tagName.toLowerCase();
    if (tag === 'script' && node.attr('src') === undefined && scriptTypes.has((node.attr('type') ?? '').trim().toLowerCase())) {
      const text = node.text();
      into.scripts.add(text);
      styleAttributesInScript(text).forEach((style) => into.styleAttributes.add(style));
    } else if (tag === 'style') {
      into.styles.add(node.text());
    }
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name === 'style') {
        into.styleAttributes.add(value);
      } else if (/^on/i.test(name)) {
        into.problems.push(`${file}: <${tag} ${name}="…"> is an inline event handler, which the Content-Security-Policy blocks; attach the handler from the page's script instead.`);
      } else if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) && /^\s*javascript:/i.test(value)) {
        into.problems.push(`${file}: <${tag} ${name}="javascript:…"> runs script from an address, which the Content-Security-Policy blocks; use a button with a handler instead.`);
      }
    }
  }
}

/**
 * The style sheets a built script creates with React (`createElement("style", null, "…")`, as
 * the bundler writes it): inserted when the script runs, they are in no page's HTML.
 * DocSearch's modal draws Algolia's logo with one.
 */
export function styleSheetsInScript(script: string, file: string): string[] {
  return [...script.matchAll(/\bcreateElement\(\s*"style"\s*,\s*null\s*,\s*("(?:[^"\\\n]|\\.)*")\s*\)/g)].map((match) => {
    try {
      return JSON.parse(match[1]) as string;
    } catch {
      throw new Error(`security-headers: ${file} creates a style sheet whose text this plugin cannot read (${match[1].slice(0, 60)}…); its hash would be missing from the Content-Security-Policy.`);
    }
  });
}

/** A CSP hash source for a text: `'sha256-<base64>'` of its UTF-8 bytes. */
export function hashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function hashes(texts: Iterable<string>): string[] {
  return [...new Set([...texts].map(hashSource))].sort();
}

/**
 * Algolia's search hosts for an application: the one that answers searches, and the three it
 * falls back to (algoliasearch's read hosts, which DocSearch and the search page use).
 */
export function algoliaHosts(appId: string): string[] {
  const id = appId.toLowerCase();
  return [`https://${id}-dsn.algolia.net`, `https://${id}-1.algolianet.com`, `https://${id}-2.algolianet.com`, `https://${id}-3.algolianet.com`];
}

export interface PolicyOptions {
  /** Algolia's application id when the site searches Algolia; undefined for the local index. */
  algoliaAppId?: string;
}

/**
 * The Content-Security-Policy, directive by directive. Everything not named is refused
 * (`default-src 'none'`); each directive allows the site's own origin only, for:
 *
 * - scripts: its files, and the inline scripts of its pages by hash (never 'unsafe-inline');
 *   'report-sample' puts the start of any blocked inline code in the violation report;
 * - styles: its style sheets, the inline style sheets by hash, and the style attributes its
 *   pages still carry by hash ('unsafe-hashes' lets a hash allow an attribute, and nothing else);
 * - images: its files, and `data:` images, which Infima's style sheet draws its arrows with;
 * - fonts, the web app manifest, the service worker;
 * - requests from scripts (connect-src): the search index, prefetched pages, and in Algolia
 *   mode Algolia's search hosts.
 *
 * Plugins, frames, other base addresses and form targets are refused outright.
 */
export function policyDirectives(sources: Pick<InlineSources, 'scripts' | 'styles' | 'styleAttributes'>, { algoliaAppId }: PolicyOptions = {}): [string, string[]][] {
  const styleAttributeHashes = hashes(sources.styleAttributes);
  return [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", "'report-sample'", ...hashes(sources.scripts)]],
    ['style-src', ["'self'", "'report-sample'", ...(styleAttributeHashes.length ? ["'unsafe-hashes'"] : []), ...hashes([...sources.styles, ...sources.styleAttributes])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(algoliaAppId ? algoliaHosts(algoliaAppId) : [])]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
}

export function serializePolicy(directives: [string, string[]][]): string {
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Splits a policy into its directives (the reverse of serializePolicy). */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) {
      directives.set(name.toLowerCase(), values);
    }
  }
  return directives;
}

/**
 * Browser features the site never uses, turned off for it and anything it might embed. Only
 * features Chromium knows are listed: it warns about an unknown one in the console on every page
 * (as it did for "bluetooth"). Left alone: the clipboard ("Copy page" and the code blocks' copy
 * buttons write to it).
 */
export const disabledFeatures = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** The headers every response of the site carries, in order. */
export function securityHeaders(policy: string): [string, string][] {
  return [
    ['Content-Security-Policy', policy],
    // Scripts and style sheets are run only when served as such, never sniffed from other files.
    ['X-Content-Type-Options', 'nosniff'],
    // Other sites see where a reader came from (the origin), never the page's address.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', disabledFeatures.map((feature) => `${feature}=()`).join(', ')],
  ];
}

/** Cloudflare Pages ignores a `_headers` line longer than this (Netlify has no such limit). */
export const maxHeadersLineLength = 2000;

export interface HeadersRule {
  /** A path, where `*` matches anything and `:name` one path segment. */
  path: string;
  headers: [string, string][];
}

/**
 * The `_headers` file of Netlify and Cloudflare Pages: each rule a path, then its headers
 * indented below it. Throws when a line is longer than Cloudflare Pages reads.
 */
export function formatHeadersFile(rules: HeadersRule[], comment: string[] = []): string {
  const lines = [...comment.map((line) => `# ${line}`), ...rules.flatMap((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)])];
  for (const line of lines) {
    if (line.length > maxHeadersLineLength) {
      const name = /^\s*([\w-]+):/.exec(line)?.[1] ?? line.slice(0, 40);
      throw new Error(
        `security-headers: the ${name} line of _headers is ${line.length} characters, more than the ${maxHeadersLineLength} Cloudflare Pages reads. ` +
          'Each distinct inline script, style sheet or style attribute in the built pages adds a hash to the Content-Security-Policy: move the newest ones into the site\'s script or CSS files.',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Reads a `_headers` file; a malformed line is an error naming the file and the line. */
export function parseHeadersFile(text: string, file: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || line.trimStart().startsWith('#')) {
      return;
    }
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      return;
    }
    const header = /^\s+([!\w-]+)\s*:\s*(.*)$/.exec(line);
    const rule = rules.at(-1);
    if (!header || !rule) {
      throw new Error(`${file}:${index + 1}: expected "  Name: value" under a path, found "${line.trim()}"`);
    }
    rule.headers.push([header[1], header[2].trim()]);
  });
  return rules;
}

function pathPattern(rulePath: string): RegExp {
  const pattern = rulePath
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * The headers a request path gets, as the hosts apply the file: every matching rule's headers,
 * the values of a header named by several rules joined with a comma.
 */
export function headersFor(rules: HeadersRule[], urlPath: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    if (pathPattern(rule.path).test(urlPath)) {
      for (const [name, value] of rule.headers) {
        const existing = headers.get(name);
        headers.set(name, existing === undefined ? value : `${existing}, ${value}`);
      }
    }
  }
  return headers;
}
