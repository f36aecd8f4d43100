/**
 * offline: the parts of the installable, offline-readable site that are not the PWA plugin's
 * own. When the site loads it writes, into .generated/:
 *
 * - static/manifest.json, the web app manifest (from the site's title and tagline), so that
 *   `start` and `build` both serve it;
 * - offline/sw-custom.js, the worker code of swCustom.ts compiled to JavaScript for the PWA
 *   plugin's swCustom hook (config/pwa.ts points there).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import ts from 'typescript';
import { webAppManifest } from './manifest';

export const manifestFile = 'manifest.json';

/** Where the compiled worker code goes, relative to the site folder. */
export const swCustomOutput = path.join('.generated', 'offline', 'sw-custom.js');

function writeIfChanged(file: string, content: string): void {
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== content) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export function compileSwCustom(): string {
  const source = fs.readFileSync(path.join(__dirname, 'swCustom.ts'), 'utf8');
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName: 'swCustom.ts',
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext },
  });
  if (diagnostics?.length) {
    throw new Error(`src/plugins/offline/swCustom.ts: ${diagnostics.map((entry) => ts.flattenDiagnosticMessageText(entry.messageText, '\n')).join('; ')}`);
  }
  return outputText;
}

export default function offlinePlugin(context: LoadContext): Plugin {
  const { title, tagline, baseUrl } = context.siteConfig;
  writeIfChanged(path.join(context.siteDir, '.generated', 'static', manifestFile), `${JSON.stringify(webAppManifest({ title, tagline, baseUrl }), null, 2)}\n`);
  writeIfChanged(path.join(context.siteDir, swCustomOutput), compileSwCustom());
  return { name: 'offline' };
}
