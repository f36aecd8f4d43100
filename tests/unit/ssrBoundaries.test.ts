/**
 * The server build's react-dom/server (src/plugins/ssr-boundaries): a completed Suspense boundary
 * is written in place even after more than React's default chunk size of page, where the stock
 * renderer would move it to a hidden element and an inline script.
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createElement, Suspense, type ReactNode } from 'react';
import * as stock from 'react-dom/server.node';
import { describe, expect, it } from 'vitest';
import ssrBoundariesPlugin from '../../src/plugins/ssr-boundaries';
import * as patched from '../../src/plugins/ssr-boundaries/reactDomServer';

/** Renders as Docusaurus does: everything ready, then the whole stream. */
function render(server: typeof stock, app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const output = new PassThrough();
    const { pipe } = server.renderToPipeableStream(app, {
      onError: reject,
      onAllReady() {
        pipe(output);
        text(output).then(resolve, reject);
      },
    });
  });
}

const longText = 'A paragraph of an article. '.repeat(800);
const page = createElement(
  'main',
  null,
  createElement('p', null, longText),
  createElement(Suspense, { fallback: null }, createElement('p', { id: 'late' }, longText)),
);

describe('server rendering of Suspense boundaries', () => {
  it('moves a boundary out of place with the stock renderer (what the plugin prevents)', async () => {
    const html = await render(stock, page);
    expect(html).toContain('<template');
    expect(html).toContain('<script');
  });

  it('writes every boundary in place, with no script, with the plugin’s renderer', async () => {
    const html = await render(patched, page);
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<!--\$--><p id="late">/);
  });

  it('points only the server build at it, ahead of the alias of react-dom', () => {
    const plugin = ssrBoundariesPlugin();
    const configure = plugin.configureWebpack?.bind(plugin) as unknown as (config: object, isServer: boolean) => { mergeStrategy?: object; resolve?: { alias?: Record<string, string> } };
    const server = configure({ resolve: { alias: { 'react-dom': '/somewhere/react-dom', '@site': '/site' } } }, true);
    expect(Object.keys(server.resolve?.alias ?? {})).toEqual(['react-dom/server$', 'react-dom', '@site']);
    expect(server.resolve?.alias?.['react-dom/server$']).toMatch(/reactDomServer\.ts$/);
    expect(server.mergeStrategy).toEqual({ 'resolve.alias': 'replace' });
    expect(configure({}, false).resolve).toBeUndefined();
  });
});
