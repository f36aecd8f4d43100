/**
 * Small hand-written tokenisers for the plugin scanner (scan.ts): PHP, JavaScript and Mustache.
 *
 * They are not parsers. Each one only has to tell code from comments, strings from names, and
 * where every token starts, so that the scanner can look names up without reporting text in
 * comments, strings that merely mention a name, or HTML outside `<?php`. Pure: they run in the
 * browser and in Node. Offsets are UTF-16 code unit offsets into the file's text.
 */

export type TokenType = 'name' | 'variable' | 'string' | 'number' | 'punct' | 'regex';

export interface Token {
  type: TokenType;
  /** The source text of the token: a string keeps its quotes, a variable its `$`. */
  text: string;
  /** Offset of the first character in the file. */
  start: number;
  /** Offset after the last character. */
  end: number;
  /**
   * Strings only: the value with escapes decoded; undefined when the string interpolates
   * (`"$a"`, `"{$a->b}"`, a template literal with `${…}`), so it has no fixed value.
   */
  value?: string;
  /** Strings only: the text between the quotes as written (for heredocs, the body). */
  raw?: string;
  /** Strings only: offset of `raw` in the file. */
  rawStart?: number;
}

const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code >= 0x80;
const isNameChar = (code: number) => isNameStart(code) || (code >= 48 && code <= 57);
const isDigit = (code: number) => code >= 48 && code <= 57;
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11;

/* ------------------------------------------------------------------ PHP */

/** Decodes the escapes of a PHP double-quoted string or heredoc (those PHP itself decodes). */
function decodePhpDouble(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[ntrvef\\$"])/g, (_match: string, escape: string) => {
    switch (escape[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'v':
        return '\v';
      case 'e':
        return '\x1b';
      case 'f':
        return '\f';
      case 'u':
        return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
      case 'x':
        return String.fromCharCode(parseInt(escape.slice(1), 16));
      default:
        return /^[0-7]/.test(escape) ? String.fromCharCode(parseInt(escape, 8) & 0xff) : escape;
    }
  });
}

/** Whether a double-quoted body interpolates a variable (`$name`, `{$…}`, `${…}`) PHP would expand. */
function phpInterpolates(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code === 92) {
      i++;
    } else if (code === 36 && i + 1 < body.length && (isNameStart(body.charCodeAt(i + 1)) || body[i + 1] === '{')) {
      return true;
    } else if (code === 123 && body[i + 1] === '$') {
      return true;
    }
  }
  return false;
}

/** End offset (after the closing quote) of a string opened at `start` with `quote`; escapes skip a character. */
function stringEnd(source: string, start: number, quote: number): number {
  let i = start + 1;
  while (i < source.length) {
    const code = source.charCodeAt(i);
    if (code === 92) {
      i += 2;
    } else if (code === quote) {
      return i + 1;
    } else {
      i++;
    }
  }
  return source.length;
}

/**
 * PHP tokens of a file: code between `<?php` (or `<?=`) and `?>`, with comments and inline
 * HTML left out. `?>` becomes a `;` token (PHP treats it as the end of a statement). Heredocs and
 * nowdocs are single string tokens. `#[` (an attribute) is a punctuation token, not a comment.
 */
export function lexPhp(source: string): Token[] {
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  html: while (i < n) {
    const open = source.indexOf('<?', i);
    if (open < 0) {
      break;
    }
    // Only `<?php` and `<?=` open PHP code: Moodle does not allow short open tags, and `<?xml` in
    // inline HTML is not code.
    const tag = /^<\?(php(?![A-Za-z0-9_])|=)/i.exec(source.slice(open, open + 6));
    if (!tag) {
      i = open + 2;
      continue;
    }
    i = open + tag[0].length;
    while (i < n) {
      const code = source.charCodeAt(i);
      const next = source.charCodeAt(i + 1);
      if (isSpace(code)) {
        i++;
        continue;
      }
      const start = i;
      if (code === 63 /* ? */ && next === 62 /* > */) {
        tokens.push({ type: 'punct', text: ';', start, end: i + 2 });
        i += 2;
        continue html;
      }
      if ((code === 35 /* # */ && next !== 91) || (code === 47 /* / */ && next === 47)) {
        // A line comment ends at the end of the line or at `?>`, whichever comes first (looked for
        // in the line only: most files have no `?>`, and searching the rest of the file for one at
        // every comment made lexing quadratic).
        const newline = source.indexOf('\n', i);
        const lineEnd = newline < 0 ? n : newline;
        const close = source.slice(i, lineEnd).indexOf('?>');
        i = close >= 0 ? i + close : lineEnd;
        continue;
      }
      if (code === 47 && next === 42 /* * */) {
        const close = source.indexOf('*/', i + 2);
        i = close < 0 ? n : close + 2;
        continue;
      }
      if (code === 35 && next === 91) {
        tokens.push({ type: 'punct', text: '#[', start, end: i + 2 });
        i += 2;
        continue;
      }
      if (code === 39 /* ' */) {
        i = stringEnd(source, i, 39);
        const raw = source.slice(start + 1, i - 1);
        tokens.push({ type: 'string', text: source.slice(start, i), start, end: i, raw, rawStart: start + 1, value: raw.includes('\\') ? raw.replace(/\\([\\'])/g, '$1') : raw });
        continue;
      }
      if (code === 34 /* " */ || code === 96 /* ` */) {
        i = stringEnd(source, i, code);
        const raw = source.slice(start + 1, i - 1);
        const value = code === 34 && !phpInterpolates(raw) ? (raw.includes('\\') ? decodePhpDouble(raw) : raw) : undefined;
        tokens.push({ type: 'string', text: source.slice(start, i), start, end: i, raw, rawStart: start + 1, value });
        continue;
      }
      if (code === 60 /* < */ && source.startsWith('<<<', i)) {
        const heredoc = /^<<<[ \t]*(["']?)([A-Za-z_\x80-\uffff][A-Za-z0-9_\x80-\uffff]*)\1\r?\n/.exec(source.slice(i, i + 200));
        if (heredoc) {
          const nowdoc = heredoc[1] === "'";
          const bodyStart = i + heredoc[0].length;
          const closing = new RegExp(`^[ \\t]*${heredoc[2]}(?![A-Za-z0-9_\\x80-\\uffff])`, 'gm');
          closing.lastIndex = bodyStart;
          const match = closing.exec(source);
          const bodyEnd = match ? Math.max(bodyStart, match.index - 1) : n;
          i = match ? match.index + match[0].length : n;
          const raw = source.slice(bodyStart, bodyEnd);
          const value = nowdoc ? raw : phpInterpolates(raw) ? undefined : decodePhpDouble(raw);
          tokens.push({ type: 'string', text: source.slice(start, i), start, end: i, raw, rawStart: bodyStart, value });
          continue;
        }
      }
      if (code === 36 /* $ */ && isNameStart(next)) {
        i += 2;
        while (i < n && isNameChar(source.charCodeAt(i))) {
          i++;
        }
        tokens.push({ type: 'variable', text: source.slice(start, i), start, end: i });
        continue;
      }
      if (isNameStart(code) || (code === 92 /* \ */ && isNameStart(next))) {
        // A qualified name is one token: `\core\output\html_writer`, `namespace\foo`, and a group
        // use's prefix `core\output\` (which ends with the backslash before `{`).
        i++;
        while (i < n) {
          const c = source.charCodeAt(i);
          if (isNameChar(c)) {
            i++;
          } else if (c === 92 && (isNameStart(source.charCodeAt(i + 1)) || source[i + 1] === '{')) {
            i++;
          } else {
            break;
          }
        }
        tokens.push({ type: 'name', text: source.slice(start, i), start, end: i });
        continue;
      }
      if (isDigit(code)) {
        i++;
        while (i < n && (isNameChar(source.charCodeAt(i)) || source[i] === '.')) {
          i++;
        }
        tokens.push({ type: 'number', text: source.slice(start, i), start, end: i });
        continue;
      }
      let text: string;
      if (code === 63 && next === 45 && source.charCodeAt(i + 2) === 62) {
        text = '?->';
      } else if (code === 45 && next === 62) {
        text = '->';
      } else if (code === 58 && next === 58) {
        text = '::';
      } else if (code === 61 && next === 62) {
        text = '=>';
      } else {
        text = source[i];
      }
      i += text.length;
      tokens.push({ type: 'punct', text, start, end: i });
    }
  }
  return tokens;
}

/* ------------------------------------------------------------------ JavaScript */

/** Decodes the escapes of a JavaScript string or template literal. */
function decodeJs(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|[\s\S])/g, (_match: string, escape: string) => {
    switch (escape[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '0':
        return '\0';
      case '\n':
      case '\r':
        return '';
      case 'u':
        return escape.length > 1 ? String.fromCodePoint(parseInt(escape[1] === '{' ? escape.slice(2, -1) : escape.slice(1), 16)) : escape;
      case 'x':
        return escape.length > 1 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : escape;
      default:
        return escape;
    }
  });
}

/** After these words an expression starts, so a `/` opens a regular expression, not a division. */
const regexAfterWords = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * JavaScript tokens of `source` from `from` to `to` (a whole file, or the body of a Mustache
 * `{{#js}}` block), with comments left out. A string or a template literal without `${…}` is a
 * string token; a template literal with substitutions yields the tokens of its substitutions
 * only. A `/` is read as a regular expression where an expression may start (after an operator,
 * `(`, `,`, a keyword such as `return`, or at the start): the usual rough rule.
 */
export function lexJs(source: string, from = 0, to = source.length): Token[] {
  const tokens: Token[] = [];
  /** For each `${` being read, how many `{` are open inside it. */
  const substitutions: number[] = [];
  let last: Token | undefined;
  let i = from;
  const push = (token: Token) => {
    tokens.push(token);
    last = token;
  };

  /**
   * Reads template literal text from `start` (after the backtick or the `}` of a substitution)
   * to the closing backtick or the next `${`.
   */
  const readTemplate = (start: number): { end: number; substitution: boolean } => {
    let j = start;
    while (j < to) {
      const code = source.charCodeAt(j);
      if (code === 92) {
        j += 2;
      } else if (code === 96) {
        return { end: j + 1, substitution: false };
      } else if (code === 36 && source[j + 1] === '{') {
        return { end: j + 2, substitution: true };
      } else {
        j++;
      }
    }
    return { end: to, substitution: false };
  };

  while (i < to) {
    const code = source.charCodeAt(i);
    const next = source.charCodeAt(i + 1);
    if (isSpace(code)) {
      i++;
      continue;
    }
    const start = i;
    if (code === 47 && next === 47) {
      const newline = source.indexOf('\n', i);
      i = newline < 0 || newline > to ? to : newline;
      continue;
    }
    if (code === 47 && next === 42) {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 || close > to ? to : close + 2;
      continue;
    }
    if (code === 39 || code === 34) {
      i = Math.min(stringEnd(source, i, code), to);
      const raw = source.slice(start + 1, i - 1);
      push({ type: 'string', text: source.slice(start, i), start, end: i, raw, rawStart: start + 1, value: raw.includes('\\') ? decodeJs(raw) : raw });
      continue;
    }
    if (code === 96) {
      const part = readTemplate(i + 1);
      i = part.end;
      if (part.substitution) {
        substitutions.push(0);
        push({ type: 'punct', text: '${', start: i - 2, end: i });
      } else {
        const raw = source.slice(start + 1, i - 1);
        push({ type: 'string', text: source.slice(start, i), start, end: i, raw, rawStart: start + 1, value: raw.includes('\\') ? decodeJs(raw) : raw });
      }
      continue;
    }
    if (code === 125 /* } */ && substitutions.length > 0 && substitutions[substitutions.length - 1] === 0) {
      // The end of a `${…}`: the template literal goes on.
      substitutions.pop();
      const part = readTemplate(i + 1);
      i = part.end;
      if (part.substitution) {
        substitutions.push(0);
        push({ type: 'punct', text: '${', start: i - 2, end: i });
      } else {
        // The end of the template literal: a value, so a `/` after it divides.
        push({ type: 'punct', text: '`', start: i - 1, end: i });
      }
      continue;
    }
    if (code === 47) {
      const regexAllowed =
        last === undefined ||
        (last.type === 'punct' && !(last.text === ')' || last.text === ']' || last.text === '`')) ||
        (last.type === 'name' && regexAfterWords.has(last.text));
      if (regexAllowed) {
        let j = i + 1;
        let inClass = false;
        let closed = false;
        while (j < to) {
          const c = source.charCodeAt(j);
          if (c === 10) {
            break;
          }
          if (c === 92) {
            j += 2;
            continue;
          }
          if (c === 91) {
            inClass = true;
          } else if (c === 93) {
            inClass = false;
          } else if (c === 47 && !inClass) {
            closed = true;
            j++;
            break;
          }
          j++;
        }
        if (closed) {
          while (j < to && isNameChar(source.charCodeAt(j))) {
            j++;
          }
          i = j;
          push({ type: 'regex', text: source.slice(start, i), start, end: i });
          continue;
        }
      }
    }
    if (isNameStart(code) || code === 36) {
      i++;
      while (i < to && (isNameChar(source.charCodeAt(i)) || source.charCodeAt(i) === 36)) {
        i++;
      }
      push({ type: 'name', text: source.slice(start, i), start, end: i });
      continue;
    }
    if (isDigit(code)) {
      i++;
      while (i < to && (isNameChar(source.charCodeAt(i)) || source[i] === '.')) {
        i++;
      }
      push({ type: 'number', text: source.slice(start, i), start, end: i });
      continue;
    }
    if (substitutions.length > 0) {
      if (code === 123) {
        substitutions[substitutions.length - 1]++;
      } else if (code === 125) {
        substitutions[substitutions.length - 1]--;
      }
    }
    i++;
    push({ type: 'punct', text: source[start], start, end: i });
  }
  return tokens;
}

/* ------------------------------------------------------------------ Mustache */

export interface MustacheTag {
  /** The character after `{{` that says what the tag is (`>`, `<`, `#`, `/`, `^`, `$`, `&`, `{`), or '' for a variable. */
  sigil: string;
  /** The tag's content after the sigil, trimmed: a partial's template name, a section's name. */
  name: string;
  /** Offset of `name` in the file. */
  nameStart: number;
  start: number;
  end: number;
}

export interface MustacheTokens {
  tags: MustacheTag[];
  /** The bodies of `{{#js}}…{{/js}}` blocks, as offsets into the file. */
  scripts: { start: number; end: number }[];
}

/**
 * The tags of a Mustache template (comments `{{! … }}` and delimiter changes left out) and its
 * `{{#js}}` blocks. Text outside the tags, including the content of `{{#str}}`, is not a name.
 */
export function lexMustache(source: string): MustacheTokens {
  const tags: MustacheTag[] = [];
  const scripts: { start: number; end: number }[] = [];
  let openScript: number | undefined;
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{{', i);
    if (open < 0) {
      break;
    }
    const triple = source[open + 2] === '{';
    const close = source.indexOf(triple ? '}}}' : '}}', open + 2);
    if (close < 0) {
      break;
    }
    const end = close + (triple ? 3 : 2);
    i = end;
    const sigil = triple ? '{' : source[open + 2];
    if (sigil === '!' || sigil === '=') {
      continue;
    }
    const bodyStart = open + 2 + (/[>#/^$&<]/.test(sigil) || triple ? 1 : 0);
    const body = source.slice(bodyStart, close);
    const leading = body.length - body.trimStart().length;
    const tag: MustacheTag = { sigil: /[>#/^$&<{]/.test(sigil) ? sigil : '', name: body.trim(), nameStart: bodyStart + leading, start: open, end };
    tags.push(tag);
    if (tag.sigil === '#' && tag.name === 'js' && openScript === undefined) {
      openScript = end;
    } else if (tag.sigil === '/' && tag.name === 'js' && openScript !== undefined) {
      scripts.push({ start: openScript, end: open });
      openScript = undefined;
    }
  }
  return { tags, scripts };
}
