// Wide tables scroll sideways inside their own labelled region (the markdown renderer
// wraps them) instead of the page. A region takes keyboard focus only while it actually
// scrolls (a phone), so the arrow keys can scroll it there and the tab order stays the
// same wherever the table fits.

/** Focusable exactly when the content is wider than the box. */
export function syncScrollFocus(el: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'tabIndex' | 'hasAttribute' | 'removeAttribute'>): void {
  const scrolls = el.scrollWidth > el.clientWidth + 1;
  if (scrolls && !el.hasAttribute('tabindex')) el.tabIndex = 0;
  else if (!scrolls && el.hasAttribute('tabindex')) el.removeAttribute('tabindex');
}

export function focusableScrollRegions(root: ParentNode = document): void {
  const regions = root.querySelectorAll<HTMLElement>('.table-scroll');
  if (regions.length === 0 || typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => entries.forEach((e) => syncScrollFocus(e.target as HTMLElement)));
  regions.forEach((el) => observer.observe(el));
}
