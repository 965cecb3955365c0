// POST /api/contact and POST /api/subscribe: validated here (never trust the browser),
// then forwarded as JSON to a webhook configured in env. The webhook URL itself is a
// secret (it often embeds a token), so it appears in no answer and no log line.
import { CONTACT_SUBJECTS, FORM_LIMITS, type Config } from "./config";
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
  if (declared > FORM_LIMITS.bodyBytes) throw new Reject(error(413, "payload-too-large"));

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
        throw new Reject(error(413, "payload-too-large"));
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

async function submit(form: "contact" | "subscribe", request: Request, webhook: string | undefined, timeoutMs: number): Promise<Response> {
  try {
    const fields = validate(await readJson(request), form === "contact" ? CONTACT : SUBSCRIBE);
    // Validation comes first: a 400 is the visitor's to fix, a 503 is ours.
    if (!webhook) return error(503, "not-configured");
    try {
      await postJson(webhook, { form, ...fields, receivedAt: new Date().toISOString() }, timeoutMs);
    } catch (err) {
      console.error(`[unitly] ${form}: webhook at ${hostOf(webhook)} failed: ${err instanceof Error ? err.message : "unknown"}`);
      return error(502, "upstream-unavailable");
    }
    return json({ result: "success" }, 200, NO_STORE);
  } catch (err) {
    if (err instanceof Reject) return err.response;
    throw err;
  }
}

export const contact = (config: Config, request: Request) => submit("contact", request, config.contactWebhook, config.timeoutMs);
export const subscribe = (config: Config, request: Request) => submit("subscribe", request, config.subscribeWebhook, config.timeoutMs);
