/**
 * The navbar's search button and keyboard shortcuts, with the markup, labels and behaviour of
 * DocSearch's own (`DocSearchButton`, `useDocSearchKeyboardEvents` of @docsearch/react 3).
 *
 * They are written here because @docsearch/react is one module: importing its button put the
 * whole modal and Algolia's client (53 KB compressed) into the bundle every page loads. With
 * these, the modal's code is fetched only when a reader reaches for search.
 */
import { useEffect, useState, useSyncExternalStore, type ReactNode, type Ref, type RefObject } from 'react';

type ModifierKey = 'Ctrl' | '⌘';

const noSubscription = () => () => undefined;

/** "⌘" on Apple platforms, "Ctrl" elsewhere; unknown (null) in the server-rendered page. */
function useModifierKey(): ModifierKey | null {
  return useSyncExternalStore(
    noSubscription,
    () => (/(Mac|iPhone|iPod|iPad)/i.test(navigator.userAgent) ? '⌘' : 'Ctrl'),
    () => null,
  );
}

/** A key of the shortcut hint, shown pressed while the reader holds it down. */
function Key({ reactsToKey, children }: { reactsToKey: string; children: ReactNode }): ReactNode {
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key === reactsToKey) {
        setPressed(true);
      }
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === reactsToKey || event.key === 'Meta') {
        setPressed(false);
      }
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [reactsToKey]);
  return <kbd className={pressed ? 'DocSearch-Button-Key DocSearch-Button-Key--pressed' : 'DocSearch-Button-Key'}>{children}</kbd>;
}

function SearchIcon(): ReactNode {
  return (
    <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z"
        stroke="currentColor"
        fill="none"
        fillRule="evenodd"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface SearchButtonProps {
  ref?: Ref<HTMLButtonElement>;
  translations?: { buttonText?: string };
  onClick: () => void;
  onFocus: () => void;
  onMouseOver: () => void;
  onTouchStart: () => void;
}

/**
 * The button's accessible name is its visible text ("Search"), so that speech-input users can say
 * what they see (WCAG 2.5.3, label in name). DocSearch's own button appends the shortcut to an
 * aria-label ("Search (Ctrl+K)"), which does not match the text on screen. Here the shortcut is
 * announced through aria-keyshortcuts instead (both modifiers work on every platform), and the
 * drawn keys are hidden from assistive technology.
 */
export function SearchButton({ ref, translations = {}, ...handlers }: SearchButtonProps): ReactNode {
  const { buttonText = 'Search' } = translations;
  const modifier = useModifierKey();
  const reactsToKey = modifier === '⌘' ? 'Meta' : 'Ctrl';
  return (
    <button type="button" className="DocSearch DocSearch-Button" aria-keyshortcuts="Control+K Meta+K" ref={ref} {...handlers}>
      <span className="DocSearch-Button-Container">
        <SearchIcon />
        <span className="DocSearch-Button-Placeholder">{buttonText}</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        {modifier !== null && (
          <>
            <Key reactsToKey={reactsToKey}>{modifier}</Key>
            <Key reactsToKey="k">K</Key>
          </>
        )}
      </span>
    </button>
  );
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/**
 * The shortcuts: Ctrl+K or Cmd+K toggles the modal, "/" opens it unless the reader is typing in
 * a field, Escape closes it, and a letter or digit typed on the focused button opens it with
 * that character as the query.
 */
export function useSearchKeyboardEvents({
  isOpen,
  onOpen,
  onClose,
  onInput,
  searchButtonRef,
}: {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput: (event: KeyboardEvent) => void;
  searchButtonRef: RefObject<HTMLButtonElement | null>;
}): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const toggles =
        (event.code === 'Escape' && isOpen) ||
        (event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) ||
        (!isEditable(event.target) && event.key === '/' && !isOpen);
      if (toggles) {
        event.preventDefault();
        if (isOpen) {
          onClose();
        } else if (!document.body.classList.contains('DocSearch--active')) {
          onOpen();
        }
        return;
      }
      if (searchButtonRef.current === document.activeElement && /^[a-zA-Z0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        onInput(event);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen, onOpen, onClose, onInput, searchButtonRef]);
}
