/**
 * The theme's word wrap for code blocks (useCodeWordWrap), measured when a block comes near the
 * viewport instead of as it mounts. Whether a block is wider than its box (which shows the
 * word-wrap button) can only be known by laying it out; the theme asks every block of the page
 * while the page hydrates, which made the browser lay out each one then, including the blocks
 * far below the fold that CSS lets it skip until they are scrolled to (content-visibility in
 * src/css/custom.css). Here a block is measured once it is within a screen of the viewport, on
 * a resize while it is, and when its wrapping is switched; a block in a hidden tab is measured
 * when its tab is shown, since it then comes into view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { observeNear } from './nearViewport';

type WordWrap = ReturnType<typeof useCodeBlockContext>['wordWrap'];

export function useCodeWordWrap(): WordWrap {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const near = useRef(false);

  const measure = useCallback(() => {
    const block = codeBlockRef.current;
    if (block) {
      setIsCodeScrollable(block.scrollWidth > block.clientWidth || Boolean(block.querySelector('code')?.hasAttribute('style')));
    }
  }, []);

  const toggle = useCallback(() => {
    const codeElement = codeBlockRef.current?.querySelector('code');
    if (!codeElement) {
      return;
    }
    if (isEnabled) {
      codeElement.removeAttribute('style');
    } else {
      codeElement.style.whiteSpace = 'pre-wrap';
      // Very long words and tokens wrap too, so that no scroll bar is left.
      codeElement.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
    // The wrapping changes the width; the reader is at the block, so it is measured now.
    measure();
  }, [isEnabled, measure]);

  useEffect(() => {
    const block = codeBlockRef.current;
    if (!block) {
      return undefined;
    }
    return observeNear(block, (isNear) => {
      near.current = isNear;
      if (isNear) {
        measure();
      }
    });
  }, [measure]);

  useEffect(() => {
    const onResize = () => {
      if (near.current) {
        measure();
      }
    };
    window.addEventListener('resize', onResize, { passive: true });
    return () => {
      window.removeEventListener('resize', onResize);
    };
  }, [measure]);

  return { codeBlockRef, isEnabled, isCodeScrollable, toggle };
}
