import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';

/**
 * Calls `onChange` with whether the table is wider than its column now and whenever its size
 * changes; returns the function that stops watching.
 */
export function watchOverflow(table: HTMLTableElement, onChange: (overflows: boolean) => void): () => void {
  const measure = () => {
    onChange(table.scrollWidth > table.clientWidth + 1);
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(table);
  return () => {
    observer.disconnect();
  };
}

/**
 * Makes a table take focus while it overflows, for a table React does not manage: one that stays
 * the server's HTML on a page's first load (src/rehype/lazyHydration.ts). If React hydrates it
 * later, the component below sets the same attribute from the same measure.
 */
export function focusWhileOverflowing(table: HTMLTableElement): () => void {
  return watchOverflow(table, (overflows) => {
    if (overflows) {
      table.tabIndex = 0;
    } else {
      table.removeAttribute('tabindex');
    }
  });
}

/**
 * Markdown tables. The theme lets a table wider than the column scroll sideways inside itself;
 * keyboard users can only scroll it once it can take focus, so a table that overflows becomes
 * focusable (WCAG 2.1.1). Tables that fit stay out of the tab order.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const table = ref.current;
    return table ? watchOverflow(table, setOverflows) : undefined;
  }, []);
  return <table ref={ref} {...props} tabIndex={overflows ? 0 : props.tabIndex} />;
}
