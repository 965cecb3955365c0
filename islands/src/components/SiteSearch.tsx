// @island-chunk runtime
// The search box in every page's header, an ARIA 1.2 combobox: words find an article, FAQ
// entry, unit or converter; a conversion is answered in place. This file is all a page
// loads of it: the list, the reader of the index, the value parser and the unit words
// (ui/SearchPanel.tsx) are fetched when the box is first focused. Ctrl+K (⌘K) focuses
// it from anywhere on the page; a single-key shortcut such as `/` would fire for speech
// input and stray keys, with no way to turn it off (WCAG 2.1.4).
import { useEffect, useRef, useState } from 'react';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { useChunk } from '../ui/useChunk.ts';
import { useAutocorrectOff } from '../ui/useAutocorrectOff.ts';
import type { PanelKeys, PanelState } from '../ui/SearchPanel.tsx';

const panelChunk = lazyChunk(() => import('../ui/SearchPanel.tsx').then((m) => m.default));
// Fixed, not useId(): islands are separate React roots whose generated ids can collide.
const ID = 'site-search';

export default function SiteSearch() {
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<PanelKeys | null>(null);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<PanelState>({ expanded: false, active: null });
  const [Panel, load] = useChunk(panelChunk, 'the search');
  // "12 ft to m", "usd to yen": words a phone's autocorrect would change.
  useAutocorrectOff(input);

  useEffect(() => {
    // Text typed before the island hydrated is replayed by the runtime (runtime/earlyInput.ts).
    const onKey = (e: KeyboardEvent) => {
      const shortcut = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey;
      if (shortcut) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <form role="search" aria-label="Site" className="site-search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={`${ID}-q`} className="visually-hidden">
        Search or convert
      </label>
      <input
        ref={input}
        id={`${ID}-q`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={state.expanded}
        aria-controls={Panel ? `${ID}-list` : undefined}
        aria-activedescendant={state.active ?? undefined}
        aria-keyshortcuts="Control+K Meta+K"
        placeholder="Search or convert…"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        onFocus={() => void load()}
        onInput={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => keys.current?.(e)}
      />
      {Panel && <Panel id={ID} query={query} input={input} keys={keys} onState={setState} setQuery={setQuery} />}
    </form>
  );
}
