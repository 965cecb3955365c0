// Where the focus goes when the control holding it goes away (a toast, the install bar, a
// Try again button): never back to <body>, which sends a keyboard or screen-reader user to
// the top of the page.

/**
 * Focuses `el` for this once, making it focusable (tabindex -1) until it loses the focus.
 * It is scrolled into view unless `preventScroll`: a low-vision user must see where it went.
 */
export function focusOnce(el: HTMLElement, preventScroll = false): void {
  if (!el.hasAttribute('tabindex')) {
    el.tabIndex = -1;
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  }
  el.focus({ preventScroll });
}

/** Focuses the page's content (the skip link's target), for this once. */
export function focusContent(): void {
  const main = document.getElementById('main');
  // Not scrolled: <main> is taller than the screen, and the visitor stays where they read.
  if (main !== null) focusOnce(main, true);
}

/** An element that can take the focus back: still in the page, shown and enabled. */
function canTakeFocus(el: Element | null): el is HTMLElement | SVGElement {
  if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) return false;
  if (!el.isConnected || (el as HTMLButtonElement).disabled) return false;
  return el.getClientRects().length > 0;
}

/**
 * Remembers where the focus was before it entered a region (a region's onFocus: a focusin
 * from outside), so it can go back there when the region, or the part holding the focus, goes.
 */
export class FocusReturn {
  private before: Element | null = null;

  /** For the region's onFocus (React's focusin): `region` the region, `from` the event's relatedTarget. */
  entered(region: Element, from: EventTarget | null): void {
    if (from instanceof Element && region.contains(from)) return;
    this.before = from instanceof Element ? from : null;
  }

  /** Back to where the focus came from, or else to the page's content. */
  restore(): void {
    const back = this.before;
    this.before = null;
    if (canTakeFocus(back)) back.focus();
    // e.g. <main> focused once by focusContent, no longer focusable.
    if (document.activeElement !== back) focusContent();
  }
}
