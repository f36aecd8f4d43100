/**
 * Runs steps one after another, each in a task of its own: before every step but the first the
 * current task ends (`nextTask`), so that the browser can handle input or paint in between.
 * A step that fails stops the run, and the returned promise rejects with its error.
 */
export async function runInSteps(steps: readonly (() => Promise<unknown>)[], nextTask: () => Promise<void>): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) {
      await nextTask();
    }
    await step();
  }
}

/** Ends the current task: `scheduler.yield()` where the browser has it, else a message to itself. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') {
    return scheduler.yield();
  }
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
