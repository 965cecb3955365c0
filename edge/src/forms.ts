// The form routes. POST /api/contact and POST /api/subscribe are validated here (never
// trust the browser), then pass the guards before anything reaches a webhook:
//   1. the client's rate limit (429 + Retry-After),
//   2. the fields (400 names the first bad one and says what is wrong, in the words the
//      form itself uses: the rules are one file, islands/src/lib/formRules.ts),
//   3. configuration (503 not-configured without FORM_SECRET or the webhook),
//   4. the honeypot (filled: a quiet success that forwards nothing),
//   5. the signed form token from GET /api/form-token, 3 s to 2 h old (missing, forged or
//      stale: 403 invalid-token, which the form answers by fetching a fresh token), and
//      used once: the first post claims it (marks.ts, atomic), any other post with it gets
//      409 token-used and is not delivered,
//   6. Turnstile, when TURNSTILE_SECRET is set (403 turnstile-failed).
// A post that was not delivered (webhook down: 502) frees its token again, so the
// visitor's retry goes through; the form keeps the text and says it was not sent. A webhook
// that does not answer in time may have the post all the same: 502 delivery-unknown keeps
// the token used (a replay is not sent twice), and the form says so. Every post carries an
// `id` (also its Idempotency-Key header) a receiver can drop repeats by.
// A subscription is double opt-in (confirm.ts): the webhook first gets a confirmation
// request with a signed link (48 h), at most one per mailbox a day (mailbox.ts).
// Webhook URLs are secrets (a URL often embeds a token): no answer and no log line holds
// any part of them; a log line names the form and what went wrong.
import { fieldProblem, subjectProblem, type TextField } from "../../islands/src/lib/formRules.ts";
import { FORM_GUARD, FORM_LIMITS, type Config, type Env } from "./config";
import { clientKey, confirmLink, issueToken, checkToken, limiterFor, sha256hex, turnstileOk } from "./guard";
import { error, json, NO_STORE, readJsonBody } from "./http";
import { mailbox } from "./mailbox";
import { marksFor, type Marks } from "./marks";
import { postJson, UpstreamTimeout } from "./upstream";

type Fields = Record<string, string>;
type Rule = (value: string) => string | undefined;

const text = (field: TextField): Rule => (value) => fieldProblem(field, value);
const subject: Rule = subjectProblem;

const CONTACT: [string, Rule][] = [["name", text("name")], ["email", text("email")], ["subject", subject], ["message", text("message")]];
const SUBSCRIBE: [string, Rule][] = [["email", text("email")]];

class Reject {
  constructor(readonly response: Response) {}
}

/** Reads at most FORM_LIMITS.bodyBytes of a JSON object, or rejects with a ready answer. */
async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new Reject(error(415, "unsupported-media-type"));
  const body = await readJsonBody(request, FORM_LIMITS.bodyBytes);
  // The limit is in the answer so a client can say how much is too much.
  if (body === "too-large") throw new Reject(error(413, "payload-too-large", { limit: FORM_LIMITS.bodyBytes }));
  if (body === "not-json") throw new Reject(error(400, "malformed-request"));
  const data = body.json;
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Reject(error(400, "malformed-request"));
  return data as Record<string, unknown>;
}

/** Trimmed, checked fields in rule order; names the first bad one and what is wrong with it. */
function validate(data: Record<string, unknown>, rules: [string, Rule][]): Fields {
  const out: Fields = {};
  for (const [field, problem] of rules) {
    const raw = data[field];
    const value = typeof raw === "string" ? raw.trim() : "";
    const message = problem(value);
    if (message !== undefined) throw new Reject(error(400, "invalid-field", { field, message }));
    out[field] = value;
  }
  return out;
}

/** The JSON field people never see (hidden from eyes, screen readers and keyboard). */
export const HONEYPOT = "leave_empty";

export type Form = "contact" | "subscribe";

// Per isolate: the variables a form route has already said are missing, one line each.
const saidMissing = new Set<string>();

/**
 * The 503 a form route answers without its configuration, with one warning line per missing
 * variable the first time this isolate meets it (the name, never a value), so an operator
 * who forgot a `wrangler secret put` reads it in the logs rather than hears it from visitors.
 */
export function notConfigured(missing: Record<string, string | undefined>): Response {
  warnMissing(missing);
  return error(503, "not-configured");
}

/** The warning of `notConfigured`, for a route that answers otherwise (the confirmation link's page). */
export function warnMissing(missing: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(missing)) {
    if (value || saidMissing.has(name)) continue;
    saidMissing.add(name);
    console.warn(`[unitly] forms: ${name} is not set, so the forms answer 503 not-configured (set it with \`npx wrangler secret put ${name}\`)`);
  }
}

/** GET /api/form-token: a fresh signed token for one form post. */
export async function formToken(config: Config): Promise<Response> {
  if (!config.formSecret) return notConfigured({ FORM_SECRET: config.formSecret });
  return json({ token: await issueToken(config.formSecret), minSeconds: FORM_GUARD.tokenMinAgeMs / 1000 }, 200, NO_STORE);
}

/**
 * What a webhook post came to: `sent` (a 2xx answer), `failed` (refused: a status, no
 * connection), or `unknown` (no answer in time: it may have arrived and been handled).
 */
export type Delivery = "sent" | "failed" | "unknown";

/**
 * POSTs `payload` to a webhook with `id` in it and as its Idempotency-Key header: one id per
 * event, the same if the event is ever posted again, so a receiver can drop a repeat. A
 * failure is logged with the form and what went wrong (a status, a timeout), never the
 * webhook's address.
 */
export async function forward(form: Form, webhook: string, id: string, payload: Record<string, unknown>, timeoutMs: number): Promise<Delivery> {
  try {
    await postJson(webhook, { form, id, ...payload }, timeoutMs, { "Idempotency-Key": id });
    return "sent";
  } catch (err) {
    console.error(`[unitly] ${form}: webhook failed (${err instanceof Error ? err.message : "unknown"})`);
    return err instanceof UpstreamTimeout ? "unknown" : "failed";
  }
}

/** Marks the forms keep (marks.ts), by purpose. Addresses go in hashed. */
export const MARK = {
  token: (nonce: string) => `token:${nonce}`,
  asked: async (email: string) => `asked:${await sha256hex(mailbox(email))}`,
  confirmed: async (email: string, requestedAt: number) => `confirmed:${await sha256hex(`${requestedAt}:${mailbox(email)}`)}`,
};

/** The marks could not be asked: nothing is sent, and the visitor is told so. */
export class MarksDown {}

/** `marks.claim`, with a failure of the store itself turned into MarksDown. */
export async function claim(marks: Marks, key: string, ttlMs: number): Promise<boolean> {
  try {
    return await marks.claim(key, ttlMs);
  } catch (err) {
    console.error(`[unitly] forms: the used-once marks are unavailable (${err instanceof Error ? err.message : "unknown"})`);
    throw new MarksDown();
  }
}

/** Frees a mark again; a failure only means the mark expires on its own. */
export async function release(marks: Marks, key: string): Promise<void> {
  try {
    await marks.release(key);
  } catch (err) {
    console.error(`[unitly] forms: a used-once mark could not be freed (${err instanceof Error ? err.message : "unknown"}); it expires on its own`);
  }
}

const quietSuccess = () => json({ result: "success" }, 200, NO_STORE);
const notDelivered = () => error(502, "upstream-unavailable");
/** The webhook did not answer in time: the post may have arrived, so the token stays used. */
const deliveryUnknown = () => error(502, "delivery-unknown");

/** CF-Connecting-IP as it came (Turnstile's `remoteip`), or "unknown". */
function remoteIpOf(request: Request): string {
  const ip = (request.headers.get("CF-Connecting-IP") ?? "").trim();
  return ip === "" || ip.length > 64 ? "unknown" : ip;
}

async function submit(form: Form, config: Config, env: Env, request: Request, origin: string): Promise<Response> {
  const ip = clientKey(request);
  const limiter = limiterFor(form, form === "contact" ? env.CONTACT_LIMITER : env.SUBSCRIBE_LIMITER);
  let allowed: boolean;
  try {
    allowed = (await limiter.limit({ key: `${form}:${ip}` })).success;
  } catch (err) {
    // The binding failed: nothing is sent while the flood guard cannot be asked (a JSON 503, not a 500).
    console.error(`[unitly] ${form}: the rate limiter failed (${err instanceof Error ? err.message : "unknown"})`);
    return error(503, "rate-limit-unavailable");
  }
  if (!allowed) {
    const wait = FORM_GUARD.retryAfterSeconds;
    return error(429, "rate-limited", { retryAfter: wait }, { "Retry-After": String(wait) });
  }
  try {
    const data = await readJson(request);
    const fields = validate(data, form === "contact" ? CONTACT : SUBSCRIBE);
    const webhook = form === "contact" ? config.contactWebhook : config.subscribeWebhook;
    // Validation comes first: a 400 is the visitor's to fix, a 503 is ours.
    if (!webhook || !config.formSecret) {
      return notConfigured({ [form === "contact" ? "CONTACT_WEBHOOK_URL" : "SUBSCRIBE_WEBHOOK_URL"]: webhook, FORM_SECRET: config.formSecret });
    }

    const trap = data[HONEYPOT];
    if (trap !== undefined && trap !== "") return quietSuccess();
    const token = await checkToken(config.formSecret, data.token);
    if (!token.ok) return error(403, "invalid-token");
    const marks = marksFor(env.FORM_MARKS);
    const tokenKey = MARK.token(token.nonce);
    if (!(await claim(marks, tokenKey, FORM_GUARD.tokenMaxAgeMs))) return error(409, "token-used");
    // From here on, an answer that says nothing was delivered frees the token for the
    // visitor's retry; a delivery, or one that may have happened, keeps it used.
    const { response, spent } = await deliver({ form, config, webhook, id: token.nonce, fields, data, remoteIp: remoteIpOf(request), origin, marks });
    if (!spent) await release(marks, tokenKey);
    return response;
  } catch (err) {
    if (err instanceof Reject) return err.response;
    if (err instanceof MarksDown) return notDelivered();
    throw err;
  }
}

/** A post that passed the checks before its token, and what delivering it needs. */
interface Accepted {
  form: Form;
  config: Config;
  webhook: string;
  /** The post's id for the receiver (the token's nonce: one per submission). */
  id: string;
  fields: Fields;
  /** The whole body (Turnstile's token is in it). */
  data: Record<string, unknown>;
  /** The visitor's own address for Turnstile (not the rate limiter's key, a /64 for IPv6), or "unknown". */
  remoteIp: string;
  /** Where confirmation links point when SITE_ORIGIN is not set. */
  origin: string;
  marks: Marks;
}

/** The answer, and whether the token is spent: something was, or may have been, delivered. */
interface Outcome {
  response: Response;
  spent: boolean;
}

const answered = (delivery: Delivery, success: () => Response): Outcome =>
  delivery === "sent" ? { response: success(), spent: true } : delivery === "unknown" ? { response: deliveryUnknown(), spent: true } : { response: notDelivered(), spent: false };

/** After the token: Turnstile, then the webhook (subscribe: at most one request per mailbox a day). */
async function deliver({ form, config, webhook, id, fields, data, remoteIp, origin, marks }: Accepted): Promise<Outcome> {
  if (config.turnstileSecret) {
    let passed: boolean;
    try {
      passed = await turnstileOk(config.turnstileVerifyUrl, config.turnstileSecret, data.turnstile, remoteIp, config.timeoutMs);
    } catch (err) {
      console.error(`[unitly] ${form}: Turnstile verification failed (${err instanceof Error ? err.message : "unknown"})`);
      return { response: notDelivered(), spent: false };
    }
    if (!passed) return { response: error(403, "turnstile-failed"), spent: false };
  }

  const now = Date.now();
  if (form === "contact") {
    const delivery = await forward(form, webhook, id, { ...fields, receivedAt: new Date(now).toISOString() }, config.timeoutMs);
    return answered(delivery, () => json({ result: "success" }, 200, NO_STORE));
  }

  // Asking again within a day, by any spelling of the mailbox and from any client, sends
  // nothing and answers as the first time did (which tells nobody whether it is subscribed).
  const { email } = fields;
  const askedKey = await MARK.asked(email);
  if (!(await claim(marks, askedKey, FORM_GUARD.resendAfterMs))) return { response: json({ result: "success", confirm: "sent" }, 200, NO_STORE), spent: true };
  const delivery = await forward(form, webhook, id, {
    event: "confirmation-requested",
    email,
    confirmUrl: await confirmLink(config.formSecret!, config.siteOrigin ?? origin, email, now),
    expiresAt: new Date(now + FORM_GUARD.confirmLinkTtlMs).toISOString(),
    receivedAt: new Date(now).toISOString(),
  }, config.timeoutMs);
  // Not sent for sure, or perhaps not: the mailbox may ask again (a second confirmation
  // mail is harmless; none at all would leave the visitor waiting a day).
  if (delivery !== "sent") await release(marks, askedKey);
  return answered(delivery, () => json({ result: "success", confirm: "sent" }, 200, NO_STORE));
}

export const contact = (config: Config, env: Env, request: Request, origin: string) => submit("contact", config, env, request, origin);
export const subscribe = (config: Config, env: Env, request: Request, origin: string) => submit("subscribe", config, env, request, origin);
