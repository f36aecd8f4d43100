/**
 * Builds data/moodle-releases.json from a checkout of the public devdocs repository: the series
 * and releases of its data/versions.json, merged with what each release-notes page under
 * general/releases/ lists. The result is in the project's own schema (data/schemas/), newest
 * series first, releases in version order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compareVersions, type MoodleReleasesData, type Release, type Series } from '../moodleReleases';
import { parseReleasePage, type ParsedPage } from './page';
import { readRequirements } from './requirements';
import { ImportError, readVersionsJson, type SourceRelease, type SourceSeries } from './versionsJson';

export { ImportError } from './versionsJson';

export interface ImportOptions {
  /** The devdocs checkout. */
  from: string;
  /** Commit and date of the checkout: read from its git metadata by the CLI. */
  commit: string;
  date: string;
  repository?: string;
}

export interface ImportResult {
  data: MoodleReleasesData;
  /** Requirement lines no rule understood, by page: shown by the CLI so nothing is lost unseen. */
  unreadRequirements: { page: string; lines: string[] }[];
}

const versionsPath = 'data/versions.json';
const releasesDir = 'general/releases';

function pagePath(from: string, base: string): string | null {
  for (const extension of ['.md', '.mdx']) {
    if (fs.existsSync(path.join(from, `${base}${extension}`))) {
      return `${base}${extension}`;
    }
  }
  return null;
}

/** Patch pages present in general/releases/X.Y/, by version. */
function patchPages(from: string, seriesName: string): Map<string, string> {
  const dir = path.join(from, releasesDir, seriesName);
  const pages = new Map<string, string>();
  if (!fs.existsSync(dir)) {
    return pages;
  }
  for (const name of fs.readdirSync(dir)) {
    const match = /^(\d+\.\d+\.\d+)\.mdx?$/.exec(name);
    if (match && match[1].startsWith(`${seriesName}.`)) {
      pages.set(match[1], `${releasesDir}/${seriesName}/${name}`);
    }
  }
  return pages;
}

function buildRelease(seriesSource: SourceSeries, version: string, source: SourceRelease | undefined, page: string | null, parsed: ParsedPage | undefined): Release {
  let releaseDate = source?.releaseDate;
  let releaseDateSource: Release['releaseDateSource'] = 'versions.json';
  if (!releaseDate && version === `${seriesSource.name}.0`) {
    releaseDate = seriesSource.releaseDate;
    releaseDateSource = 'versions.json (series releaseDate)';
  } else if (!releaseDate && parsed?.pageReleaseDate) {
    releaseDate = parsed.pageReleaseDate;
    releaseDateSource = 'page';
  }
  if (!releaseDate) {
    throw new ImportError(page ?? versionsPath, [`release ${version}: field "releaseDate" is missing: neither versions.json nor the page gives a date`]);
  }
  const release: Release = {
    version,
    series: seriesSource.name,
    releaseDate,
    releaseDateSource,
    ...(parsed?.pageReleaseDate ? { pageReleaseDate: parsed.pageReleaseDate } : {}),
    ...(parsed?.pageReleaseDate && releaseDateSource !== 'page' && parsed.pageReleaseDate !== releaseDate ? { pageReleaseDateDiffers: parsed.pageReleaseDate } : {}),
    ...(source ? { buildVersion: source.version } : {}),
    ...(source?.upgradePath ? { upgradePath: source.upgradePath } : {}),
    ...(source?.notes ? { notes: source.notes } : {}),
    ...(source?.releaseNoteUrl === false ? { hasOwnReleaseNotes: false as const } : {}),
    inVersionsJson: Boolean(source),
    page,
  };
  if (parsed) {
    if (parsed.frontmatter) {
      release.frontmatter = parsed.frontmatter;
    }
    if (parsed.fixedIssuesListUrl) {
      release.fixedIssuesListUrl = parsed.fixedIssuesListUrl;
    }
    release.issueCounts = parsed.issueCounts;
    release.sections = parsed.sections;
    if (parsed.upgradeNotes.length) {
      release.upgradeNotes = parsed.upgradeNotes;
    }
    if (parsed.proseReferences.length) {
      release.proseReferences = parsed.proseReferences;
    }
    release.translations = parsed.translations;
  }
  return release;
}

export function importReleases(options: ImportOptions): ImportResult {
  const { from } = options;
  const versionsFile = path.join(from, versionsPath);
  if (!fs.existsSync(versionsFile)) {
    throw new ImportError(versionsPath, [`not found in ${from}: is --from a checkout of the devdocs repository?`]);
  }
  if (!fs.existsSync(path.join(from, releasesDir))) {
    throw new ImportError(releasesDir, [`not found in ${from}: is --from a checkout of the devdocs repository?`]);
  }
  const sourceSeries = readVersionsJson(fs.readFileSync(versionsFile, 'utf8'), versionsPath);
  const unreadRequirements: ImportResult['unreadRequirements'] = [];
  const parsedPages = new Map<string, ParsedPage>();
  const parse = (page: string | null): ParsedPage | undefined => {
    if (!page) {
      return undefined;
    }
    if (!parsedPages.has(page)) {
      parsedPages.set(page, parseReleasePage(fs.readFileSync(path.join(from, page), 'utf8'), page));
    }
    return parsedPages.get(page);
  };

  const series: Series[] = sourceSeries.map((seriesSource) => {
    const seriesPage = pagePath(from, `${releasesDir}/${seriesSource.name}`);
    const patches = patchPages(from, seriesSource.name);
    const versions = new Map<string, SourceRelease | undefined>();
    for (const release of seriesSource.releases) {
      versions.set(release.name, release);
    }
    if (seriesPage && !versions.has(`${seriesSource.name}.0`)) {
      versions.set(`${seriesSource.name}.0`, undefined);
    }
    for (const version of patches.keys()) {
      if (!versions.has(version)) {
        versions.set(version, undefined);
      }
    }
    const ordered = [...versions.keys()].sort(compareVersions);
    const releases = ordered.map((version) => {
      const page = version === `${seriesSource.name}.0` ? seriesPage : (patches.get(version) ?? null);
      return buildRelease(seriesSource, version, versions.get(version), page, parse(page));
    });
    // A release without notes of its own that a later page says it also covers.
    for (const release of releases) {
      if (release.page) {
        continue;
      }
      const coveringRelease = releases.find((candidate) => candidate.page && parse(candidate.page)?.alsoCoversVersions.includes(release.version));
      if (coveringRelease?.page) {
        release.coveredByPage = coveringRelease.page;
        coveringRelease.alsoCovers = [...(coveringRelease.alsoCovers ?? []), { version: release.version, releaseDate: release.releaseDate }];
      }
    }
    const result: Series = {
      name: seriesSource.name,
      releaseDate: seriesSource.releaseDate,
      generalEndDate: seriesSource.generalEndDate,
      securityEndDate: seriesSource.securityEndDate,
      ...(seriesSource.extendedSecurityEndDate ? { extendedSecurityEndDate: seriesSource.extendedSecurityEndDate } : {}),
      ...(seriesSource.codeFreezeDate ? { codeFreezeDate: seriesSource.codeFreezeDate } : {}),
      isLTS: seriesSource.isLTS,
      ...(seriesSource.isExperimental ? { isExperimental: true as const } : {}),
      inVersionsJson: true,
      seriesPage,
      releaseCount: releases.length,
      releases,
    };
    const parsedSeriesPage = parse(seriesPage);
    if (parsedSeriesPage && !seriesSource.isExperimental) {
      const { requirements, unread } = readRequirements(parsedSeriesPage.requirementsBlocks, seriesSource.name);
      if (requirements) {
        result.requirements = requirements;
      }
      if (unread.length && seriesPage) {
        unreadRequirements.push({ page: seriesPage, lines: unread });
      }
    }
    return result;
  });

  return {
    data: {
      $schema: './schemas/moodle-releases.schema.json',
      source: {
        repository: options.repository ?? 'https://github.com/moodle/devdocs',
        commit: options.commit,
        paths: [`${releasesDir}/`, versionsPath],
        date: options.date,
      },
      seriesCount: series.length,
      releaseCount: series.reduce((total, entry) => total + entry.releases.length, 0),
      series,
    },
    unreadRequirements,
  };
}
