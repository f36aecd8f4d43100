/**
 * The theme's code-block buttons (word wrap and copy), mounted block by block instead of all at
 * once. The theme renders them in the browser only (BrowserOnly), so every block of the page
 * mounted its buttons in the one render that follows hydration: 30 blocks on the DML page, over
 * 150 elements with their icons, in a task of over 100 ms on a slow phone. Here a block's buttons
 * mount when the block comes within a screen of the viewport, or when the browser is idle, a few
 * blocks at a time: a reader who tabs or scrolls to a block finds them there, and the server's
 * HTML is the theme's (no buttons).
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Buttons from '@theme-original/CodeBlock/Buttons';
import type { Props } from '@theme/CodeBlock/Buttons';
import { observeNear } from '../nearViewport';

/** How many blocks' buttons mount in one idle period. */
export const blocksPerIdlePeriod = 4;

/** The blocks waiting for an idle period, in page order. */
const waiting = new Set<() => void>();
let scheduled = false;

/** Runs `work` when the browser is idle (soon after, where it cannot tell). */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(work, { timeout: 2000 });
  } else {
    window.setTimeout(work, 50);
  }
}

function mountSomeWhenIdle(): void {
  if (scheduled || !waiting.size) {
    return;
  }
  scheduled = true;
  whenIdle(() => {
    scheduled = false;
    const next = [...waiting].slice(0, blocksPerIdlePeriod);
    startTransition(() => {
      for (const mount of next) {
        waiting.delete(mount);
        mount();
      }
    });
    mountSomeWhenIdle();
  });
}

export default function CodeBlockButtons(props: Props): ReactNode {
  const { wordWrap } = useCodeBlockContext();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const block = wordWrap.codeBlockRef.current;
    if (mounted || !block) {
      return undefined;
    }
    const mount = () => {
      setMounted(true);
    };
    waiting.add(mount);
    mountSomeWhenIdle();
    const stop = observeNear(block, (near) => {
      if (near) {
        waiting.delete(mount);
        mount();
      }
    });
    return () => {
      waiting.delete(mount);
      stop();
    };
  }, [mounted, wordWrap.codeBlockRef]);

  return mounted ? <Buttons {...props} /> : null;
}
