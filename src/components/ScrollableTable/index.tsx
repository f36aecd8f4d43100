import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';

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
    if (!table) {
      return undefined;
    }
    const measure = () => {
      setOverflows(table.scrollWidth > table.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => {
      observer.disconnect();
    };
  }, []);
  return <table ref={ref} {...props} tabIndex={overflows ? 0 : props.tabIndex} />;
}
