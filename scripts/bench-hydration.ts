/**
 * The hydration mode of the benchmark:
 * `npm run bench -- --hydration [--ref <git ref> | --ref-dir <build>] [--runs 5] [--page <path>,…]`.
 *
 * What it costs a slow phone to make a page interactive once it is on screen: each page type of
 * the Lighthouse mode is loaded in Chromium with the CPU slowed down four times (as Lighthouse's
 * mobile preset simulates), with a performance trace, until React has hydrated it and the main
 * thread has been quiet for three seconds. Printed per page, median of the runs:
 * - script ms: time the main thread spent running script (evaluating and compiling it, calls,
 *   microtasks; overlapping events counted once) from the first paint to the end;
 * - blocking ms: the part of each task over 50 ms in the same span (what Lighthouse calls total
 *   blocking time, measured here rather than simulated);
 * - long tasks: how many tasks took 50 ms or more.
 * With --ref, the site as it was at that git ref is built in a temporary worktree and measured in
 * the same run, interleaved with the current build, so that the machine's noise hits both;
 * --ref-dir measures an existing build folder the same way.
 */
import { chromium, type Browser } from '@playwright/test';
import { startStaticServer, type RunningServer } from '../tests/e2e/staticServer';
import { buildsToMeasure, selectedPages } from './bench-lighthouse';
import { chromiumArgs, chromiumPath } from './chromium';
import { mainThreadEvents, traceCategories, type TraceEvent } from './bench-trace';

export interface HydrationFigures {
  scriptMs: number;
  blockingMs: number;
  longTasks: number;
}

/** Trace events that are script running on the main thread. */
const scriptEvents = new Set(['EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'v8.compile', 'v8.compileModule', 'V8.CompileCode']);

/** The summed length of a set of intervals, overlaps counted once. */
export function unionLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    if (to <= end) {
      continue;
    }
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/** The figures of one trace: what ran on the main thread after the first paint. */
export function hydrationFigures(events: TraceEvent[]): HydrationFigures {
  const { parse, thread } = mainThreadEvents(events);
  const paint = events.find((event) => event.name === 'firstPaint' || event.name === 'firstContentfulPaint');
  const from = paint?.ts ?? parse.ts;
  const after = thread.filter((event) => event.ts + (event.dur ?? 0) > from);
  const script = after.filter((event) => scriptEvents.has(event.name)).map((event): [number, number] => [Math.max(event.ts, from), event.ts + (event.dur ?? 0)]);
  const tasks = after.filter((event) => event.name === 'RunTask' && event.ts >= from);
  const long = tasks.filter((task) => (task.dur ?? 0) >= 50_000);
  return {
    scriptMs: unionLength(script) / 1000,
    blockingMs: long.reduce((sum, task) => sum + ((task.dur ?? 0) - 50_000), 0) / 1000,
    longTasks: long.length,
  };
}

async function measure(browser: Browser, url: string): Promise<HydrationFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: traceCategories });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(3_000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return hydrationFigures(trace.traceEvents);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runHydrationBench({ buildDir, ref, refDir, runs, page: onlyPage }: { buildDir: string; ref?: string; refDir?: string; runs: number; page?: string }): Promise<void> {
  const pages = selectedPages(onlyPage);
  const builds = buildsToMeasure(buildDir, ref, refDir);
  const servers: RunningServer[] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const build of builds) {
      servers.push(await startStaticServer({ dir: build.dir }));
    }
    console.log(`Hydration cost at 4x CPU slowdown, from first paint until quiet, median of ${runs} runs per page and build\n`);
    console.log(`| ${'page'.padEnd(18)} | ${'build'.padEnd(10)} | script ms | blocking ms | long tasks |`);
    console.log(`| ${'-'.repeat(18)} | ${'-'.repeat(10)} | --------- | ----------- | ---------- |`);
    for (const page of pages) {
      const samples = builds.map((): HydrationFigures[] => []);
      for (let run = 0; run < runs; run++) {
        // Interleaved: each run measures every build before the next run starts.
        for (const [index, server] of servers.entries()) {
          samples[index].push(await measure(browser, `${server.url}${page.path}`));
        }
      }
      builds.forEach((build, index) => {
        const figures = samples[index];
        console.log(
          `| ${page.name.slice(0, 18).padEnd(18)} | ${build.label.slice(0, 10).padEnd(10)} | ${median(figures.map((figure) => figure.scriptMs)).toFixed(0).padStart(9)} | ${median(figures.map((figure) => figure.blockingMs)).toFixed(0).padStart(11)} | ${String(median(figures.map((figure) => figure.longTasks))).padStart(10)} |`,
        );
      });
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
    builds.forEach((build) => build.cleanUp?.());
  }
}
