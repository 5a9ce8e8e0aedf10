import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import classes from './table-scroll.module.css';

/** Below this width (a phone held upright) a table's rows are stacked as cards. */
const PHONE = '(max-width: 36em)';

/** What a header cell shows: its text but what only assistive technology reads (an "Actions" column). */
function shownText(header: Element): string {
  const copy = header.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.mantine-VisuallyHidden-root')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

/** Names each body cell by its column's header, for the stacked layout to print beside it. */
function labelCells(table: HTMLTableElement): void {
  const headers = [...table.querySelectorAll('thead th')].map(shownText);
  for (const row of table.querySelectorAll('tbody tr')) {
    [...row.children].forEach((cell, i) => {
      const label = headers[i] ?? '';
      if ((cell as HTMLElement).dataset.label !== label) (cell as HTMLElement).dataset.label = label;
    });
  }
}

/**
 * A table that scrolls sideways in a window narrower than `minWidth`. Its scrolling area is a named
 * region in the tab order, so it can be scrolled from the keyboard. On a phone its rows stack instead,
 * each cell under its column's name, so no column is out of sight. `inset`: the table lies in a panel
 * without padding of its own (a list's), so its stacked rows keep clear of the panel's edges.
 */
export function TableScroll({ label, minWidth, inset = false, children }: { label: string; minWidth: number; inset?: boolean; children: ReactNode }) {
  const isPhone = useMediaQuery(PHONE) ?? false;
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const table = holder.current?.querySelector('table');
    if (!table) return;
    labelCells(table);
    // Rows drawn later (a page loaded, a row's own state) are named too.
    const observer = new MutationObserver(() => labelCells(table));
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={holder} className={isPhone ? `${classes.stacked}${inset ? ` ${classes.inset}` : ''}` : undefined}>
      {/* Room for the sideways scrollbar only while there is one: else it was an empty strip under the last row. */}
      <Table.ScrollContainer minWidth={isPhone ? 0 : minWidth} scrollAreaProps={{ offsetScrollbars: 'present', viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
