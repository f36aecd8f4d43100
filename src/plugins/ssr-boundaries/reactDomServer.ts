/**
 * `react-dom/server` for the server build (see index.ts): the same module, except that
 * renderToPipeableStream never moves a completed Suspense boundary out of place.
 */
import { renderToPipeableStream as renderToPipeableStreamOriginal } from 'react-dom/server.node';

export * from 'react-dom/server.node';

export const renderToPipeableStream: typeof renderToPipeableStreamOriginal = (children, options) =>
  renderToPipeableStreamOriginal(children, { ...options, progressiveChunkSize: Number.POSITIVE_INFINITY });
