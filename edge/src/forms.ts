// The form routes. POST /api/contact and POST /api/subscribe are validated here (never
// trust the browser), then pass the guards (guard.ts) before anything reaches a webhook:
//   1. the client's rate limit (429 + Retry-After),
//   2. the fields (400 names the first bad one: the visitor's to fix),
//   3. configuration (503 not-configured without FORM_SECRET or the webhook),
//   4. the honeypot (filled: a quiet success that forwards nothing),
//   5. the signed form token from GET /api/form-token, 3 s to 2 h old and used once
//      (missing, forged or stale: 403 invalid-token, which the form answers by fetching a
//      fresh token; a token already used: a quiet success, so a repeated post of one
//      submission is forwarded once),
//   6. Turnstile, when TURNSTILE_SECRET is set (403 turnstile-failed).
// A subscription is double opt-in: the webhook first gets a confirmation request with a
// signed link (48 h); GET /api/subscribe/confirm sends the confirmed subscription once.
// Webhook URLs and secrets are secrets (a URL often embeds a token): no answer and no log
// line holds them.
import { CONTACT_SUBJECTS, FORM_GUARD, FORM_LIMITS, type Config, type Env } from "./config";
import { checkLink, checkToken, clientKey, confirmLink, issueToken, limiterFor, sha256hex, storeFor, ttlSeconds, turnstileOk } from "./guard";
import { error, json, NO_STORE } from "./http";
import { hostOf, postJson } from "./upstream";

type Fields = Record<string, string>;
type Rule = (value: string) => boolean;

// Email-shaped: something@something.tld, no spaces or control characters.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const singleLine = (v: string) => !/\p{Cc}/u.test(v);
// Line breaks and tabs are fine in a message; other control characters are not.
const multiLine = (v: string) => singleLine(v.replace(/[\r\n\t]/g, ""));

const email: Rule = (v) => v.length <= FORM_LIMITS.email && EMAIL.test(v);

const CONTACT: [string, Rule][] = [
  ["name", (v) => v.length <= FORM_LIMITS.name && singleLine(v)],
  ["email", email],
  ["subject", (v) => CONTACT_SUBJECTS.includes(v)],
  ["message", (v) => v.length <= FORM_LIMITS.message && multiLine(v)],
];
const SUBSCRIBE: [string, Rule][] = [["email", email]];

class Reject {
  constructor(readonly response: Response) {}
}

/** Reads at most FORM_LIMITS.bodyBytes of a JSON object, or rejects with a ready answer. */
async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new Reject(error(415, "unsupported-media-type"));
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // The limit is in the answer so a client can say how much is too much.
  const tooLarge = () => new Reject(error(413, "payload-too-large", { limit: FORM_LIMITS.bodyBytes }));
  if (declared > FORM_LIMITS.bodyBytes) throw tooLarge();

  // Content-Length can be absent (chunked), so count while reading too.
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > FORM_LIMITS.bodyBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new Reject(error(400, "malformed-request"));
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Reject(error(400, "malformed-request"));
  return data as Record<string, unknown>;
}

/** Trimmed, checked fields in rule order; names the first bad one. */
function validate(data: Record<string, unknown>, rules: [string, Rule][]): Fields {
  const out: Fields = {};
  for (const [field, ok] of rules) {
    const raw = data[field];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value === "" || !ok(value)) throw new Reject(error(400, "invalid-field", { field }));
    out[field] = value;
  }
  return out;
}

/** The JSON field people never see (hidden from eyes, screen readers and keyboard). */
export const HONEYPOT = "leave_empty";

type Form = "contact" | "subscribe";

/** GET /api/form-token: a fresh signed token for one form post. */
export async function formToken(config: Config): Promise<Response> {
  if (!config.formSecret) return error(503, "not-configured");
  return json({ token: await issueToken(config.formSecret), minSeconds: FORM_GUARD.tokenMinAgeMs / 1000 }, 200, NO_STORE);
}

async function forward(form: Form, webhook: string, payload: Record<string, unknown>, timeoutMs: number): Promise<boolean> {
  try {
    await postJson(webhook, { form, ...payload }, timeoutMs);
    return true;
  } catch (err) {
    console.error(`[unitly] ${form}: webhook at ${hostOf(webhook)} failed: ${err instanceof Error ? err.message : "unknown"}`);
    return false;
  }
}

const quietSuccess = () => json({ result: "success" }, 200, NO_STORE);

async function submit(form: Form, config: Config, env: Env, request: Request, origin: string): Promise<Response> {
  const ip = clientKey(request);
  const limiter = limiterFor(form, form === "contact" ? env.CONTACT_LIMITER : env.SUBSCRIBE_LIMITER);
  if (!(await limiter.limit({ key: `${form}:${ip}` })).success) {
    const wait = FORM_GUARD.retryAfterSeconds;
    return error(429, "rate-limited", { retryAfter: wait }, { "Retry-After": String(wait) });
  }
  try {
    const data = await readJson(request);
    const fields = validate(data, form === "contact" ? CONTACT : SUBSCRIBE);
    const webhook = form === "contact" ? config.contactWebhook : config.subscribeWebhook;
    // Validation comes first: a 400 is the visitor's to fix, a 503 is ours.
    if (!webhook || !config.formSecret) return error(503, "not-configured");

    const trap = data[HONEYPOT];
    if (trap !== undefined && trap !== "") return quietSuccess();
    const token = await checkToken(config.formSecret, data.token);
    if (!token.ok) return error(403, "invalid-token");
    const store = storeFor(env.FORMS);
    const usedKey = `forms:token:${token.signature}`;
    if (await store.get(usedKey)) return quietSuccess();
    if (config.turnstileSecret) {
      let passed: boolean;
      try {
        passed = await turnstileOk(config.turnstileVerifyUrl, config.turnstileSecret, data.turnstile, ip, config.timeoutMs);
      } catch (err) {
        console.error(`[unitly] ${form}: Turnstile verification failed: ${err instanceof Error ? err.message : "unknown"}`);
        return error(502, "upstream-unavailable");
      }
      if (!passed) return error(403, "turnstile-failed");
    }
    // Marked before forwarding: a second post racing this one finds the mark and stops.
    await store.put(usedKey, "1", { expirationTtl: ttlSeconds(FORM_GUARD.tokenMaxAgeMs) });

    const now = Date.now();
    if (form === "contact") {
      if (!(await forward(form, webhook, { ...fields, receivedAt: new Date(now).toISOString() }, config.timeoutMs))) {
        await store.put(usedKey, "", { expirationTtl: 60 }); // not delivered: the same post may try again
        return error(502, "upstream-unavailable");
      }
      return json({ result: "success" }, 200, NO_STORE);
    }

    // Subscribe: one confirmation request per address per day, whoever asks.
    const email = fields.email;
    const askedKey = `forms:subscribe:asked:${await sha256hex(email.toLowerCase())}`;
    if (await store.get(askedKey)) return json({ result: "success", confirm: "sent" }, 200, NO_STORE);
    const link = await confirmLink(config.formSecret, config.siteOrigin ?? origin, email, now);
    const sent = await forward(form, webhook, {
      event: "confirmation-requested",
      email,
      confirmUrl: link,
      expiresAt: new Date(now + FORM_GUARD.confirmLinkTtlMs).toISOString(),
      receivedAt: new Date(now).toISOString(),
    }, config.timeoutMs);
    if (!sent) {
      await store.put(usedKey, "", { expirationTtl: 60 });
      return error(502, "upstream-unavailable");
    }
    await store.put(askedKey, "1", { expirationTtl: ttlSeconds(FORM_GUARD.resendAfterMs) });
    return json({ result: "success", confirm: "sent" }, 200, NO_STORE);
  } catch (err) {
    if (err instanceof Reject) return err.response;
    throw err;
  }
}

/** Where the confirmation link leads a person: static pages of the site, out of the sitemap. */
export const CONFIRM_PAGES = {
  confirmed: "/newsletter/confirmed",
  expired: "/newsletter/expired",
  unavailable: "/newsletter/unavailable",
} as const;

function seeOther(path: string): Response {
  return new Response(null, {
    status: 303,
    headers: {
      Location: path,
      "Cache-Control": NO_STORE,
      // The link holds the address and its signature; the next page must not pass it on.
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * GET /api/subscribe/confirm?email=…&at=…&sig=…: the link from the confirmation mail.
 * A good link sends the webhook the confirmed subscription once; opening it again only
 * shows the confirmation page again.
 */
export async function confirm(config: Config, env: Env, url: URL): Promise<Response> {
  if (!config.formSecret || !config.subscribeWebhook) return seeOther(CONFIRM_PAGES.unavailable);
  const link = await checkLink(config.formSecret, url.searchParams);
  if (!link.ok) return seeOther(CONFIRM_PAGES.expired);
  const store = storeFor(env.FORMS);
  const doneKey = `forms:subscribe:confirmed:${await sha256hex(`${link.requestedAt}:${link.email.toLowerCase()}`)}`;
  if (await store.get(doneKey)) return seeOther(CONFIRM_PAGES.confirmed);
  const now = Date.now();
  // Marked first, so two quick clicks cannot both forward; unmarked again if the webhook fails.
  const keep = ttlSeconds(link.requestedAt + FORM_GUARD.confirmLinkTtlMs - now + 3600_000);
  await store.put(doneKey, "1", { expirationTtl: keep });
  const sent = await forward("subscribe", config.subscribeWebhook, {
    event: "confirmed",
    email: link.email,
    requestedAt: new Date(link.requestedAt).toISOString(),
    confirmedAt: new Date(now).toISOString(),
  }, config.timeoutMs);
  if (!sent) {
    await store.put(doneKey, "", { expirationTtl: 60 });
    return seeOther(CONFIRM_PAGES.unavailable);
  }
  return seeOther(CONFIRM_PAGES.confirmed);
}

export const contact = (config: Config, env: Env, request: Request, origin: string) => submit("contact", config, env, request, origin);
export const subscribe = (config: Config, env: Env, request: Request, origin: string) => submit("subscribe", config, env, request, origin);
