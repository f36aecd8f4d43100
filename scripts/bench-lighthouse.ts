/**
 * The Lighthouse mode of the benchmark:
 * `npm run bench -- --lighthouse [--ref <git ref> | --ref-dir <build>] [--runs 3] [--page <path>,…] [--preset mobile|desktop]`.
 *
 * For each page type it runs Lighthouse's performance audit with the mobile preset (simulated
 * slow 4G and 4x CPU slowdown) and the desktop preset, and prints the median of the runs:
 * performance score, total blocking time, largest contentful paint and cumulative layout shift.
 * With --ref, the site as it was at that git ref is built in a temporary worktree (with this
 * checkout's node_modules) and measured in the same run, interleaved with the current build, so
 * that the machine's noise hits both equally. --page measures the pages it lists
 * (comma-separated paths of the build) instead of the page types, --preset one preset instead of both. Figures are printed against
 * the goal, never asserted: they depend on the machine.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type RunningServer } from '../tests/e2e/staticServer';
import { chromiumArgs, chromiumPath } from './chromium';

const siteDir = path.resolve(__dirname, '..');

export const lighthousePages = [
  { name: 'home', path: '/' },
  { name: 'API doc (DML)', path: '/docs/apis/core/dml' },
  { name: 'Mermaid (process)', path: '/general/development/process' },
  { name: 'release page', path: '/general/releases/3.9/3.9.18' },
  { name: 'release notes', path: '/general/releases' },
  { name: 'tag page', path: '/docs/tags/api' },
  { name: 'versions', path: '/versions' },
  { name: 'search', path: '/search?q=get_record' },
];

/**
 * The builds a run measures: the current one, and before it the reference, either built here
 * from a git ref or an existing build folder (--ref-dir, for a build made earlier).
 */
export function buildsToMeasure(buildDir: string, ref: string | undefined, refDir: string | undefined): { label: string; dir: string; cleanUp?: () => void }[] {
  const builds: { label: string; dir: string; cleanUp?: () => void }[] = [{ label: 'current', dir: buildDir }];
  if (ref && refDir) {
    throw new Error('Give --ref or --ref-dir, not both');
  }
  if (refDir) {
    if (!fs.existsSync(path.join(refDir, 'index.html'))) {
      throw new Error(`--ref-dir ${refDir} holds no built site (no index.html)`);
    }
    builds.unshift({ label: path.basename(path.resolve(refDir, '..')), dir: refDir });
  } else if (ref) {
    const refBuild = buildRef(ref);
    builds.unshift({ label: ref, dir: refBuild.dir, cleanUp: refBuild.cleanUp });
  }
  return builds;
}

/** The page types, or the pages of a comma-separated --page list (any paths of the build). */
export function selectedPages(list: string | undefined): { name: string; path: string }[] {
  if (list === undefined) {
    return lighthousePages;
  }
  return list.split(',').map((wanted) => lighthousePages.find((entry) => entry.path === wanted) ?? { name: wanted, path: wanted });
}

/** The goal of the performance work: every page type at or above it. */
export const lighthouseGoal = { mobileScore: 95, desktopScore: 100, cls: 0 };


interface Figures {
  score: number;
  tbt: number;
  lcp: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Builds the site at a git ref in a temporary worktree and returns the build folder. */
export function buildRef(ref: string): { dir: string; cleanUp: () => void } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: siteDir, encoding: 'utf8' }).trim();
  const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', worktree, commit], { cwd: siteDir, stdio: 'ignore' });
  fs.symlinkSync(path.join(siteDir, 'node_modules'), path.join(worktree, 'node_modules'));
  console.log(`Building ${ref} (${commit.slice(0, 10)}) in ${worktree} …`);
  execFileSync('npm', ['run', 'build'], { cwd: worktree, stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    dir: path.join(worktree, 'build'),
    cleanUp: () => {
      execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: siteDir, stdio: 'ignore' });
    },
  };
}

export async function runLighthouse({
  buildDir,
  ref,
  refDir,
  runs,
  page: onlyPage,
  preset: onlyPreset,
}: {
  buildDir: string;
  ref?: string;
  refDir?: string;
  runs: number;
  page?: string;
  preset?: string;
}): Promise<void> {
  if (onlyPreset !== undefined && !['mobile', 'desktop'].includes(onlyPreset)) {
    throw new Error(`--preset must be mobile or desktop, not "${onlyPreset}"`);
  }
  const pages = selectedPages(onlyPage);
  // Lighthouse and chrome-launcher are ES modules.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const builds = buildsToMeasure(buildDir, ref, refDir);
  const servers: RunningServer[] = [];
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
  try {
    for (const build of builds) {
      servers.push(await startStaticServer({ dir: build.dir }));
    }
    const presets = [
      { name: 'mobile', config: undefined },
      { name: 'desktop', config: desktopConfig },
    ].filter((preset) => onlyPreset === undefined || preset.name === onlyPreset);
    console.log(`Lighthouse performance, median of ${runs} runs per page, preset and build (goal: mobile ${lighthouseGoal.mobileScore}+, desktop ${lighthouseGoal.desktopScore}, CLS ${lighthouseGoal.cls})\n`);
    console.log(`| ${'page'.padEnd(18)} | preset  | ${'build'.padEnd(10)} | score | TBT ms | LCP ms |   CLS |`);
    console.log(`| ${'-'.repeat(18)} | ------- | ${'-'.repeat(10)} | ----- | ------ | ------ | ----- |`);
    for (const page of pages) {
      for (const preset of presets) {
        const samples = builds.map((): Figures[] => []);
        for (let run = 0; run < runs; run++) {
          // Interleaved: each run measures every build before the next run starts.
          for (const [index, server] of servers.entries()) {
            const result = await lighthouse(`${server.url}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, preset.config);
            const lhr = result?.lhr;
            if (!lhr) {
              throw new Error(`Lighthouse returned no result for ${page.path}`);
            }
            samples[index].push({
              score: Math.round((lhr.categories.performance.score ?? 0) * 100),
              tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
              lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
              cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
            });
          }
        }
        builds.forEach((build, index) => {
          const figures = samples[index];
          const score = median(figures.map((figure) => figure.score));
          const goal = preset.name === 'mobile' ? lighthouseGoal.mobileScore : lighthouseGoal.desktopScore;
          const cls = median(figures.map((figure) => figure.cls));
          console.log(
            `| ${page.name.slice(0, 18).padEnd(18)} | ${preset.name.padEnd(7)} | ${build.label.padEnd(10)} | ${`${score}${score < goal ? '*' : ''}`.padStart(5)} | ${median(figures.map((figure) => figure.tbt)).toFixed(0).padStart(6)} | ${median(figures.map((figure) => figure.lcp)).toFixed(0).padStart(6)} | ${`${cls.toFixed(3)}${cls > lighthouseGoal.cls ? '*' : ''}`.padStart(5)} |`,
          );
        });
      }
    }
    console.log('\n* below the goal');
  } finally {
    chrome.kill();
    await Promise.all(servers.map((server) => server.close()));
    builds.forEach((build) => build.cleanUp?.());
  }
}
