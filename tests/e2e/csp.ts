/**
 * Helpers of the tests that run pages under the build's Content-Security-Policy
 * (contentSecurityPolicy.spec.ts, offline.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { parseHeadersFile } from '../../src/plugins/security-headers/utils';

/** The security headers a build's `_headers` file gives every path. */
export function headersOf(dir: string): Map<string, string> {
  const file = path.join(dir, '_headers');
  const rules = parseHeadersFile(fs.readFileSync(file, 'utf8'), file);
  expect(rules.map((rule) => rule.path), file).toEqual(['/*']);
  return new Map(rules[0].headers.map(([name, value]) => [name.toLowerCase(), value]));
}

export interface Violations {
  all: string[];
  beforeHydration: string[] | undefined;
  hydratedAtDomContentLoaded: boolean | undefined;
}

/** Records the page's violations from before its first script, and those up to DOMContentLoaded. */
export async function watchViolations(context: BrowserContext | Page): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    const record = window as unknown as { cspViolations: Violations };
    record.cspViolations = { all: seen, beforeHydration: undefined, hydratedAtDomContentLoaded: undefined };
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${event.sample ? ` (${event.sample})` : ''} at ${event.sourceFile}:${event.lineNumber}`);
      },
      true,
    );
    // The scripts start only after the page has been parsed and painted (config/ssrTemplate.ts):
    // what happened until DOMContentLoaded is the HTML's own inline code, before hydration.
    document.addEventListener('DOMContentLoaded', () => {
      record.cspViolations.beforeHydration = [...seen];
      record.cspViolations.hydratedAtDomContentLoaded = document.documentElement.getAttribute('data-has-hydrated') === 'true';
    });
  });
}

export function violations(page: Page): Promise<Violations> {
  return page.evaluate(() => (window as unknown as { cspViolations: Violations }).cspViolations);
}
