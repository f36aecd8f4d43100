/**
 * Every hand-written page has had the independent check (../shared/CONTENT.md): a reviewer who
 * did not write it verified its claims at the source, and reviews/page-reviews.json records the
 * counts. A new page fails here until its check is recorded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const siteDir = path.resolve(__dirname, '../..');

interface PageReview {
  page: string;
  reviewed: string;
  claims: number;
  wrong: number;
  removed: number;
}

const { reviews } = JSON.parse(fs.readFileSync(path.join(siteDir, 'reviews/page-reviews.json'), 'utf8')) as { reviews: PageReview[] };

/** Hand-written pages: Markdown under docs/, general/ and versioned_docs/, not the generated release notes. */
function handWrittenPages(): string[] {
  const pages: string[] = [];
  const visit = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(siteDir, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        visit(child);
      } else if (/\.mdx?$/.test(entry.name) && !/^general\/(releases\/[^/]+\/|app_releases\/)/.test(child)) {
        pages.push(child);
      }
    }
  };
  ['docs', 'general', 'versioned_docs'].forEach(visit);
  return pages.sort();
}

describe('the independent check of every page', () => {
  it('is recorded for every hand-written page', () => {
    const reviewed = new Set(reviews.map((review) => review.page));
    expect(handWrittenPages().filter((page) => !reviewed.has(page))).toEqual([]);
  });

  it('names pages that exist, once each', () => {
    const pages = reviews.map((review) => review.page);
    expect(pages.filter((page) => !fs.existsSync(path.join(siteDir, page)))).toEqual([]);
    expect(pages.filter((page, index) => pages.indexOf(page) !== index)).toEqual([]);
  });

  it.each(reviews)('$page: the counts add up and the date is a date', (review) => {
    expect(review.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(review.reviewed))).toBe(false);
    for (const count of [review.claims, review.wrong, review.removed]) {
      expect(Number.isInteger(count) && count >= 0).toBe(true);
    }
    expect(review.claims).toBeGreaterThan(0);
    expect(review.wrong + review.removed).toBeLessThanOrEqual(review.claims);
  });
});
