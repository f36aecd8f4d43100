/**
 * The Moodle App section (/general/app): every page carries the moodle-app tag, the section's
 * index links each page and group, and each folder's landing page exists (an index.md, or a
 * generated index named in its _category_.json, as spec 2.4's category pages are).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles, linkedPages, pageTags, siteRoot } from '../support/content';

const root = 'general/app';
const pages = contentFiles(['general']).filter((file) => file.startsWith(`${root}/`));

describe('the Moodle App section', () => {
  it('tags every page moodle-app', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((file) => !pageTags(file).includes('moodle-app'))).toEqual([]);
  });

  it('links every page of the section from its index, or the folder holding it', () => {
    const linked = linkedPages(`${root}/index.md`);
    const unlinked = pages.filter((file) => file !== `${root}/index.md` && !linked.has(file) && ![...linked].some((target) => target.endsWith('/index.md') && file.startsWith(path.posix.dirname(target) + '/')));
    expect(unlinked).toEqual([]);
  });

  it('gives each folder a landing page: its index.md or a generated index with a slug of spec 2.4', () => {
    const folders = [...new Set(pages.map((file) => path.posix.dirname(file)))].filter((dir) => dir !== root);
    const withoutLanding = folders.filter((dir) => {
      if (fs.existsSync(path.join(siteRoot, dir, 'index.md'))) {
        return false;
      }
      const category = path.join(siteRoot, dir, '_category_.json');
      const link = fs.existsSync(category) ? (JSON.parse(fs.readFileSync(category, 'utf8')) as { link?: { type?: string; slug?: string } }).link : undefined;
      return !(link?.type === 'generated-index' && /^\/category\/[a-z-]+$/.test(link.slug ?? ''));
    });
    expect(withoutLanding).toEqual([]);
  });
});
