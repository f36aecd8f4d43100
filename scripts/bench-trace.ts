/**
 * The trace mode of the benchmark: `npm run bench -- --trace <path> [--runs 3]`.
 *
 * Loads the page from the production build in Chromium with the CPU slowed down four times (as
 * Lighthouse's mobile preset simulates), records a performance trace until the page has hydrated
 * and settled, and prints each long task of the main thread (50 ms or more) with the kinds of
 * work inside it: script evaluation and calls (with their script), style, layout, paint, HTML
 * parsing, idle callbacks and garbage collection. This is where the blocking time of a page
 * goes; the figures vary from run to run, so each run is printed.
 */
import { chromium } from '@playwright/test';
import { startStaticServer } from '../tests/e2e/staticServer';
import { chromiumArgs, chromiumPath } from './chromium';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

/** The trace categories both trace modes record. */
export const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'];

/** The complete events of the renderer's main thread: the thread that parsed the page. */
export function mainThreadEvents(events: TraceEvent[]): { parse: TraceEvent; thread: TraceEvent[] } {
  const parse = events.find((event) => event.name === 'ParseHTML');
  if (!parse) {
    throw new Error('The trace has no HTML parsing: the page did not load');
  }
  return { parse, thread: events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X') };
}

/** Kinds of work, by trace event name, and the label each is printed with. */
const kinds: Record<string, string> = {
  EvaluateScript: 'evaluate script',
  FunctionCall: 'call',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  ParseHTML: 'parse HTML',
  FireIdleCallback: 'idle callback',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

export async function runTrace({ buildDir, path: pagePath, runs }: { buildDir: string; path: string; runs: number }): Promise<void> {
  const server = await startStaticServer({ dir: buildDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    console.log(`Long tasks of ${pagePath} at 4x CPU slowdown (times from navigation start, ms)`);
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(page, { categories: traceCategories });
      await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
      await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
      await page.waitForTimeout(3_000);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      await context.close();
      const { thread } = mainThreadEvents(events);
      const start = events.find((event) => event.name === 'navigationStart')?.ts ?? thread[0]?.ts ?? 0;
      const tasks = thread.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000).sort((a, b) => a.ts - b.ts);
      console.log(`\nRun ${run}: ${tasks.length} long tasks`);
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        const inside = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
        const sums = new Map<string, number>();
        for (const event of inside) {
          const label = kinds[event.name];
          if (label) {
            sums.set(label, (sums.get(label) ?? 0) + (event.dur ?? 0));
          }
        }
        const scripts = [...new Set(inside.filter((event) => event.name === 'EvaluateScript' || event.name === 'FunctionCall').map((event) => event.args?.data?.url?.replace(server.url, '') ?? '').filter(Boolean))];
        const work = [...sums].filter(([, time]) => time >= 2_000).map(([label, time]) => `${label} ${(time / 1000).toFixed(0)}`);
        console.log(`  at ${((task.ts - start) / 1000).toFixed(0).padStart(5)}: ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${work.join(', ')}${scripts.length ? `  (${scripts.slice(0, 3).join(' ')})` : ''}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
