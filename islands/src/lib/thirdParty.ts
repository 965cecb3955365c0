// Ads and analytics: their scripts are injected only after the visitor consented to that
// purpose AND only when content/site.yaml configures them (`ads.client`,
// `analytics.measurement_id`). With neither configured, nothing is ever requested from
// another origin. The CSP (src/output/headers.rs) allows these origins only when configured.

import type { Choices } from './consent.ts';

export interface ThirdPartyConfig {
  /** AdSense publisher id, "ca-pub-" and 16 digits (`unitly check` refuses others); "" when not configured. */
  adsClient: string;
  /** Google Analytics 4 measurement id, "G-XXXXXXX"; "" when not configured. */
  analyticsId: string;
}

export interface ScriptSpec {
  purpose: 'analytics' | 'advertising';
  src: string;
}

const ADS_CLIENT = /^ca-pub-\d{16}$/;
const GA_ID = /^G-[A-Z0-9]{4,16}$/;

export function isConfigured(config: ThirdPartyConfig): { ads: boolean; analytics: boolean } {
  return { ads: ADS_CLIENT.test(config.adsClient.trim()), analytics: GA_ID.test(config.analyticsId.trim()) };
}

/** The scripts this visitor's choices allow, given what is configured. */
export function scriptsFor(config: ThirdPartyConfig, choices: Choices | null | undefined): ScriptSpec[] {
  if (!choices) return [];
  const on = isConfigured(config);
  const out: ScriptSpec[] = [];
  if (choices.analytics && on.analytics) {
    out.push({ purpose: 'analytics', src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(config.analyticsId.trim())}` });
  }
  if (choices.advertising && on.ads) {
    out.push({ purpose: 'advertising', src: `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(config.adsClient.trim())}` });
  }
  return out;
}

type GtagWindow = { dataLayer?: unknown[] };

/**
 * Injects the allowed scripts once per page (no inline script: gtag's queue is set up
 * here, in our own module). Returns the sources added by this call.
 */
export function loadThirdParty(config: ThirdPartyConfig, choices: Choices | null | undefined, doc: Document = document): string[] {
  const added: string[] = [];
  for (const spec of scriptsFor(config, choices)) {
    if (doc.querySelector(`script[data-unitly-purpose="${spec.purpose}"]`)) continue;
    if (spec.purpose === 'analytics') {
      const w = (doc.defaultView ?? {}) as GtagWindow;
      const dataLayer = (w.dataLayer = w.dataLayer ?? []);
      // gtag.js reads its queue from `arguments` objects, exactly as its snippet pushes them.
      const gtag = function (..._args: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        dataLayer.push(arguments);
      };
      gtag('js', new Date());
      gtag('config', config.analyticsId.trim(), { anonymize_ip: true });
    }
    const script = doc.createElement('script');
    script.async = true;
    script.src = spec.src;
    script.dataset.unitlyPurpose = spec.purpose;
    if (spec.purpose === 'advertising') script.crossOrigin = 'anonymous';
    doc.head.appendChild(script);
    added.push(spec.src);
  }
  return added;
}

/** Purposes whose script already runs on this page but the visitor has now turned off. */
export function withdrawnButLoaded(choices: Choices, doc: Document = document): string[] {
  const out: string[] = [];
  if (!choices.analytics && doc.querySelector('script[data-unitly-purpose="analytics"]')) out.push('analytics');
  if (!choices.advertising && doc.querySelector('script[data-unitly-purpose="advertising"]')) out.push('advertising');
  return out;
}
