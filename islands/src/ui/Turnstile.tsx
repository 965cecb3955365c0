// Cloudflare Turnstile for a form, only when content/site.yaml sets `turnstile.site_key`:
// its script loads when the visitor starts on the form (never on page load, never without
// a key), and the widget's token goes with the post for the edge to verify. Tokens are
// single-use, so the widget is reset after every post.
import { useCallback, useRef, useState, type ReactNode } from 'react';

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((ok, fail) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? ok(window.turnstile) : fail(new Error('Turnstile did not load')));
    script.onerror = () => {
      loading = null; // a later attempt may work
      fail(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface TurnstileState {
  /** The widget's container (nothing without a site key). */
  widget: ReactNode;
  /** The token to post: undefined without a site key, '' while the check is not passed. */
  token: string | undefined;
  /** Loads and renders the widget once (call when the visitor starts on the form). */
  start(): void;
  /** After a post: the token is spent. */
  reset(): void;
}

export function useTurnstile(siteKey: string | undefined): TurnstileState {
  const enabled = Boolean(siteKey);
  const box = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const started = useRef(false);
  const [token, setToken] = useState('');

  const start = useCallback(() => {
    if (!enabled || started.current) return;
    started.current = true;
    loadTurnstile().then(
      (api) => {
        if (!box.current) return;
        widgetId.current = api.render(box.current, {
          sitekey: siteKey,
          callback: (t: string) => setToken(t),
          'expired-callback': () => setToken(''),
          'error-callback': () => setToken(''),
        });
      },
      () => {
        started.current = false; // tried again on the next focus
      },
    );
  }, [enabled, siteKey]);

  const reset = useCallback(() => {
    setToken('');
    if (widgetId.current !== null) window.turnstile?.reset(widgetId.current);
  }, []);

  return {
    widget: enabled ? <div className="form-turnstile" ref={box} /> : null,
    token: enabled ? token : undefined,
    start,
    reset,
  };
}
