// @island-chunk runtime
// The header's theme control. The theme is fixed to dark: pressing it (re)applies dark,
// and its state says so honestly.
import { useCallback } from 'react';

export default function ThemeToggle() {
  const applyDark = useCallback(() => {
    document.documentElement.classList.add('dark');
    try {
      localStorage.setItem('theme', 'dark');
    } catch {
      // storage disabled: the class alone keeps the page dark
    }
  }, []);
  return (
    <button type="button" className="icon-button" aria-label="Dark mode" aria-pressed="true" title="Dark mode is on" onClick={applyDark}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
      </svg>
    </button>
  );
}
