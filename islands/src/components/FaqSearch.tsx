// The FAQ page: every entry grouped by category, a search box that filters questions and
// answers as you type, category buttons that put the category in the search box, and
// answers that expand and collapse (native details/summary: keyboard and screen-reader
// friendly, and readable without JavaScript, since the server renders every entry).
import { useEffect, useRef, useState } from 'react';
import { categoryOf, countText, filterFaq, type FaqEntry } from '../lib/faq.ts';
import { fragmentId } from '../lib/urlState.ts';
import { MESSAGE_PAUSE_MS } from '../lib/pause.ts';

interface Props {
  entries: FaqEntry[];
  /** Each category's name and the id of its heading (`faq-currency`), which the build gives so that `check` knows the anchor. */
  categories: { name: string; id: string }[];
}

export default function FaqSearch({ entries, categories }: Props) {
  const [query, setQuery] = useState('');
  const [ready, setReady] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'faq-search';

  const shown = new Set(filterFaq(entries, query).map((e) => e.id));
  const active = query.trim() === '' ? 'All' : categoryOf(query, categories.map((c) => c.name));
  const status = shown.size === 0 ? 'No FAQs found matching your search.' : countText(shown.size, entries.length);
  // Said once typing pauses, as the site's other messages are: not one count per key.
  const [said, setSaid] = useState(status);
  useEffect(() => {
    const timer = setTimeout(() => setSaid(status), MESSAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    setReady(true);
    // /faq#is-it-free opens that answer (and clears a search that would hide it).
    const openFromHash = () => {
      const target = fragmentId(window.location.hash);
      if (!target || !entries.some((e) => e.id === target)) return;
      setQuery('');
      const el = document.getElementById(target);
      if (el instanceof HTMLDetailsElement) {
        el.open = true;
        requestAnimationFrame(() => el.scrollIntoView({ block: 'start' }));
      }
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [entries]);

  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <div className="faq-search">
      <form role="search" className="faq-search-form" aria-label="FAQ" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-q`}>Search the FAQ</label>
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Type a word, e.g. offline or rates"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-controls={`${id}-list`}
            disabled={!ready}
          />
        </div>
      </form>
      <div className="faq-categories" role="group" aria-label="Filter by category">
        <button type="button" className="chip" aria-pressed={active === 'All'} onClick={clear} disabled={!ready}>
          All
        </button>
        {categories.map(({ name }) => (
          <button key={name} type="button" className="chip" aria-pressed={active === name} onClick={() => setQuery(name)} disabled={!ready}>
            {name}
          </button>
        ))}
      </div>
      <div className="faq-status">
        <p className={shown.size === 0 ? 'faq-empty' : 'faq-count'} aria-hidden="true">
          {status}
        </p>
        <p role="status" className="visually-hidden">
          {said}
        </p>
        {shown.size === 0 && (
          <button type="button" className="link-button" onClick={clear}>
            Clear search
          </button>
        )}
      </div>
      <div className="faq" id={`${id}-list`}>
        {categories.map(({ name: c, id: heading }) => {
          const items = entries.filter((e) => e.category === c);
          if (items.length === 0) return null;
          const visible = items.some((e) => shown.has(e.id));
          return (
            <section key={c} aria-labelledby={heading} hidden={!visible}>
              <h2 id={heading}>{c}</h2>
              {items.map((e) => (
                <details key={e.id} className="faq-item" id={e.id} hidden={!shown.has(e.id)}>
                  <summary>{e.question}</summary>
                  {/* The build renders the answer's inline markdown from content/faq.yaml (trusted content). */}
                  {e.answer_html ? <p dangerouslySetInnerHTML={{ __html: e.answer_html }} /> : <p>{e.answer}</p>}
                </details>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}
