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

test('a waiting version is offered once, with a Reload that hands over and then reloads', async () => {
  const { currentToasts, dismissToast } = await import('./toast.ts');
  const { watchForUpdates, UPDATE_TITLE } = await import('./pwa.ts');
  for (const t of currentToasts()) dismissToast(t.id);
  const posted: unknown[] = [];
  const worker = { postMessage: (m: unknown) => posted.push(m), state: 'installed' } as unknown as ServiceWorker;
  const listeners: Record<string, () => void> = {};
  const container = { controller: {}, addEventListener: (type: string, fn: () => void) => (listeners[type] = fn) } as unknown as ServiceWorkerContainer;
  let reloaded = 0;
  const win = { location: { reload: () => (reloaded += 1) } } as unknown as Window;

  // First install (no controller): nothing to offer.
  const first = { waiting: worker, addEventListener() {} } as unknown as ServiceWorkerRegistration;
  watchForUpdates(first, { ...container, controller: null } as unknown as ServiceWorkerContainer, win);
  assert.equal(currentToasts().length, 0);

  watchForUpdates({ waiting: worker, addEventListener() {} } as unknown as ServiceWorkerRegistration, container, win);
  const offered = currentToasts();
  assert.equal(offered.length, 1);
  assert.equal(offered[0].title, UPDATE_TITLE);
  assert.equal(offered[0].action?.label, 'Reload');
  assert.deepEqual(posted, [], 'nothing changes under the open tab until the visitor asks');
  offered[0].action!.run();
  assert.deepEqual(posted, ['SKIP_WAITING']);
  assert.equal(reloaded, 0);
  listeners.controllerchange();
  assert.equal(reloaded, 1, 'the tab reloads once the new version controls it');
});
