// @island-chunk runtime
// The header's menu button: a disclosure button that shows and hides the menu panel every
// page carries as plain HTML (partials/category-menu.html: the header's links and every
// converter, grouped). The panel's fifty links are the page's own markup, not this island's
// props, so they are sent once. The button reads "All converters" where the header shows
// its links and "Menu" on a phone, where the panel also holds those links. Escape closes
// the menu and returns focus to the button; a click outside it or the focus moving out of
// it closes it where it is.
import { useEffect, useRef, useState } from 'react';

export default function MobileNav({ menu }: { menu: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const panel = document.getElementById(menu);
    if (panel) panel.hidden = !open;
    if (!open) return;
    const inside = (target: EventTarget | null): boolean =>
      target instanceof Node && (panel?.contains(target) === true || button.current?.contains(target) === true);
    // Escape in the menu or on its button (not in the search box, whose own Escape it is).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && (inside(e.target) || e.target === document.body)) {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!inside(e.target)) setOpen(false);
    };
    // Tabbing on past the last link closes it too, so the open panel never covers the
    // control that has the focus (WCAG 2.4.11).
    const onFocus = (e: FocusEvent) => {
      if (!inside(e.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, menu]);
  return (
    <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls={menu} onClick={() => setOpen(!open)}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
      <span className="menu-wide">All converters</span>
      <span className="menu-narrow">Menu</span>
    </button>
  );
}
