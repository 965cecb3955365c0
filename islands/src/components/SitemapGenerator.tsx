// The home page's sitemap generator card. The page carries only the number of URLs: the
// sitemap itself (megabytes on a large site) is fetched from /sitemap.xml, the very file
// the build wrote, the first time the visitor copies or downloads it, then shown here.
import { useEffect, useRef, useState } from 'react';
import { copyWithToast } from '../lib/clipboard.ts';
import { toast } from '../lib/toast.ts';

interface Props {
  /** How many URLs the sitemap lists. */
  count: number;
}

export const SITEMAP_URL = '/sitemap.xml';
const FAILED = 'Could not load the sitemap. Check your connection and try again.';

export default function SitemapGenerator({ count }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'sitemap';
  const [ready, setReady] = useState(false);
  const [xml, setXml] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const pending = useRef<Promise<string | null> | null>(null);
  useEffect(() => setReady(true), []);

  /** The sitemap, fetched once; null (with a toast and a message) when it cannot be. */
  function load(): Promise<string | null> {
    if (xml !== null) return Promise.resolve(xml);
    pending.current ??= (async () => {
      setState('loading');
      try {
        const response = await fetch(SITEMAP_URL, { headers: { Accept: 'application/xml' } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = await response.text();
        setXml(text);
        setState('idle');
        return text;
      } catch {
        setState('failed');
        toast({ title: 'Sitemap unavailable', description: FAILED, variant: 'destructive' });
        return null;
      } finally {
        pending.current = null;
      }
    })();
    return pending.current;
  }

  async function copy() {
    const text = await load();
    if (text === null) return;
    await copyWithToast(
      text,
      { title: '📋 Copied!', description: 'Sitemap XML copied to clipboard' },
      { title: 'Copy Failed', description: 'Could not copy sitemap to clipboard' },
    );
  }

  async function download() {
    const text = await load();
    if (text === null) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'sitemap.xml';
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoked later, not at once: some browsers start reading the file after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  // Loading, the buttons stay focusable (aria-disabled): a disabled button drops the focus to <body>.
  const busy = state === 'loading' || undefined;
  return (
    <section className="card sitemap-card" aria-labelledby={`${id}-h`} aria-busy={state === 'loading'}>
      <div className="sitemap-head">
        <div>
          <h2 id={`${id}-h`}>Sitemap Generator</h2>
          <p className="meta">
            {`The XML sitemap search engines read: all ${count.toLocaleString('en-US')} pages of the site, with their priority and how often they change.`}
          </p>
        </div>
        <div className="sitemap-actions">
          <button type="button" className="button" onClick={copy} disabled={!ready} aria-disabled={busy}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <rect x="9" y="9" width="13" height="13" rx="2" />
              <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
            </svg>
            Copy XML
          </button>
          <button type="button" className="button button-secondary" onClick={download} disabled={!ready} aria-disabled={busy}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
            </svg>
            Download
          </button>
        </div>
      </div>
      {state === 'failed' && (
        <p className="field-error" role="alert">
          {FAILED}
        </p>
      )}
      {xml === null ? (
        <p className="meta">
          {'Copy or download it, or open '}
          <a href={SITEMAP_URL}>sitemap.xml</a>
          {' directly.'}
        </p>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-xml`}>sitemap.xml</label>
          <textarea id={`${id}-xml`} className="sitemap-xml" readOnly rows={12} value={xml} spellCheck={false} />
        </div>
      )}
    </section>
  );
}
