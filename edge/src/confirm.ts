// The newsletter's confirmation link, /api/subscribe/confirm?email=…&at=…&sig=…, from the
// mail the webhook sends. Opening it (GET, HEAD) confirms nothing: mail scanners open
// links too. It answers with the site's "Confirm your subscription" page, whose form posts
// back to this same address (a form without an action posts to its page's URL, query
// included), so the button works without JavaScript. The POST confirms: the webhook gets
// the confirmed subscription once, however many posts race (marks.ts), and the visitor is
// sent to /newsletter/confirmed, /newsletter/expired or /newsletter/unavailable.
import { FORM_GUARD, type Config, type Env } from "./config";
import { claim, forward, MARK, MarksDown, release, warnMissing } from "./forms";
import { checkLink } from "./guard";
import { NO_STORE } from "./http";
import { marksFor } from "./marks";

/** Static pages of the site (built from src/render/own.rs's NEWSLETTER_PAGES), out of the sitemap. */
export const CONFIRM_PAGES = {
  confirm: "/newsletter/confirm",
  confirmed: "/newsletter/confirmed",
  expired: "/newsletter/expired",
  unavailable: "/newsletter/unavailable",
} as const;

/** Headers of every answer here: the link holds the address and its signature, which must not travel on. */
const PRIVATE = { "Cache-Control": NO_STORE, "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff" };

function seeOther(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, ...PRIVATE } });
}

type Checked = { page: string } | { link: { email: string; requestedAt: number } };

/** A link that cannot confirm leads straight to the page that says why. */
async function checkedLink(config: Config, url: URL): Promise<Checked> {
  if (!config.formSecret || !config.subscribeWebhook) {
    warnMissing({ FORM_SECRET: config.formSecret, SUBSCRIBE_WEBHOOK_URL: config.subscribeWebhook });
    return { page: CONFIRM_PAGES.unavailable };
  }
  const link = await checkLink(config.formSecret, url.searchParams);
  return link.ok ? { link } : { page: CONFIRM_PAGES.expired };
}

/** GET (and HEAD): the page with the "Confirm subscription" button. */
export async function confirmPage(config: Config, env: Env, url: URL): Promise<Response> {
  const checked = await checkedLink(config, url);
  if ("page" in checked) return seeOther(checked.page);
  const page = await sitePage(config, env, url);
  return new Response(page.html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      ...PRIVATE,
      "Content-Security-Policy": page.policy,
      "X-Frame-Options": "DENY",
      "X-Robots-Tag": "noindex",
    },
  });
}

/** POST: confirms once. */
export async function confirm(config: Config, env: Env, url: URL): Promise<Response> {
  const checked = await checkedLink(config, url);
  if ("page" in checked) return seeOther(checked.page);
  const { email, requestedAt } = checked.link;
  const marks = marksFor(env.FORM_MARKS);
  const key = await MARK.confirmed(email, requestedAt);
  const now = Date.now();
  try {
    // Kept until the link has expired (an hour to spare), so no later post confirms again.
    if (!(await claim(marks, key, requestedAt + FORM_GUARD.confirmLinkTtlMs - now + 3600_000))) return seeOther(CONFIRM_PAGES.confirmed);
  } catch (err) {
    if (err instanceof MarksDown) return seeOther(CONFIRM_PAGES.unavailable);
    throw err;
  }
  // The mark's key is the link's own id: a receiver drops a repeat of this confirmation.
  const sent = await forward("subscribe", config.subscribeWebhook!, key.slice(key.indexOf(":") + 1), {
    event: "confirmed",
    email,
    requestedAt: new Date(requestedAt).toISOString(),
    confirmedAt: new Date(now).toISOString(),
  }, config.timeoutMs);
  if (sent !== "sent") {
    // The same link can confirm later (a repeat the receiver may drop by its id).
    await release(marks, key);
    return seeOther(CONFIRM_PAGES.unavailable);
  }
  return seeOther(CONFIRM_PAGES.confirmed);
}

/**
 * The built /newsletter/confirm page: from the static assets binding on Workers, else from
 * the site's origin (`unitly serve`, which sets SITE_ORIGIN to itself), with the Content-
 * Security-Policy it is served with. When neither answers, a plain page with the same form.
 */
async function sitePage(config: Config, env: Env, url: URL): Promise<{ html: string; policy: string }> {
  const source = new URL(CONFIRM_PAGES.confirm, config.siteOrigin ?? url.origin);
  try {
    const res = env.ASSETS
      ? await env.ASSETS.fetch(new Request(source))
      : config.siteOrigin
        ? await fetch(source, { signal: AbortSignal.timeout(config.timeoutMs), redirect: "follow" })
        : null;
    if (res?.ok && (res.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      const html = await res.text();
      if (/<form\b[^>]*\bmethod=["']?post\b/i.test(html)) return { html, policy: res.headers.get("Content-Security-Policy") ?? (await policyFor(html)) };
    } else {
      await res?.body?.cancel();
    }
  } catch {
    // the plain page below
  }
  return { html: PLAIN_PAGE, policy: "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'" };
}

/**
 * A policy as strict as the site's for a page served without one (the assets binding does
 * not add the site's _headers): our own scripts, stylesheet, images and fonts, and the
 * page's inline scripts by their hashes; no frames, no other origin, forms only to us.
 */
async function policyFor(html: string): Promise<string> {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const typed = /\btype=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]);
    const type = typed ? (typed[1] ?? typed[2] ?? typed[3]) : undefined;
    if (type !== undefined && type !== "module" && !/javascript/i.test(type)) continue; // data blocks do not run
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(m[2]));
    hashes.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.map((h) => ` ${h}`).join("")}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const PLAIN_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Confirm your subscription</title></head>
<body>
<main>
<h1>Confirm your subscription</h1>
<p>Press the button to subscribe this address to the newsletter. Opening the link alone changes nothing.</p>
<form method="post"><button type="submit">Confirm subscription</button></form>
</main>
</body>
</html>
`;
