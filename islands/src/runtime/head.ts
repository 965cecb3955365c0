// The one inline script: it runs in <head>, before the first paint, so the consent banner
// (in every page's HTML, hidden by default) shows at once on a first visit and never
// flashes for a visitor who already chose. The build inlines this bundle and puts its
// SHA-256 in the Content-Security-Policy (script-src 'sha256-...'), so the CSP stays strict.
import { askForConsent, readConsent } from '../lib/consent.ts';

if (!readConsent()) askForConsent();
