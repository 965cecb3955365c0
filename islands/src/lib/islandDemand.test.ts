import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demandIsland, onDemand } from './islandDemand.ts';
import { captureInstallPrompt } from './pwa.ts';
import { saveConsent } from './consent.ts';

test('an island on demand hydrates at the first ask, whether the ask comes before or after the runtime looks', () => {
  const hydrated: string[] = [];
  onDemand('Later', () => hydrated.push('Later'));
  assert.deepEqual([...hydrated], [], 'nothing asked yet');
  demandIsland('Later');
  demandIsland('Later');
  assert.deepEqual([...hydrated], ['Later'], 'hydrated once, at the first ask');

  demandIsland('Early');
  onDemand('Early', () => hydrated.push('Early'));
  assert.deepEqual([...hydrated], ['Later', 'Early'], 'an ask before the runtime looked is remembered');
});

test('the install bar is asked for once the browser offers to install and the cookie choices are answered', () => {
  const win = new EventTarget();
  captureInstallPrompt(win);
  let asked = 0;
  onDemand('InstallBar', () => (asked += 1));
  win.dispatchEvent(new Event('beforeinstallprompt', { cancelable: true }));
  assert.equal(asked, 0, 'the offer alone: the cookie banner is still unanswered');
  saveConsent({ preferences: false, analytics: false, advertising: false }, undefined);
  assert.equal(asked, 1, 'answered: the bar comes');
});
