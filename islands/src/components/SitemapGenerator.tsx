// The home page's sitemap generator card: the very sitemap.xml the build writes (passed
// in by the template), ready to copy or to download as a file named sitemap.xml.
import { useEffect, useState } from 'react';
import { copyWithToast } from '../lib/clipboard.ts';

interface Props {
  xml: string;
}

export default function SitemapGenerator({ xml }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'sitemap';
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const count = (xml.match(/<loc>/g) ?? []).length;

  async function copy() {
    await copyWithToast(
      xml,
      { title: '📋 Copied!', description: 'Sitemap XML copied to clipboard' },
      { title: 'Copy Failed', description: 'Could not copy sitemap to clipboard' },
    );
  }

  function download() {
    const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'sitemap.xml';
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoked later, not at once: some browsers start reading the file after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <section className="card sitemap-card" aria-labelledby={`${id}-h`}>
      <div className="sitemap-head">
        <div>
          <h2 id={`${id}-h`}>Sitemap Generator</h2>
          <p className="meta">
            {`The XML sitemap search engines read: all ${count} pages of the site, with their priority and how often they change.`}
          </p>
        </div>
        <div className="sitemap-actions">
          <button type="button" className="button" onClick={copy} disabled={!ready}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <rect x="9" y="9" width="13" height="13" rx="2" />
              <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
            </svg>
            Copy XML
          </button>
          <button type="button" className="button button-secondary" onClick={download} disabled={!ready}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />
            </svg>
            Download
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-xml`}>sitemap.xml</label>
        <textarea id={`${id}-xml`} className="sitemap-xml" readOnly rows={12} value={xml} spellCheck={false} />
      </div>
    </section>
  );
}
