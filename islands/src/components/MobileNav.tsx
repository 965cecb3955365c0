// @island-chunk chrome
// The navigation on small screens: a menu button that discloses the site's links.
// Escape closes it and returns focus to the button.
import { useEffect, useId, useRef, useState } from 'react';

interface Link {
  path: string;
  label: string;
}

export default function MobileNav({ links, current }: { links: Link[]; current: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="mobile-nav">
      <button ref={button} type="button" className="icon-button" aria-expanded={open} aria-controls={id} aria-label="Menu" onClick={() => setOpen(!open)}>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <nav id={id} className="mobile-nav-panel" aria-label="Mobile" hidden={!open}>
        <ul>
          {links.map((l) => (
            <li key={l.path}>
              <a href={l.path} aria-current={l.path === current ? 'page' : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
