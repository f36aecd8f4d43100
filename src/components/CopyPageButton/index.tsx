/**
 * "Copy page": copies the page's Markdown version (written at build time beside the page, see
 * src/plugins/markdown-export) for pasting into an assistant, an issue or a forum post, with a
 * menu to open that Markdown or the site's llms.txt. The Markdown files are precached with the
 * pages, so this works offline too.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

const labels: Record<CopyState, string> = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' };

const announcements: Record<CopyState, string> = {
  idle: '',
  copied: 'The page is on your clipboard as Markdown.',
  failed: 'The page could not be copied. Open it as Markdown from the menu and copy it from there.',
};

/** How long "Copied" or "Copy failed" stays on the button. */
const resetAfterMs = 2500;

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: ${response.status}`);
  }
  return response.text();
}

/**
 * Writes the Markdown to the clipboard. The clipboard item is created at once with a promise of
 * its text, so that Safari still counts the write as part of the click; where promised items
 * are not supported, the text is written when it arrives.
 */
async function copyFrom(url: string): Promise<void> {
  const text = fetchMarkdown(url);
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function') {
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })) })]);
      return;
    } catch (error) {
      if (!(error instanceof TypeError)) {
        throw error;
      }
    }
  }
  await navigator.clipboard.writeText(await text);
}

function ChevronIcon(): ReactNode {
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={styles.chevron}>
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function CopyPageButton({ permalink }: { permalink: string }): ReactNode {
  const markdownUrl = `${permalink}.md`;
  const llmsUrl = useBaseUrl('/llms.txt');
  const [state, setState] = useState<CopyState>('idle');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (state === 'idle') {
      return undefined;
    }
    const timer = window.setTimeout(() => { setState('idle'); }, resetAfterMs);
    return () => { window.clearTimeout(timer); };
  }, [state]);

  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const closeOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const copy = useCallback(() => {
    copyFrom(markdownUrl).then(
      () => { setState('copied'); },
      () => { setState('failed'); },
    );
  }, [markdownUrl]);

  return (
    <div className={styles.copyPage} ref={rootRef}>
      <div className={styles.group}>
        <button type="button" className={clsx('button button--sm button--secondary', styles.copy)} onClick={copy}>
          {labels[state]}
        </button>
        <button
          type="button"
          ref={toggleRef}
          className={clsx('button button--sm button--secondary', styles.toggle)}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label="More options for this page's Markdown"
          onClick={() => { setOpen((value) => !value); }}>
          <ChevronIcon />
        </button>
      </div>
      <ul id={menuId} className={styles.menu} hidden={!open}>
        <li>
          <a href={markdownUrl} type="text/markdown" onClick={() => { setOpen(false); }}>
            View as Markdown
          </a>
        </li>
        <li>
          <a href={llmsUrl} type="text/plain" onClick={() => { setOpen(false); }}>
            llms.txt of the whole site
          </a>
        </li>
      </ul>
      <span role="status" className={styles.status}>
        {announcements[state]}
      </span>
    </div>
  );
}
