// What stands between the open form routes and the owner's webhooks:
//  - per-client rate limits (the Workers Rate Limiting binding, keyed by the client's
//    network: its IPv4 address, or the /64 of its IPv6 address),
//  - signed, short-lived form tokens, each with its own random nonce, and signed
//    confirmation links (HMAC-SHA256 with FORM_SECRET, Web Crypto only),
//  - the optional Cloudflare Turnstile check.
// "Used once" marks live in marks.ts. Runtimes without the bindings (other than workerd)
// get per-process stand-ins with the same limits, so a local site behaves like the
// deployed one.
import ipaddr from "ipaddr.js";
import type { RateLimiter } from "./bindings";
import { FORM_GUARD } from "./config";
import { readJsonCapped, UpstreamError } from "./upstream";

// ---------------------------------------------------------------------------------------
// Rate limits

/** A fixed one-minute window per key, for runtimes without the binding. */
class MemoryLimiter implements RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly perMinute: number) {}

  async limit({ key }: { key: string }) {
    const now = Date.now();
    // Forget finished windows once the map grows, so it stays bounded under a flood of addresses.
    if (this.windows.size > 10_000) {
      for (const [k, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(k);
    }
    let w = this.windows.get(key);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { success: w.count <= this.perMinute };
  }
}

const fallbackLimiters = {
  contact: new MemoryLimiter(FORM_GUARD.contactPerMinute),
  subscribe: new MemoryLimiter(FORM_GUARD.subscribePerMinute),
};

export function limiterFor(form: "contact" | "subscribe", binding: RateLimiter | undefined): RateLimiter {
  return binding && typeof binding.limit === "function" ? binding : fallbackLimiters[form];
}

/**
 * Whose requests these are, as the platform (or the dev server) reports the client's
 * address: an IPv4 address as it is; an IPv6 address by its /64, the block one subscriber
 * line or host gets (a client can pick any address inside it, so keying by the full
 * address would let it reset its limit at will); an IPv4-mapped IPv6 address as the IPv4
 * address it maps.
 */
export function clientKey(request: Request): string {
  const ip = (request.headers.get("CF-Connecting-IP") ?? "").trim();
  if (ip === "" || ip.length > 64) return "unknown";
  if (!ipaddr.isValid(ip)) return ip;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

// ---------------------------------------------------------------------------------------
// Signing

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null; // exactly 32 bytes
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export async function sign(secret: string, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
}

/** Constant-time check (crypto.subtle.verify) of a signature made by `sign`. */
export async function verify(secret: string, message: string, signature: string): Promise<boolean> {
  const sig = fromBase64url(signature);
  if (!sig) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), sig, encoder.encode(message));
}

export async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The purpose is part of every signed message, so a form token can never pass as a
// confirmation link or the other way round.
const tokenMessage = (issuedAt: number, nonce: string) => `unitly-form-token:${issuedAt}:${nonce}`;
const confirmMessage = (email: string, requestedAt: number) => `unitly-confirm:${requestedAt}:${email}`;

/** 16 random bytes (128 bits), base64url: two tokens never share one. */
function nonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
}

/**
 * A form token: the issue time, a random nonce and their signature,
 * `<ms>.<nonce>.<signature>`. The nonce makes every token its own, even two issued in the
 * same millisecond, so "used once" is about one visitor's one form.
 */
export async function issueToken(secret: string, now = Date.now()): Promise<string> {
  const n = nonce();
  return `${now}.${n}.${await sign(secret, tokenMessage(now, n))}`;
}

export type TokenCheck = { ok: true; nonce: string } | { ok: false };

/** A token is good when its signature holds and it is between the minimum and maximum age. */
export async function checkToken(secret: string, token: unknown, now = Date.now()): Promise<TokenCheck> {
  if (typeof token !== "string" || token.length > 100) return { ok: false };
  const m = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false };
  const [, at, n, signature] = m;
  const issuedAt = Number(at);
  const age = now - issuedAt;
  if (age < FORM_GUARD.tokenMinAgeMs || age > FORM_GUARD.tokenMaxAgeMs) return { ok: false };
  return (await verify(secret, tokenMessage(issuedAt, n), signature)) ? { ok: true, nonce: n } : { ok: false };
}

/** The absolute confirmation link for `email` on `origin`. */
export async function confirmLink(secret: string, origin: string, email: string, requestedAt: number): Promise<string> {
  const q = new URLSearchParams({ email, at: String(requestedAt), sig: await sign(secret, confirmMessage(email, requestedAt)) });
  return `${origin}/api/subscribe/confirm?${q}`;
}

export type LinkCheck = { ok: true; email: string; requestedAt: number } | { ok: false };

export async function checkLink(secret: string, params: URLSearchParams, now = Date.now()): Promise<LinkCheck> {
  const email = params.get("email") ?? "";
  const at = params.get("at") ?? "";
  const sig = params.get("sig") ?? "";
  if (email === "" || email.length > 254 || !/^\d{13}$/.test(at)) return { ok: false };
  const requestedAt = Number(at);
  if (now - requestedAt > FORM_GUARD.confirmLinkTtlMs || requestedAt - now > 60_000) return { ok: false };
  return (await verify(secret, confirmMessage(email, requestedAt), sig)) ? { ok: true, email, requestedAt } : { ok: false };
}

// ---------------------------------------------------------------------------------------
// Turnstile

/**
 * Asks Turnstile's siteverify endpoint whether `response` (the widget's token) is good.
 * Throws UpstreamError when the endpoint cannot be asked; resolves false when it says no.
 */
export async function turnstileOk(verifyUrl: string, secret: string, response: unknown, ip: string, timeoutMs: number): Promise<boolean> {
  if (typeof response !== "string" || response === "" || response.length > 2048) return false;
  const body = new URLSearchParams({ secret, response });
  if (ip !== "unknown") body.set("remoteip", ip);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(verifyUrl, { method: "POST", body, signal: controller.signal });
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`status ${res.status}`);
    }
    // siteverify answers a few hundred bytes; anything past the cap is refused unread.
    const data = (await readJsonCapped(res, 64 * 1024)) as { success?: unknown } | null;
    return data?.success === true;
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(controller.signal.aborted ? `timed out after ${timeoutMs} ms` : "network error or not JSON");
  } finally {
    clearTimeout(timer);
  }
}
