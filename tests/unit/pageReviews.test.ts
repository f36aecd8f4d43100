/**
 * Every hand-written page has had the independent check (../shared/CONTENT.md): a reviewer who
 * did not write it verified its claims at the source, and reviews/page-reviews.json records the
 * counts of each check and the SHA-256 of the text it checked. A new page fails here until its
 * check is recorded, and a page changed since its last check fails until the change is checked
 * and the entry records the new text.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFiles, siteRoot } from '../support/content';

/** What a check covered: the whole page, the lines changed since the last check, or a sweep for the error kinds of CONTENT.md. */
type Scope = 'page' | 'changes' | 'sweep';

interface PageCheck {
  date: string;
  scope: Scope;
  claims: number;
  wrong: number;
  removed: number;
}

interface PageReview {
  page: string;
  sha256: string;
  checks: PageCheck[];
}

const reviewsFile = 'reviews/page-reviews.json';
const { reviews } = JSON.parse(fs.readFileSync(path.join(siteRoot, reviewsFile), 'utf8')) as { reviews: PageReview[] };

/** Hand-written pages: Markdown in every content root, not the release notes written from data/. */
function handWrittenPages(): string[] {
  return contentFiles().filter((page) => !/^general\/(releases\/[^/]+\/|app_releases\/)/.test(page));
}

const sha256 = (page: string): string => createHash('sha256').update(fs.readFileSync(path.join(siteRoot, page))).digest('hex');

/** Today in UTC, yyyy-mm-dd: no check can be dated later. */
const today = new Date().toISOString().slice(0, 10);

/** A real calendar date written yyyy-mm-dd (not 2026-02-30). */
const isRealDate = (value: string): boolean => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

describe('the independent check of every page', () => {
  it('is recorded for every hand-written page in every content root', () => {
    const reviewed = new Set(reviews.map((review) => review.page));
    expect(handWrittenPages().filter((page) => !reviewed.has(page))).toEqual([]);
  });

  it('names pages that exist, once each', () => {
    const pages = reviews.map((review) => review.page);
    expect(pages.filter((page) => !fs.existsSync(path.join(siteRoot, page)))).toEqual([]);
    expect(pages.filter((page, index) => pages.indexOf(page) !== index)).toEqual([]);
  });

  it('covers the text the page has now', () => {
    const changed = reviews
      .filter((review) => fs.existsSync(path.join(siteRoot, review.page)) && review.sha256 !== sha256(review.page))
      .map(
        (review) =>
          `${review.page} changed after its last check (${review.checks.at(-1)?.date ?? 'none'}): check the changed claims at the source, then add a "changes" check to its entry in ${reviewsFile} with "sha256": "${sha256(review.page)}"`,
      );
    expect(changed).toEqual([]);
  });

  it.each(reviews)('$page: starts with a whole-page check, dates are real and past, counts add up', (review) => {
    expect(review.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(review.checks.length).toBeGreaterThan(0);
    expect(review.checks[0].scope).toBe('page');
    review.checks.forEach((check, index) => {
      expect(['page', 'changes', 'sweep']).toContain(check.scope);
      expect(isRealDate(check.date), `${check.date} is not a real date`).toBe(true);
      expect(check.date <= today, `${check.date} is in the future`).toBe(true);
      expect(index === 0 || review.checks[index - 1].date <= check.date, 'checks are in date order').toBe(true);
      for (const count of [check.claims, check.wrong, check.removed]) {
        expect(Number.isInteger(count) && count >= 0).toBe(true);
      }
      expect(check.wrong + check.removed).toBeLessThanOrEqual(check.claims);
    });
    expect(review.checks[0].claims).toBeGreaterThan(0);
  });
});

describe('the date rule', () => {
  it('tells real dates from impossible ones', () => {
    expect(isRealDate('2026-11-24')).toBe(true);
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2026-02-30')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('26-11-24')).toBe(false);
  });
});
