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

/** A tab of the site: its container (the controller can change under it) and its reloads. */
function tab(controller: object | null, activeElement: object | null = null) {
  const container = Object.assign(new EventTarget(), { controller }) as unknown as Omit<ServiceWorkerContainer, 'controller'> & { controller: object | null };
  let reloads = 0;
  const win = { location: { reload: () => (reloads += 1) }, document: { activeElement } } as unknown as Window;
  const handOver = (to: object) => {
    container.controller = to;
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { container: container as unknown as ServiceWorkerContainer, win, handOver, reloads: () => reloads };
}

test("'Reload' in another tab: this tab, open on the old version, reloads under the new one", async () => {
  const { currentToasts, dismissToast } = await import('./toast.ts');
  const { watchForUpdates, UPDATE_TITLE } = await import('./pwa.ts');
  for (const t of currentToasts()) dismissToast(t.id);
  const v1 = { v: 1 };
  const v2 = { v: 2, postMessage: () => assert.fail('the new version already controls the tab') };
  const a = tab(v1);
  const registration = { waiting: v2 as unknown, addEventListener() {} } as unknown as ServiceWorkerRegistration & { waiting: unknown };
  watchForUpdates(registration, a.container, a.win);
  assert.equal(currentToasts()[0]?.title, UPDATE_TITLE);
  // Tab B's Reload: v2 activates and controls every tab, this one included.
  registration.waiting = null;
  a.handOver(v2);
  assert.equal(a.reloads(), 1, 'the page of the old version is replaced at once');
  // And the offer still showing here reloads instead of asking a version that no longer waits.
  currentToasts()[0].action!.run();
  assert.equal(a.reloads(), 2);
});

test('a tab handed over while the visitor types is offered the reload; a first claim changes nothing', async () => {
  const { currentToasts, dismissToast } = await import('./toast.ts');
  const { watchController, UPDATE_TITLE } = await import('./pwa.ts');
  for (const t of currentToasts()) dismissToast(t.id);
  const typing = tab({ v: 1 }, { tagName: 'INPUT', isContentEditable: false });
  watchController(typing.container, typing.win);
  typing.handOver({ v: 2 });
  assert.equal(typing.reloads(), 0, 'what is being typed is not thrown away');
  const offered = currentToasts();
  assert.equal(offered.length, 1);
  assert.equal(offered[0].title, UPDATE_TITLE);
  offered[0].action!.run();
  assert.equal(typing.reloads(), 1);

  dismissToast(offered[0].id);
  const first = tab(null);
  watchController(first.container, first.win);
  first.handOver({ v: 1 });
  assert.equal(first.reloads(), 0);
  assert.equal(currentToasts().length, 0);
});

test('the waiting version is offered once a session, not on every page opened after the deployment', async () => {
  const { currentToasts, dismissToast } = await import('./toast.ts');
  const { watchForUpdates } = await import('./pwa.ts');
  for (const t of currentToasts()) dismissToast(t.id);
  const stored = new Map<string, string>();
  const sessionStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
  const registration = { waiting: { postMessage() {} }, addEventListener() {} } as unknown as ServiceWorkerRegistration;
  const open = () => {
    const t = tab({ v: 1 });
    watchForUpdates(registration, t.container, { ...t.win, sessionStorage } as unknown as Window);
  };
  open();
  const offered = currentToasts();
  assert.equal(offered.length, 1);
  // The page just opened came from the network: it may well be the new version already.
  assert.doesNotMatch(offered[0].description ?? '', /stays on|version it opened with/);
  dismissToast(offered[0].id);
  open(); // the next page of the same tab
  assert.equal(currentToasts().length, 0);
});
