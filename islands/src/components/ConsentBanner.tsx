// @island-chunk runtime
// The cookie consent banner, shown until the visitor chooses. It is
// in every page's HTML, hidden by the stylesheet unless the inline head script found no
// stored choice (lib/consent.ts askForConsent), so it paints with the page, not later.
// Essential storage is always on; preferences, analytics and advertising stay off until
// chosen. It also loads the ad and analytics scripts, but only for purposes the visitor
// allowed and only when content/site.yaml configures them (props): with nothing
// configured no third-party request is ever made.
//
// It is compact, so a phone still shows the page it covers (at most a quarter of a
// 390×844 screen): one sentence with a link to the policy and the three choices in one
// row. Customize opens the full choices in a modal dialog (ui/ConsentDialog.tsx), fetched
// when first pressed; the third-party loader is fetched only when site.yaml configures
// something to load. The service worker stores both files with every other client file.
import { useEffect, useRef, useState } from 'react';
import { ACCEPT_ALL, REJECT_ALL, askForConsent, readConsent, saveConsent, subscribeConsent, type Consent } from '../lib/consent.ts';
import { focusContent } from '../lib/focus.ts';
import { lazyChunk } from '../lib/lazyChunk.ts';
import { usePopup } from '../ui/usePopup.ts';

const dialogChunk = lazyChunk(() => import('../ui/ConsentDialog.tsx').then((m) => m.default));
const thirdPartyChunk = lazyChunk(() => import('../lib/thirdParty.ts').then((m) => m.loadThirdParty));

interface Props {
  /** content/site.yaml `ads.client` ("" when not configured). */
  ads: string;
  /** content/site.yaml `analytics.measurement_id` ("" when not configured). */
  analytics: string;
}

export default function ConsentBanner({ ads, analytics }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'consent-banner';
  // undefined: not read yet (the server render and the first client render, which show the
  // banner and leave hiding it to the stylesheet until the choice is read).
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const [Dialog, customizing, customize] = usePopup(dialogChunk, 'the cookie choices');

  useEffect(() => {
    const config = { adsClient: ads, analyticsId: analytics };
    const apply = (c: Consent | null) => {
      setConsent(c);
      // With nothing configured (the props are empty) there is nothing to load.
      if (c && (ads || analytics)) {
        thirdPartyChunk.load().then(
          (loadThirdParty) => loadThirdParty(config, c.choices),
          (err: unknown) => console.warn('Unitly: could not load the third-party loader:', err),
        );
      } else if (!c) askForConsent(); // e.g. a stored choice from an older version of the purposes
    };
    apply(readConsent());
    return subscribeConsent(apply);
  }, [ads, analytics]);

  // The banner (or its dialog) goes with the choice, and with it the button that had the
  // focus: the focus moves to the page's content, where Tab goes on, not back to <body>.
  const shown = useRef(false);
  useEffect(() => {
    if (consent === null) shown.current = true;
    else if (consent && shown.current) {
      shown.current = false;
      if (document.activeElement === null || document.activeElement === document.body) focusContent();
    }
  }, [consent]);

  if (consent) return null;
  // On a narrow screen the reject button reads "Reject" (its name stays "Reject
  // non-essential": the rest is visually hidden there, so the three fit in one row).
  return (
    <section className="consent-banner" aria-labelledby={`${id}-h`}>
      <div className="consent-inner">
        <div className="consent-text">
          <h2 id={`${id}-h`}>Cookies on Unitly</h2>{' '}
          <p>
            We set optional cookies for preferences, statistics and ads only if you allow them (see the <a href="/cookies">Cookie Policy</a>).
          </p>
        </div>
        <div className="consent-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => customize('choices')}
          >
            Customize
          </button>
          <button type="button" className="button button-secondary" onClick={() => saveConsent(REJECT_ALL)}>
            Reject<span className="consent-long"> non-essential</span>
          </button>
          <button type="button" className="button" onClick={() => saveConsent(ACCEPT_ALL)}>
            Accept all
          </button>
        </div>
      </div>
      {Dialog && customizing && <Dialog id={id} asked={customizing.n} />}
    </section>
  );
}
