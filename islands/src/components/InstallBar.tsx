// The install bar: when the browser offers to install Unitly (the runtime holds its
// 'beforeinstallprompt' event: lib/pwa.ts), a bar at the bottom offers it. 'Later'
// hides it (for the rest of this visit when the visitor allowed preference storage);
// 'Install' shows the browser's own prompt. It waits until the cookie choices are answered:
// on a phone the two bars together hide most of a converter.
//
// The bar goes after 'Install' whatever the visitor answers in the browser's prompt: the
// browser's offer can be used once (lib/pwa.ts), so a second 'Install' could do nothing. It
// comes back if the browser offers again. When it goes with the focus in it, the focus goes
// back to where it was before the bar (or to the page's content), never to <body>.
import { useEffect, useRef, useState } from 'react';
import { readConsent, subscribeConsent } from '../lib/consent.ts';
import { FocusReturn } from '../lib/focus.ts';
import { installAvailable, promptInstall, rememberInstallLater, saidInstallLater, subscribeInstall } from '../lib/pwa.ts';

export default function InstallBar() {
  const [available, setAvailable] = useState(false);
  const [later, setLater] = useState(false);
  const [answered, setAnswered] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const focusReturn = useRef(new FocusReturn());
  // Before the bar goes: its button's focus would drop to <body>.
  const handFocusBack = () => {
    if (bar.current?.contains(document.activeElement)) focusReturn.current.restore();
  };

  useEffect(() => {
    setLater(saidInstallLater());
    setAvailable(installAvailable());
    setAnswered(readConsent() !== null);
    const stopConsent = subscribeConsent((consent) => setAnswered(consent !== null));
    // 'Install' spends the offer (and 'appinstalled' ends it): the bar goes.
    const stopInstall = subscribeInstall((available) => {
      if (!available) handFocusBack();
      setAvailable(available);
    });
    return () => {
      stopConsent();
      stopInstall();
    };
  }, []);

  if (!available || later || !answered) return null;
  return (
    <section ref={bar} className="install-bar" aria-label="Install app" onFocus={(e) => focusReturn.current.entered(e.currentTarget, e.relatedTarget)}>
      <svg aria-hidden="true" width="36" height="36" viewBox="0 0 32 32" className="install-logo">
        <rect width="32" height="32" rx="8" fill="#3b82f6" />
        <path d="M9 10v7a7 7 0 0 0 14 0v-7" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p>Install Unitly for quick offline access</p>
      <div className="install-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            handFocusBack();
            setLater(true);
            rememberInstallLater();
          }}
        >
          Later
        </button>
        <button type="button" className="button" onClick={() => void promptInstall()}>
          Install
        </button>
      </div>
    </section>
  );
}
