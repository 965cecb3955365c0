#!/usr/bin/env node
// Writes content/reference-rates.json: the European Central Bank's reference rates of the
// latest working day, from the edge's history provider (Frankfurter's `/latest`: the edge's
// HISTORY_UPSTREAM_URL when set, e.g. a self-hosted copy, else its default in
// edge/src/config.ts, so the address is written once), for the currency pair pages' rate
// without script. Run before
// `unitly build` in a deploy; when the provider fails, the file is left as it was (an older
// day's rates, still dated, or none: the pages then state the fallback rate, labelled) and the
// script exits 1 so the log says so, without stopping the deploy (`|| true`).
//
//   node scripts/reference-rates.mjs [--out content/reference-rates.json]
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';

/** The edge's default history provider, read from its config (a plain string literal there). */
function defaultHistoryBase() {
  const config = readFileSync(new URL('../edge/src/config.ts', import.meta.url), 'utf8');
  const base = config.match(/^\s*historyBase:\s*"([^"]+)"/m)?.[1];
  if (!base) throw new Error('edge/src/config.ts has no DEFAULTS.historyBase string');
  return base;
}
const base = (process.env.HISTORY_UPSTREAM_URL || defaultHistoryBase()).replace(/\/+$/, '');
const url = `${base}/latest`;
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : new URL('../content/reference-rates.json', import.meta.url).pathname;

/** The answer when it is a whole day's table (never a half-written file for the build). */
function check(body) {
  const ok =
    body !== null && typeof body === 'object' && /^[A-Z]{3}$/.test(body.base) && /^\d{4}-\d{2}-\d{2}$/.test(body.date) &&
    body.rates !== null && typeof body.rates === 'object' && Object.keys(body.rates).length > 0 &&
    Object.entries(body.rates).every(([code, rate]) => /^[A-Z]{3}$/.test(code) && typeof rate === 'number' && Number.isFinite(rate) && rate > 0);
  if (!ok) throw new Error('not a table of reference rates');
  return { amount: 1, base: body.base, date: body.date, rates: body.rates };
}

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const table = check(await res.json());
  await writeFile(`${out}.tmp`, `${JSON.stringify(table, null, 1)}\n`);
  await rename(`${out}.tmp`, out);
  console.log(`reference rates of ${table.date} (${Object.keys(table.rates).length} currencies per ${table.base}) written to ${out}`);
} catch (err) {
  console.error(`reference rates not updated (${url}): ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
