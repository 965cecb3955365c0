// The cookies page's 'Cookie settings': shows the stored choice and lets the visitor
// change it. Saving updates every island on the page (the consent banner loads or stops
// loading third-party scripts from then on).
import { useEffect, useState, type FormEvent } from 'react';
import { ConsentActions, ConsentChoices, type Draft } from '../ui/ConsentChoices.tsx';
import { readConsent, saveConsent, subscribeConsent, type Consent } from '../lib/consent.ts';
import { summary } from '../lib/consentText.ts';
import { isConfigured, withdrawnButLoaded } from '../lib/thirdParty.ts';
import { toast } from '../lib/toast.ts';

interface Props {
  ads: string;
  analytics: string;
}

const OFF: Draft = { preferences: false, analytics: false, advertising: false };
const draftOf = (c: Consent | null): Draft => (c ? { preferences: c.choices.preferences, analytics: c.choices.analytics, advertising: c.choices.advertising } : OFF);

function longDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export default function CookieSettings({ ads, analytics }: Props) {
  // Fixed, not useId(): islands are separate React roots whose generated ids can collide.
  const id = 'cookie-settings';
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(OFF);
  const configured = isConfigured({ adsClient: ads, analyticsId: analytics });

  useEffect(() => {
    const c = readConsent();
    setConsent(c);
    setDraft(draftOf(c));
    return subscribeConsent((next) => {
      setConsent(next);
      setDraft(draftOf(next));
    });
  }, []);

  const save = (choices: Draft) => {
    const saved = saveConsent(choices);
    setEditing(false);
    const stillRunning = withdrawnButLoaded(saved.choices);
    toast({
      title: 'Cookie settings saved',
      description: stillRunning.length
        ? `Your choices apply from now on. Reload the page to stop the ${stillRunning.join(' and ')} code already running on it.`
        : 'Your choices apply from now on.',
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save(draft);
  };

  let status = 'Your choices are stored in this browser only.';
  if (consent === null) status = 'You have not made a choice yet, so only essential storage is on.';
  else if (consent) status = `Saved${longDate(consent.time) ? ` on ${longDate(consent.time)}` : ''}: ${summary(consent.choices)}.`;

  return (
    <section className="card cookie-settings" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your cookie choices</h2>
      <p role="status">{status}</p>
      {!configured.ads && !configured.analytics && (
        <p className="field-hint">Unitly does not run any analytics or advertising at the moment, so no third-party cookies are set whatever you choose.</p>
      )}
      <button
        type="button"
        className="button"
        aria-expanded={editing}
        aria-controls={`${id}-form`}
        disabled={consent === undefined}
        onClick={() => {
          setDraft(draftOf(consent ?? null));
          setEditing(!editing);
        }}
      >
        Cookie settings
      </button>
      <form id={`${id}-form`} className="cookie-settings-form" hidden={!editing} onSubmit={onSubmit}>
        <ConsentChoices idPrefix={id} value={draft} onChange={setDraft} />
        <ConsentActions className="consent-actions" choose={save} />
      </form>
    </section>
  );
}
