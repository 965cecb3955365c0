// Installable and offline: registers the service worker (/sw.js: src/sw/sw.ts behind the
// build's manifest, src/pwa.rs), offers a new version with a reload, and holds the
// browser's install offer for the install bar.
//
// The InstallBar island hydrates only when the browser makes the offer
// ('beforeinstallprompt'), so the runtime listens from the start and keeps the event here.
import { currentToasts, toast } from './toast.ts';
import { demandIsland } from './islandDemand.ts';
import { allows, readConsent, subscribeConsent } from './consent.ts';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

let held: InstallPromptEvent | null = null;
const listeners = new Set<(available: boolean) => void>();

function emit(): void {
  for (const l of listeners) l(held !== null);
}

/** Holds the browser's install offer instead of letting it show its own mini-infobar. */
export function captureInstallPrompt(target: EventTarget = window): void {
  // The install bar (`client="demand"`) waits until the cookie choices are answered, as the
  // bar itself does: its code comes when both the offer and the answer are there, so a first
  // visit's page (banner showing) and a page the browser offers nothing on never load it.
  let answered = readConsent() !== null;
  const offerBar = (): void => {
    if (held !== null && answered) demandIsland('InstallBar');
  };
  target.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    held = e as InstallPromptEvent;
    emit();
    offerBar();
  });
  // The bar's 'Later' goes with the preferences, here rather than in the bar, which a page may
  // never load.
  if (!allows('preferences')) forgetInstallLater();
  subscribeConsent((consent) => {
    answered = consent !== null;
    if (consent !== null && !consent.choices.preferences) forgetInstallLater();
    offerBar();
  });
  target.addEventListener('appinstalled', () => {
    held = null;
    emit();
  });
}

const LATER_KEY = 'unitly-install-later';

/** Forgets the install bar's 'Later': remembering it is a preference, gone when preferences are withdrawn. */
export function forgetInstallLater(): void {
  try {
    sessionStorage.removeItem(LATER_KEY);
  } catch {
    // storage blocked: nothing was kept
  }
}

/** Whether the visitor said 'Later' to the install bar in this visit (kept only with preferences allowed). */
export function saidInstallLater(): boolean {
  if (!allows('preferences')) return false;
  try {
    return sessionStorage.getItem(LATER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Keeps 'Later' for the rest of the visit, when preferences may be stored (else it holds for this page). */
export function rememberInstallLater(): void {
  if (!allows('preferences')) return;
  try {
    sessionStorage.setItem(LATER_KEY, '1');
  } catch {
    // storage blocked: hidden on this page only
  }
}

export function installAvailable(): boolean {
  return held !== null;
}

export function subscribeInstall(listener: (available: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install prompt. The held offer is used once: cleared either way. */
export async function promptInstall(): Promise<InstallOutcome> {
  const offer = held;
  if (!offer) return 'unavailable';
  held = null;
  emit();
  try {
    await offer.prompt();
    const choice = await offer.userChoice;
    return choice.outcome === 'accepted' ? 'accepted' : 'dismissed';
  } catch {
    return 'dismissed';
  }
}

export const UPDATE_TITLE = 'A new version of Unitly is available';

/** Who controls this tab, followed from startup (watchController). */
export interface Handover {
  /** A newer version took over this tab after an older one controlled it. */
  takenOver: boolean;
  /** The visitor chose 'Reload' here: reload as soon as the new version controls the tab. */
  asked: boolean;
}

// A text field has the focus: a reload would throw away what the visitor is typing.
function typing(win: Window): boolean {
  const el = win.document?.activeElement as HTMLElement | null | undefined;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/**
 * Follows who controls this tab, from startup: 'Reload' in any tab hands every tab of the
 * site to the new version, which deletes the old version's files, so a tab still showing a
 * page of the old one would fail on its next lazily loaded script. Such a tab reloads, or,
 * while the visitor is typing, is offered the reload. The first version claiming a first
 * visit's tab changes nothing under it.
 */
export function watchController(container: ServiceWorkerContainer, win: Window = window): Handover {
  const handover: Handover = { takenOver: false, asked: false };
  let current = container.controller;
  container.addEventListener('controllerchange', () => {
    const before = current;
    current = container.controller;
    if (before === null) return;
    handover.takenOver = true;
    if (handover.asked || !typing(win)) {
      win.location.reload();
      return;
    }
    // The offer this tab may still show reloads when used (no version waits any more).
    if (currentToasts().some((t) => t.title === UPDATE_TITLE)) return;
    toast({
      title: UPDATE_TITLE,
      description: 'It was opened in another tab. Reload this one to use it.',
      action: { label: 'Reload', run: () => win.location.reload() },
    });
  });
  return handover;
}

/**
 * Offers the waiting version of the site: the open tabs keep the version they are served by
 * (its scripts and pages belong together) until the visitor chooses 'Reload', which lets the
 * new worker take over and then reloads the tabs under it. Pages are fetched network first, so
 * the page of this tab may already be the new one: the offer does not say otherwise.
 */
export function offerUpdate(registration: ServiceWorkerRegistration, handover: Handover, win: Window = window): void {
  toast({
    title: UPDATE_TITLE,
    description: 'Reload to use it in every open tab.',
    action: {
      label: 'Reload',
      run: () => {
        // Asked at the click: the version offered may have been replaced by a newer one
        // since, or already taken over from another tab (then only the reload is left).
        const waiting = registration.waiting;
        if (!waiting) {
          win.location.reload();
          return;
        }
        handover.asked = true;
        waiting.postMessage('SKIP_WAITING');
      },
    },
  });
}

/** Session storage: this tab was offered the waiting version, on one of its earlier pages. */
export const OFFERED_KEY = 'unitly-update-offered';

function offeredBefore(win: Window): boolean {
  try {
    return win.sessionStorage.getItem(OFFERED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberOffered(win: Window): void {
  try {
    win.sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    // storage blocked: offered again on the next page
  }
}

/**
 * Watches a registration for a new version waiting behind the one that controls this tab,
 * and offers it once a session: a waiting version stays waiting while other tabs are open, and
 * repeating the offer on every page the visitor opens would only get in the way.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  win: Window = window,
  handover: Handover = watchController(container, win),
): void {
  let offered = false;
  const offer = (worker: ServiceWorker | null) => {
    // Without a controller this is the first install, not an update: nothing to offer.
    if (!worker || offered || container.controller === null || offeredBefore(win)) return;
    offered = true;
    rememberOffered(win);
    offerUpdate(registration, handover, win);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** Registers /sw.js in secure contexts (https, or localhost while developing). */
export function registerServiceWorker(win: Window = window): boolean {
  const nav = win.navigator;
  if (!win.isSecureContext || !('serviceWorker' in nav)) return false;
  const container = nav.serviceWorker;
  // At once, not when idle: another tab's 'Reload' can hand this one over at any time.
  const handover = watchController(container, win);
  const register = () => {
    container
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then((registration) => registration && watchForUpdates(registration, container, win, handover))
      .catch(() => {
        // Private modes and some embedded browsers refuse service workers: the site
        // simply works online only.
      });
  };
  // After the page has loaded and the main thread is free: installing downloads the app
  // shell for offline use, which must not slow the first visit down.
  const whenIdle = () => ('requestIdleCallback' in win ? win.requestIdleCallback(register, { timeout: 5000 }) : (win as Window).setTimeout(register, 1000));
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  return true;
}

/** Called once by the runtime (src/runtime/client.ts). */
export function startPwa(win: Window = window): void {
  captureInstallPrompt(win);
  registerServiceWorker(win);
}
