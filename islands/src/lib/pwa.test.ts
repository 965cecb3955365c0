import { test } from 'node:test';
import assert from 'node:assert/strict';
import { captureInstallPrompt, installAvailable, promptInstall, registerServiceWorker, subscribeInstall } from './pwa.ts';

function offer(outcome: 'accepted' | 'dismissed') {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
  let prompted = 0;
  e.prompt = async () => {
    prompted += 1;
  };
  e.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return { e, prompted: () => prompted };
}

test('the install offer is held, used once and cleared either way', async () => {
  const win = new EventTarget();
  captureInstallPrompt(win);
  const seen: boolean[] = [];
  const stop = subscribeInstall((a) => seen.push(a));
  assert.equal(installAvailable(), false);
  assert.equal(await promptInstall(), 'unavailable');

  const first = offer('dismissed');
  win.dispatchEvent(first.e);
  assert.equal(first.e.defaultPrevented, true, 'the browser’s own infobar is suppressed');
  assert.equal(installAvailable(), true);
  assert.equal(await promptInstall(), 'dismissed');
  assert.equal(first.prompted(), 1);
  assert.equal(installAvailable(), false);

  const second = offer('accepted');
  win.dispatchEvent(second.e);
  assert.equal(await promptInstall(), 'accepted');
  assert.equal(installAvailable(), false);

  win.dispatchEvent(offer('accepted').e);
  win.dispatchEvent(new Event('appinstalled'));
  assert.equal(installAvailable(), false);
  stop();
  assert.deepEqual(seen, [true, false, true, false, true, false]);
});

test('service worker registers only in secure contexts', () => {
  const calls: unknown[] = [];
  const make = (secure: boolean) =>
    ({
      isSecureContext: secure,
      navigator: { serviceWorker: { controller: null, addEventListener() {}, register: (...a: unknown[]) => (calls.push(a), Promise.resolve()) } },
      document: { readyState: 'complete' },
      requestIdleCallback: (fn: () => void) => fn(),
      addEventListener() {},
    }) as unknown as Window;
  assert.equal(registerServiceWorker(make(false)), false);
  assert.equal(calls.length, 0);
  assert.equal(registerServiceWorker(make(true)), true);
  assert.deepEqual(calls, [['/sw.js', { scope: '/', updateViaCache: 'none' }]]);
  assert.equal(registerServiceWorker({ isSecureContext: true, navigator: {} } as unknown as Window), false);
});
