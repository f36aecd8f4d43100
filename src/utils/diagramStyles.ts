/**
 * The drawings of Mermaid diagrams as the pages carry them, under the site's
 * Content-Security-Policy (src/plugins/security-headers).
 *
 * The policy lets an inline style through only by its hash, and a policy can hold only so many
 * hashes: Cloudflare Pages reads `_headers` lines of at most 2,000 characters. Mermaid writes
 * every drawing with hundreds of style attributes and a style sheet scoped by the drawing's own
 * id, so each drawing would need hashes of its own. Each drawing is rewritten so that drawings of
 * one kind (flowchart, sequence…) and colour mode carry the very same style sheet, and no style
 * attribute:
 *
 * - each style attribute becomes a class (`diagram-style-…`, named by its declarations), and the
 *   sheet gains a rule for each, its declarations marked `!important`, since a style attribute
 *   outranks every rule of a sheet; the sheet holds the rules of every drawing of that kind, so
 *   it is the same in each;
 * - the sheet's rules are scoped by a class naming the kind and the mode
 *   (`diagram-flowchart-v2-light`) instead of the drawing's id;
 * - the rules of Mermaid's "neo" look, which name the drawing's own gradient, are dropped from a
 *   drawing that has no element of that look (they could not apply to anything in it);
 * - the root's `max-width` style gives way to `width` and `height` attributes (the drawing's size
 *   from its viewBox), which the page's CSS scales down to fit a narrower column.
 *
 * A drawing whose sheet still names its own elements keeps a sheet of its own: it still works,
 * with one more hash in the policy.
 */
import crypto from 'node:crypto';
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';

/** A drawing's kind (Mermaid's aria-roledescription, such as "flowchart-v2") and mode. */
export interface DrawingKind {
  type: string;
  mode: string;
}

/** The root element's id (`mermaid-<key>-<mode>`), kind and mode; the error names `where`. */
function rootOf($: cheerio.CheerioAPI, where: string): { root: cheerio.Cheerio<Element>; id: string } & DrawingKind {
  const root = $('svg').first();
  const id = root.attr('id') ?? '';
  const mode = /^mermaid-[0-9a-f]{8}-(\w+)$/.exec(id)?.[1];
  const type = root.attr('aria-roledescription');
  if (!mode || !type || !/^[\w-]+$/.test(type)) {
    throw new Error(`${where}: the drawing's <svg> needs an id "mermaid-<key>-<mode>" and an aria-roledescription naming its kind, as Mermaid writes them. Run npm run diagrams:render to draw it again.`);
  }
  return { root, id, type, mode };
}

/** A style attribute's declarations, one per entry, without the empty ones. */
export function declarationsOf(style: string): string[] {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(Boolean);
}

/** The class that stands for a list of declarations. */
export function declarationClass(declarations: string[]): string {
  return `diagram-style-${crypto.createHash('sha256').update(declarations.join(';')).digest('hex').slice(0, 10)}`;
}

/** The rule of that class: each declaration `!important`, as it was in a style attribute. */
export function declarationRule(declarations: string[]): string {
  const important = declarations.map((declaration) => (/!\s*important$/i.test(declaration) ? declaration : `${declaration} !important`));
  return `.${declarationClass(declarations)}{${important.join(';')}}`;
}

/** The kind of a drawing, and the style attributes of its elements (the root's aside). */
export function styleAttributesOf(svg: string, where: string): DrawingKind & { declarations: string[][] } {
  const $ = cheerio.load(svg, null, false);
  const { root, type, mode } = rootOf($, where);
  const declarations = root
    .find('[style]')
    .toArray()
    .map((element) => declarationsOf($(element).attr('style') ?? ''))
    .filter((list) => list.length > 0);
  return { type, mode, declarations };
}

/**
 * Splits a style sheet into its top-level parts: rules (`selector{…}`) and at-rules with their
 * blocks (`@keyframes x{…}`). Braces inside strings do not count.
 */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < css.length; index++) {
    const character = css[index];
    if (quote) {
      if (character === '\\') {
        index++;
      } else if (character === quote) {
        quote = undefined;
      }
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '{') {
      depth++;
    } else if (character === '}') {
      depth--;
      if (depth === 0) {
        rules.push(css.slice(start, index + 1).trim());
        start = index + 1;
      }
    } else if (character === ';' && depth === 0) {
      // A statement at-rule (@import …;).
      rules.push(css.slice(start, index + 1).trim());
      start = index + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) {
    rules.push(rest);
  }
  return rules.filter(Boolean);
}

/** Whether every selector of a rule is for Mermaid's "neo" look. */
function isNeoRule(rule: string): boolean {
  const prelude = rule.slice(0, rule.indexOf('{'));
  return !prelude.startsWith('@') && prelude.split(',').every((selector) => /\[data-look=["']?neo["']?\]/.test(selector));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The scope class of a kind of drawing. */
export function scopeClass({ type, mode }: DrawingKind): string {
  return `diagram-${type}-${mode}`;
}

/**
 * The drawing as pages carry it (see the top of this file). `kindDeclarations` are the style
 * attribute declarations of every drawing of the same kind, so that all of them get one sheet.
 */
export function shareableDrawing(svg: string, kindDeclarations: string[][], where: string): string {
  const $ = cheerio.load(svg, null, false);
  const { root, id, type, mode } = rootOf($, where);
  const kind = { type, mode };

  // The size, from the viewBox: width and height attributes instead of a max-width style.
  const viewBox = (root.attr('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (viewBox.length !== 4 || !(viewBox[2] > 0) || !(viewBox[3] > 0)) {
    throw new Error(`${where}: the drawing has no usable viewBox. Run npm run diagrams:render to draw it again.`);
  }
  root.attr('width', String(viewBox[2]));
  root.attr('height', String(viewBox[3]));
  const rootDeclarations = declarationsOf(root.attr('style') ?? '').filter((declaration) => !/^max-width\s*:/i.test(declaration));
  root.removeAttr('style');
  root.addClass(scopeClass(kind));
  const own = rootDeclarations.length ? [rootDeclarations] : [];
  if (rootDeclarations.length) {
    root.addClass(declarationClass(rootDeclarations));
  }

  root.find('[style]').each((_, element) => {
    const node = $(element);
    const declarations = declarationsOf(node.attr('style') ?? '');
    node.removeAttr('style');
    if (declarations.length) {
      node.addClass(declarationClass(declarations));
      own.push(declarations);
    }
  });

  // One rule per declaration list, in a stable order, whichever drawing of the kind it came from.
  const rules = new Map<string, string>();
  for (const declarations of [...kindDeclarations, ...own]) {
    rules.set(declarationClass(declarations), declarationRule(declarations));
  }
  const attributeRules = [...rules.keys()].sort().map((name) => rules.get(name) ?? '');

  const hasNeoElements = root.find('[data-look="neo"]').length > 0;
  const scope = new RegExp(`#${escapeRegExp(id)}(?![\\w-])`, 'g');
  const sheets = root.find('style');
  sheets.each((index, element) => {
    const node = $(element);
    const mermaidRules = topLevelRules(node.text())
      .filter((rule) => hasNeoElements || !isNeoRule(rule))
      .map((rule) => rule.replace(scope, `.${scopeClass(kind)}`));
    // The attribute rules go in the first sheet, after Mermaid's.
    node.text([...mermaidRules, ...(index === 0 ? attributeRules : [])].join(''));
  });
  if (sheets.length === 0 && attributeRules.length) {
    root.prepend(`<style>${attributeRules.join('')}</style>`);
  }
  return $.html();
}
