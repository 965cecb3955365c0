// The browser's side of the form routes' abuse guards (edge/src/forms.ts): a signed token
// from GET /api/form-token, fetched when the visitor starts on the form (never on page
// load), at least 3 seconds old when the form is sent (a person needs longer anyway; a
// quick sender just sees "Sending…" a moment longer), replaced after each sent message
// and when it nears its 2-hour limit. A refused token is replaced and the post retried
// once, so a person never sees it. The honeypot field's value goes along unchanged.
import { submitForm, type SubmitOutcome } from './validate.ts';

/** The edge's limits (FORM_GUARD in edge/src/config.ts), with a margin for clock and travel. */
export const TOKEN_MIN_AGE_MS = 3_000 + 300;
export const TOKEN_REFRESH_AFTER_MS = 100 * 60_000; // the edge accepts up to 2 hours
/** The honeypot's name in the post body (HONEYPOT in edge/src/forms.ts). */
export const HONEYPOT = 'leave_empty';

type Fetched = { token: string; at: number } | { outcome: SubmitOutcome };

export interface FormGuardOptions {
  fetchImpl?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class FormGuard {
  private pending: Promise<Fetched> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor({ fetchImpl, now = Date.now, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) }: FormGuardOptions = {}) {
    // Bound late, so a test or the page can replace window.fetch.
    this.fetchImpl = fetchImpl ?? ((input, init) => fetch(input, init));
    this.now = now;
    this.sleep = sleep;
  }

  /** Starts fetching a token if there is none yet (call when the visitor starts typing). */
  prepare(): void {
    if (!this.pending) this.pending = this.fetchToken();
  }

  /** Forgets the token, so the next post uses a fresh one. */
  discard(): void {
    this.pending = null;
  }

  private async fetchToken(): Promise<Fetched> {
    let response: Response;
    try {
      response = await this.fetchImpl('/api/form-token', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    } catch {
      return { outcome: { kind: 'network' } };
    }
    const at = this.now();
    let body: { token?: unknown } = {};
    try {
      body = (await response.json()) as { token?: unknown };
    } catch {
      // judged by the status below
    }
    if (response.ok && typeof body.token === 'string') return { token: body.token, at };
    if (response.status === 429) return { outcome: { kind: 'limited' } };
    return { outcome: { kind: response.status >= 500 ? 'unavailable' : 'refused' } };
  }

  /** A token old enough to be accepted, or why there is none. */
  async ready(): Promise<{ token: string } | { outcome: SubmitOutcome }> {
    this.prepare();
    let got = await this.pending!;
    if ('outcome' in got || this.now() - got.at > TOKEN_REFRESH_AFTER_MS) {
      // A failed fetch is tried again at send time; an old token is replaced.
      this.pending = this.fetchToken();
      got = await this.pending;
      if ('outcome' in got) {
        this.pending = null;
        return got;
      }
    }
    const wait = got.at + TOKEN_MIN_AGE_MS - this.now();
    if (wait > 0) await this.sleep(wait);
    return { token: got.token };
  }

  /**
   * Sends `body` with a token (and the honeypot's value) and says what happened. A refused
   * token is replaced and the post sent once more; after a sent post the token is spent.
   */
  async send(path: '/api/contact' | '/api/subscribe', body: Record<string, string>, honeypot: string, turnstile?: string): Promise<SubmitOutcome> {
    for (let attempt = 0; ; attempt++) {
      const ready = await this.ready();
      if ('outcome' in ready) return ready.outcome;
      const extra: Record<string, string> = { token: ready.token, [HONEYPOT]: honeypot };
      if (turnstile !== undefined) extra.turnstile = turnstile;
      const outcome = await submitForm(path, { ...body, ...extra }, this.fetchImpl);
      if (outcome.kind === 'token' && attempt === 0) {
        this.discard();
        continue;
      }
      // Spent: sent with it (or perhaps sent), refused, or already used by another post (a fresh one next time).
      if (outcome.kind === 'sent' || outcome.kind === 'unknown' || outcome.kind === 'token' || outcome.kind === 'used') this.discard();
      return outcome;
    }
  }
}
