/**
 * Reads one devdocs release-notes page (general/releases/X.Y.md or X.Y/X.Y.Z.md) into the facts
 * the site keeps: its front matter, the tracker issues and security advisories it lists (by
 * section), the links to translations, upgrade notes and the tracker's list of fixed issues, and
 * the lines of its requirements sections for requirements.ts. The page's prose is not kept.
 */
import { parse as parseYaml } from 'yaml';
import type { IssueItem, Release, ReleaseSection } from '../moodleReleases';
import { parseSourceDate } from './dates';
import { ImportError } from './versionsJson';

export interface ParsedPage {
  frontmatter?: NonNullable<Release['frontmatter']>;
  pageReleaseDate?: string;
  sections: ReleaseSection[];
  issueCounts: NonNullable<Release['issueCounts']>;
  fixedIssuesListUrl?: string;
  translations: NonNullable<Release['translations']>;
  upgradeNotes: NonNullable<Release['upgradeNotes']>;
  proseReferences: NonNullable<Release['proseReferences']>;
  /** Versions the page says it also covers ("This page also covers issues resolved in 2.8.4"). */
  alsoCoversVersions: string[];
  /** Heading and lines of each requirements section, in page order, for requirements.ts. */
  requirementsBlocks: { heading: string; level: number; lines: string[] }[];
}

const keyPattern = String.raw`(?:MDL|MDLSITE|MDLQA|MOBILE|CONTRIB)-\d+|MSA-\d{2}-\d{4}|#\d+`;
const url = String.raw`((?:[^()\s>]|\([^()\s]*\))+)`;
const linkedKey = new RegExp(String.raw`\[\s*(${keyPattern})\s*\]\(\s*<?${url}>?\s*\)`, 'g');
const leadingKeys = new RegExp(String.raw`^((?:\[\s*(?:${keyPattern})\s*\]\(\s*<?[^)\s>]+>?\s*\)\s*(?:,|and|&)?\s*)+)(.*)$`, 's');

function countKey(key: string): 'MDL' | 'MSA' | 'MOBILE' | 'legacy-bug' | undefined {
  if (key.startsWith('#')) {
    return 'legacy-bug';
  }
  const prefix = key.split('-')[0];
  return prefix === 'MDL' || prefix === 'MSA' || prefix === 'MOBILE' ? prefix : undefined;
}

/** Markdown in a title becomes plain text: link text kept, emphasis and code marks dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?(?:tt|code|strong|em|b|i|span)\b[^>]*>/gi, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_]+)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A one-line summary: one sentence of at most 160 characters ("e.g." and the like do not end one). */
export function isOneLineSummary(text: string): boolean {
  if (text.length > 160) {
    return false;
  }
  const withoutAbbreviations = text.replace(/\b(e\.g|i\.e|etc|vs|approx|incl|no)\./gi, '$1');
  return !/[.!?]\s+\S/.test(withoutAbbreviations);
}

function issueItem(text: string, parentKey: string | undefined): IssueItem | undefined {
  const links = [...text.matchAll(linkedKey)].map((match) => ({ key: match[1], url: match[2] }));
  if (!links.length) {
    return undefined;
  }
  const leading = leadingKeys.exec(text);
  let item: IssueItem;
  if (leading) {
    const keys = [...leading[1].matchAll(linkedKey)].map((match) => ({ key: match[1], url: match[2] }));
    const rest = leading[2].replace(/^\s*(?:-|–|—|:)\s*/, '');
    const title = plainText(rest);
    item = { key: keys[0].key, url: keys[0].url };
    if (!title) {
      item.title = null;
      item.titleOmitted = true;
    } else if (isOneLineSummary(title)) {
      item.title = title;
    } else {
      item.title = null;
      item.titleOmitted = true;
    }
    if (keys.length > 1) {
      item.relatedKeys = keys.slice(1);
    }
    const mentioned = [...rest.matchAll(linkedKey)].map((match) => ({ key: match[1], url: match[2] }));
    if (mentioned.length) {
      item.mentionedKeys = mentioned;
    }
  } else {
    item = { key: links[0].key, title: null, url: links[0].url, inline: true };
    if (links.length > 1) {
      item.mentionedKeys = links.slice(1);
    }
  }
  if (parentKey && parentKey !== item.key) {
    item.parentKey = parentKey;
  }
  return item;
}

interface Heading {
  text: string;
  level: number;
}

function headingText(raw: string): string {
  return plainText(raw.replace(/\{#[^}]*\}\s*$/, '')).replace(/\s*#+\s*$/, '');
}

function isRequirementsHeading(text: string): boolean {
  return /requirements|browser support|server and client/i.test(text);
}

/** Removes MDX and HTML comments, imports and JSX-only lines, keeping line structure. */
function stripNonMarkdown(body: string): string[] {
  return body
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n')
    .map((line) => (/^\s*(import|export)\s/.test(line) || /^\s*<[A-Z][\w.]*[^>]*\/>\s*$/.test(line) ? '' : line));
}

export function parseReleasePage(text: string, file: string): ParsedPage {
  const frontMatterMatch = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  let frontmatter: ParsedPage['frontmatter'];
  let body = text;
  if (frontMatterMatch) {
    let fields: Record<string, unknown>;
    try {
      fields = (parseYaml(frontMatterMatch[1]) as Record<string, unknown>) ?? {};
    } catch (error) {
      throw new ImportError(file, [`front matter: is not valid YAML: ${(error as Error).message}`]);
    }
    body = text.slice(frontMatterMatch[0].length);
    if (typeof fields.title !== 'string' || !fields.title) {
      throw new ImportError(file, ['front matter: field "title" is required but missing']);
    }
    if (fields.tags !== undefined && (!Array.isArray(fields.tags) || !fields.tags.every((tag) => typeof tag === 'string'))) {
      throw new ImportError(file, [`front matter: field "tags" must be a list of names (found ${JSON.stringify(fields.tags)})`]);
    }
    // YAML reads 4.5 as a number: a version may come as either.
    const moodleVersion = typeof fields.moodleVersion === 'number' ? String(fields.moodleVersion) : fields.moodleVersion;
    if (moodleVersion !== undefined && (typeof moodleVersion !== 'string' || !/^\d+\.\d+(\.\d+)?$/.test(moodleVersion))) {
      throw new ImportError(file, [`front matter: field "moodleVersion" must be a version such as 4.5.2 or 4.5 (found ${JSON.stringify(fields.moodleVersion)})`]);
    }
    frontmatter = {
      title: fields.title,
      tags: fields.tags ?? [],
      moodleVersion: moodleVersion ?? '',
      sidebarPosition: typeof fields.sidebar_position === 'number' ? fields.sidebar_position : 0,
    };
  }

  const lines = stripNonMarkdown(body);
  const sections: ReleaseSection[] = [];
  const issueCounts: ParsedPage['issueCounts'] = {};
  const translations: ParsedPage['translations'] = [];
  const upgradeNotes: ParsedPage['upgradeNotes'] = [];
  const proseReferences: ParsedPage['proseReferences'] = [];
  const requirementsBlocks: ParsedPage['requirementsBlocks'] = [];
  const alsoCoversVersions: string[] = [];
  let fixedIssuesListUrl: string | undefined;
  let pageReleaseDate: string | undefined;
  const headings: Heading[] = [];
  let section: ReleaseSection | undefined;
  let requirementsBlock: ParsedPage['requirementsBlocks'][number] | undefined;
  // Level of the heading that opened the requirements part; its subsections belong to it.
  let requirementsLevel: number | undefined;
  let inCode = false;
  // Open bullets by indentation, so nested bullets know their parent's key.
  const bulletStack: { indent: number; key?: string }[] = [];
  // A bullet's text can run on to following indented lines; collect, then handle when it ends.
  let pending: { text: string; indent: number; parentKey?: string } | undefined;

  const flushBullet = () => {
    if (!pending) {
      return;
    }
    const item = requirementsBlock ? undefined : issueItem(pending.text, pending.parentKey);
    if (item) {
      if (!section) {
        const current = headings[headings.length - 1];
        section = {
          heading: current?.text ?? frontmatter?.title ?? 'Release notes',
          level: current?.level ?? 1,
          ...(headings.length > 1 ? { parentHeadings: headings.slice(0, -1).map((heading) => heading.text) } : {}),
          items: [],
        };
        sections.push(section);
      }
      section.items.push(item);
      const kind = countKey(item.key);
      if (kind) {
        issueCounts[kind] = (issueCounts[kind] ?? 0) + 1;
      }
      bulletStack[bulletStack.length - 1].key = item.key;
    } else {
      proseLinks(pending.text);
    }
    pending = undefined;
  };

  const proseLinks = (line: string) => {
    for (const match of line.matchAll(linkedKey)) {
      if (!proseReferences.some((reference) => reference.key === match[1])) {
        proseReferences.push({ key: match[1], url: match[2], heading: headings[headings.length - 1]?.text ?? null });
      }
    }
  };

  const scanLinks = (line: string) => {
    for (const match of line.matchAll(new RegExp(String.raw`\[([^\]]+)\]\(\s*<?${url}>?\s*\)`, 'g'))) {
      const [, label, url] = match;
      if (!fixedIssuesListUrl && /(tracker\.moodle\.org|moodle\.atlassian\.net)\//.test(url) && (/(issues\/?\?|IssueNavigator).*(jql|filter)/i.test(url) || /fixforversion|ReleaseNote\.jspa/i.test(url))) {
        fixedIssuesListUrl = url;
      }
      const translation = /^https?:\/\/docs\.moodle\.org\/(?:\d+x?\/)?([a-z]{2})\/(.+)$/.exec(url);
      if (translation && translation[1] !== 'en' && !translations.some((entry) => entry.url === url)) {
        translations.push({ language: translation[1], title: plainText(label), url });
      }
      const upgrade = /^https?:\/\/github\.com\/moodle\/moodle\/blob\/([^/]+)\/(.+\/)?(upgrade\.txt|UPGRADING\.md)$/.exec(url);
      if (upgrade && !upgradeNotes.some((note) => note.url === url)) {
        upgradeNotes.push({ label: plainText(label), ref: upgrade[1], path: `${upgrade[2] ?? ''}${upgrade[3]}`, url });
      }
    }
  };

  lines.forEach((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      return;
    }
    if (inCode) {
      return;
    }
    const heading = /^(#{1,6})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      flushBullet();
      bulletStack.length = 0;
      const level = heading[1].length;
      while (headings.length && headings[headings.length - 1].level >= level) {
        headings.pop();
      }
      const textOfHeading = headingText(heading[2]);
      headings.push({ text: textOfHeading, level });
      section = undefined;
      if (isRequirementsHeading(textOfHeading) && (requirementsLevel === undefined || level <= requirementsLevel)) {
        requirementsLevel = level;
        requirementsBlock = { heading: textOfHeading, level, lines: [] };
        requirementsBlocks.push(requirementsBlock);
      } else if (requirementsLevel === undefined || level <= requirementsLevel) {
        requirementsLevel = undefined;
        requirementsBlock = undefined;
      } else {
        requirementsBlock = { heading: textOfHeading, level, lines: [] };
        requirementsBlocks.push(requirementsBlock);
      }
      return;
    }
    if (requirementsBlock) {
      requirementsBlock.lines.push(line);
    }
    scanLinks(line);
    const dateMatch = /release date:?\**\s*:?\s*(.+?)\s*\.?\s*$/i.exec(plainText(line));
    if (!pageReleaseDate && dateMatch && !/^\s*[-*]/.test(line)) {
      pageReleaseDate = parseSourceDate(dateMatch[1]) ?? undefined;
    }
    const covers = /also covers (?:the )?(?:issues|changes|fixes)?[^.]*?(\d+\.\d+\.\d+)/i.exec(line);
    if (covers && !line.trim().startsWith('-')) {
      alsoCoversVersions.push(covers[1]);
    }
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) {
      flushBullet();
      const indent = bullet[1].replace(/\t/g, '    ').length;
      while (bulletStack.length && bulletStack[bulletStack.length - 1].indent >= indent) {
        bulletStack.pop();
      }
      const parentKey = [...bulletStack].reverse().find((entry) => entry.key)?.key;
      bulletStack.push({ indent });
      pending = { text: bullet[2], indent, parentKey };
      return;
    }
    if (pending && line.trim() && /^\s+/.test(line)) {
      pending.text += ` ${line.trim()}`;
      return;
    }
    flushBullet();
    if (!line.trim()) {
      return;
    }
    bulletStack.length = 0;
    proseLinks(line);
  });
  flushBullet();

  return {
    frontmatter,
    pageReleaseDate,
    sections,
    issueCounts,
    fixedIssuesListUrl,
    translations,
    upgradeNotes,
    proseReferences,
    alsoCoversVersions,
    requirementsBlocks,
  };
}
