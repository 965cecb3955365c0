import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCEPT_ALL, CONSENT_KEY, REJECT_ALL, allows, readConsent, saveConsent, subscribeConsent } from './consent.ts';
import { summary } from './consentText.ts';
import { isConfigured, loadThirdParty, scriptsFor, withdrawnButLoaded } from './thirdParty.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}
const mem = () => new MemoryStorage() as unknown as Storage;

test('nothing stored means no consent and nothing allowed', () => {
  const s = mem();
  assert.equal(readConsent(s), null);
  assert.equal(allows('analytics', s), false);
  assert.equal(readConsent(undefined), null);
});

test('a saved choice is stored as {version, choices, time} and read back', () => {
  const s = mem();
  const seen: unknown[] = [];
  const stop = subscribeConsent((c) => seen.push(c?.choices.analytics));
  const saved = saveConsent({ preferences: true, analytics: false, advertising: true }, s, new Date('2025-03-01T10:00:00Z'));
  stop();
  assert.deepEqual(JSON.parse((s as unknown as MemoryStorage).data.get(CONSENT_KEY)!), {
    version: 1,
    choices: { essential: true, preferences: true, analytics: false, advertising: true },
    time: '2025-03-01T10:00:00.000Z',
  });
  assert.deepEqual(readConsent(s), saved);
  assert.equal(allows('advertising', s), true);
  assert.equal(allows('analytics', s), false);
  assert.deepEqual(seen, [false]);
  assert.equal(summary(saved.choices), 'Preferences on, analytics off, advertising on');
});

test('essential cannot be switched off; junk and old versions are ignored', () => {
  const s = mem();
  saveConsent({ ...REJECT_ALL, essential: false }, s);
  assert.equal(readConsent(s)!.choices.essential, true);
  for (const junk of ['nope', '{}', '{"version":0,"choices":{"preferences":true,"analytics":true,"advertising":true},"time":"x"}', '{"version":1,"choices":{"analytics":"yes"},"time":"x"}']) {
    s.setItem(CONSENT_KEY, junk);
    assert.equal(readConsent(s), null, junk);
  }
});

const none = { adsClient: '', analyticsId: '' };
const both = { adsClient: 'ca-pub-1234567890123456', analyticsId: 'G-ABC123XYZ' };

test('scripts load only when configured and consented', () => {
  assert.deepEqual(isConfigured(none), { ads: false, analytics: false });
  assert.deepEqual(scriptsFor(none, ACCEPT_ALL), []);
  assert.deepEqual(scriptsFor(both, REJECT_ALL), []);
  assert.deepEqual(scriptsFor(both, null), []);
  assert.deepEqual(scriptsFor(both, ACCEPT_ALL).map((s) => s.purpose), ['analytics', 'advertising']);
  assert.deepEqual(scriptsFor(both, { ...REJECT_ALL, advertising: true }).map((s) => s.src), [
    'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456',
  ]);
  // A malformed id is treated as not configured rather than put into a URL.
  assert.deepEqual(scriptsFor({ adsClient: 'ca-pub-1"><script>', analyticsId: 'G-x/../y' }, ACCEPT_ALL), []);
});

test('loadThirdParty injects each allowed script once', () => {
  const appended: Record<string, unknown>[] = [];
  const win: { dataLayer?: unknown[] } = {};
  const doc = {
    defaultView: win,
    head: { appendChild: (el: Record<string, unknown>) => appended.push(el) },
    createElement: () => ({ dataset: {} as Record<string, string> }),
    querySelector: (sel: string) => appended.find((el) => sel.includes(`"${(el.dataset as Record<string, string>).unitlyPurpose}"`)) ?? null,
  } as unknown as Document;
  assert.deepEqual(loadThirdParty(none, ACCEPT_ALL, doc), []);
  assert.equal(appended.length, 0);
  assert.equal(loadThirdParty(both, ACCEPT_ALL, doc).length, 2);
  assert.equal(loadThirdParty(both, ACCEPT_ALL, doc).length, 0, 'second call adds nothing');
  assert.equal(appended.length, 2);
  assert.equal(appended[0].async, true);
  assert.equal(appended[1].crossOrigin, 'anonymous');
  assert.equal(win.dataLayer!.length, 2, 'gtag js + config queued');
  assert.deepEqual(withdrawnButLoaded(REJECT_ALL, doc), ['analytics', 'advertising']);
  assert.deepEqual(withdrawnButLoaded(ACCEPT_ALL, doc), []);
});
