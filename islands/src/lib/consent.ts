// The visitor's cookie choices: essential storage is always on;
// preferences, analytics and advertising stay off until the visitor chooses. Stored in
// localStorage under 'unitly-consent' as {version, choices, time}. Every function takes
// the Storage as a parameter so it runs in Node tests without a DOM.

export const CONSENT_KEY = 'unitly-consent';
/** Raise when the purposes change: older answers are then asked again. */
const CONSENT_VERSION = 1;
/** Fired on `window` when this page saves a choice; other tabs get a 'storage' event. */
const CONSENT_EVENT = 'unitly:consent';

export const PURPOSES = ['preferences', 'analytics', 'advertising'] as const;
export type Purpose = (typeof PURPOSES)[number];

export interface Choices {
  essential: true;
  preferences: boolean;
  analytics: boolean;
  advertising: boolean;
}

export interface Consent {
  version: number;
  choices: Choices;
  time: string; // ISO 8601
}

export const ACCEPT_ALL: Choices = { essential: true, preferences: true, analytics: true, advertising: true };
export const REJECT_ALL: Choices = { essential: true, preferences: false, analytics: false, advertising: false };

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined; // storage blocked: no remembered choice
  }
}

const bus: EventTarget = typeof window !== 'undefined' ? window : new EventTarget();

function isConsent(x: unknown): x is Consent {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  const ch = c.choices as Record<string, unknown> | undefined;
  return (
    c.version === CONSENT_VERSION &&
    typeof c.time === 'string' &&
    typeof ch === 'object' &&
    ch !== null &&
    PURPOSES.every((p) => typeof ch[p] === 'boolean')
  );
}

/** The stored choice, or null when there is none (or it is unreadable, or from an older version). */
export function readConsent(storage: Storage | undefined = defaultStorage()): Consent | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isConsent(parsed)) return null;
    const ch = parsed.choices;
    return { version: parsed.version, time: parsed.time, choices: { essential: true, preferences: ch.preferences, analytics: ch.analytics, advertising: ch.advertising } };
  } catch {
    return null;
  }
}

/**
 * Shows the consent banner: the banner is in every page's HTML but hidden by the stylesheet
 * unless <html> carries `data-consent="ask"`. The inline head script (runtime/head.ts) sets
 * it before the first paint when no valid choice is stored, so a returning visitor never
 * sees the banner flash, and a first visit paints it at once (no late shift or paint).
 */
export function askForConsent(root: HTMLElement = document.documentElement): void {
  root.dataset.consent = 'ask';
}

export function saveConsent(
  choices: Omit<Choices, 'essential'> & { essential?: boolean },
  storage: Storage | undefined = defaultStorage(),
  now: Date = new Date(),
): Consent {
  const consent: Consent = {
    version: CONSENT_VERSION,
    choices: { essential: true, preferences: !!choices.preferences, analytics: !!choices.analytics, advertising: !!choices.advertising },
    time: now.toISOString(),
  };
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    // storage full or blocked: the choice holds for this page only
  }
  bus.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
  return consent;
}

/** True only when the visitor agreed to this purpose. */
export function allows(purpose: Purpose, storage: Storage | undefined = defaultStorage()): boolean {
  return readConsent(storage)?.choices[purpose] ?? false;
}

/** Calls `listener` with the new choice whenever it changes, here or in another tab. */
export function subscribeConsent(listener: (consent: Consent | null) => void): () => void {
  const onLocal = (e: Event) => listener((e as CustomEvent<Consent>).detail);
  const onStorage = (e: Event) => {
    const key = (e as StorageEvent).key;
    if (key === CONSENT_KEY || key === null) listener(readConsent());
  };
  bus.addEventListener(CONSENT_EVENT, onLocal);
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    bus.removeEventListener(CONSENT_EVENT, onLocal);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
