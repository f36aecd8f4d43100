/**
 * The front matter schema every page of the site follows (see CONTENT.md, "What a page has").
 *
 * Docusaurus validates the types of the keys it knows, but it accepts unknown keys (so a typo
 * such as `sidebar_postion` is silently ignored) and it does not require a description. This
 * check runs on every Markdown file as it is parsed and names the file, the field and the fix.
 */

export class FrontMatterError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Invalid front matter in ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'FrontMatterError';
  }
}

type Rule = (value: unknown) => string | undefined;

const isString: Rule = (value) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'must be a non-empty string');
const isBoolean: Rule = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const isNumber: Rule = (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number');
const isStringOrNull: Rule = (value) => (value === null ? undefined : isString(value));
const isStringList: Rule = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '')
    ? undefined
    : 'must be a list of non-empty strings';
const isHeadingLevel: Rule = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 6 ? undefined : 'must be a whole number from 2 to 6';
const isObject: Rule = (value) => (value && typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be a mapping');
const isDescription: Rule = (value) => {
  const problem = isString(value);
  if (problem) {
    return problem;
  }
  const text = (value as string).trim();
  if (text.length > 300) {
    return `must be one sentence of at most 300 characters (it has ${text.length}); it is shown in search results and link previews`;
  }
  return /[.?!]$/.test(text) ? undefined : 'must be a full sentence ending with a full stop';
};

/** Every key a page may use, with the rule its value must follow. */
const rules: Record<string, Rule> = {
  // Docusaurus docs and pages
  id: isString,
  title: isString,
  description: isDescription,
  slug: isString,
  keywords: isStringList,
  image: isString,
  tags: isStringList,
  hide_title: isBoolean,
  hide_table_of_contents: isBoolean,
  toc_min_heading_level: isHeadingLevel,
  toc_max_heading_level: isHeadingLevel,
  sidebar_label: isString,
  sidebar_position: isNumber,
  sidebar_class_name: isString,
  sidebar_custom_props: isObject,
  sidebar_key: isString,
  displayed_sidebar: isStringOrNull,
  pagination_label: isString,
  pagination_next: isStringOrNull,
  pagination_prev: isStringOrNull,
  custom_edit_url: isStringOrNull,
  parse_number_prefixes: isBoolean,
  last_update: isObject,
  draft: isBoolean,
  unlisted: isBoolean,
  wrapperClassName: isString,
};

const required = ['title', 'description'];

/** Levenshtein distance, to suggest the key an author probably meant. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

function suggestKey(key: string): string {
  const [best] = Object.keys(rules)
    .map((candidate) => ({ candidate, score: distance(key, candidate) }))
    .sort((x, y) => x.score - y.score);
  return best && best.score <= 3 ? ` Did you mean "${best.candidate}"?` : '';
}

/** Returns one line per problem; an empty list means the front matter is valid. */
export function frontMatterProblems(frontMatter: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of required) {
    if (!(key in frontMatter)) {
      problems.push(`field "${key}" is required: add \`${key}: …\` between the --- lines at the top of the file`);
    }
  }
  for (const [key, value] of Object.entries(frontMatter)) {
    const rule = rules[key];
    if (!rule) {
      problems.push(`field "${key}" is not a known front matter field.${suggestKey(key)}`);
      continue;
    }
    const problem = rule(value);
    if (problem) {
      problems.push(`field "${key}" ${problem} (found ${JSON.stringify(value)})`);
    }
  }
  return problems;
}

/** Whether a Markdown file is a page (checked) or a partial imported into pages (skipped). */
export function isPageFile(filePath: string): boolean {
  const name = filePath.split(/[\\/]/).pop() ?? '';
  return !name.startsWith('_') && /\.mdx?$/.test(name);
}

/** Throws a FrontMatterError naming `file` when the front matter breaks the schema. */
export function assertValidFrontMatter(file: string, frontMatter: Record<string, unknown>): void {
  if (!isPageFile(file)) {
    return;
  }
  const problems = frontMatterProblems(frontMatter);
  if (problems.length) {
    throw new FrontMatterError(file, problems);
  }
}
