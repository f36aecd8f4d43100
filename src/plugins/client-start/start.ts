/**
 * The browser's entry point (see index.ts): Docusaurus's own client entry, started in steps.
 *
 * Docusaurus's entry imports everything it needs at once, so main.js ran as one task: React,
 * the route table and its registry (about 1,260 routes), the plugins' global data, the client
 * modules and the theme: 400 to 600 ms of main thread at a 4x CPU slowdown on this site's build
 * machine for /docs/apis/core/dml, during which a tap or a key waited. Here the largest of those
 * modules are evaluated first, each in a task of its own, with the main thread handed back
 * between them; the entry then finds them evaluated and only runs what is left. Nothing else changes: each module
 * still runs once, after the modules it imports, and the entry starts as before.
 */
import { nextTask, runInSteps } from './runInSteps';

// `eager`: the modules stay in main.js; import() only defers their evaluation to the step.
const steps: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@generated/registry'),
  () => import(/* webpackMode: "eager" */ '@generated/routes'),
  () => import(/* webpackMode: "eager" */ '@generated/routesChunkNames'),
  () => import(/* webpackMode: "eager" */ '@generated/globalData'),
  () => import(/* webpackMode: "eager" */ '@generated/client-modules'),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/clientEntry.js'),
];

void runInSteps(steps, nextTask);
