// Bars fixed to the bottom of the window (the cookie banner, the install bar) publish
// their height as a CSS custom property on <html>, so the floating buttons, the toasts
// and each other can sit above them instead of under them. Set through the CSSOM, which
// the strict CSP (no inline style attributes) allows.

/** Keeps `--name` on <html> equal to the element's height while it is mounted. */
export function publishHeight(el: HTMLElement, name: string): () => void {
  const root = document.documentElement;
  const update = () => root.style.setProperty(name, `${el.offsetHeight}px`);
  update();
  const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
  observer?.observe(el);
  return () => {
    observer?.disconnect();
    root.style.removeProperty(name);
  };
}
