// The cookie consent banner, shown until the visitor chooses (spec sections 1 and 2). It is
// in every page's HTML, hidden by the stylesheet unless the inline head script found no
// stored choice (lib/consent.ts askForConsent), so it paints with the page, not later.
// Essential storage is always on; preferences, analytics and advertising stay off until
// chosen. It also loads the ad and analytics scripts, but only for purposes the visitor
// allowed and only when content/site.yaml configures them (props): with nothing
// configured no third-party request is ever made.
import { useEffect, useState } from 'react';
import { ConsentChoices, type Draft } from '../ui/ConsentChoices.tsx';
import { ACCEPT_ALL, REJECT_ALL, askForConsent, readConsent, saveConsent, subscribeConsent, type Consent } from '../lib/consent.ts';
import { loadThirdParty } from '../lib/thirdParty.ts';

interface Props {
  /** content/site.yaml `ads.client` ("" when not configured). */
  ads: string;
  /** content/site.yaml `analytics.measurement_id` ("" when not configured). */
  analytics: string;
}

const OFF: Draft = { preferences: false, analytics: false, advertising: false };

export default function ConsentBanner({ ads, analytics }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'consent-banner';
  // undefined: not read yet (the server render and the first client render, which show the
  // banner and leave hiding it to the stylesheet until the choice is read).
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<Draft>(OFF);

  useEffect(() => {
    const config = { adsClient: ads, analyticsId: analytics };
    const apply = (c: Consent | null) => {
      setConsent(c);
      if (c) loadThirdParty(config, c.choices);
      else askForConsent(); // e.g. a stored choice from an older version of the purposes
    };
    apply(readConsent());
    return subscribeConsent(apply);
  }, [ads, analytics]);

  if (consent) return null;
  return (
    <section className="consent-banner" aria-labelledby={`${id}-h`}>
      <div className="consent-inner">
        <div className="consent-text">
          <h2 id={`${id}-h`}>Cookies on Unitly</h2>
          <p>
            The converters work without cookies. With your permission we would also remember your preferences, measure which pages are used and show
            ads that keep Unitly free. Essential storage is always on. You can change your choice at any time on the{' '}
            <a href="/cookies">Cookie Policy page</a>.
          </p>
        </div>
        {customizing && <ConsentChoices idPrefix={id} value={draft} onChange={setDraft} />}
        <div className="consent-actions">
          {customizing ? (
            <button type="button" className="button button-secondary" onClick={() => saveConsent(draft)}>
              Save choices
            </button>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setCustomizing(true)}>
              Customize
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => saveConsent(REJECT_ALL)}>
            Reject non-essential
          </button>
          <button type="button" className="button" onClick={() => saveConsent(ACCEPT_ALL)}>
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}
