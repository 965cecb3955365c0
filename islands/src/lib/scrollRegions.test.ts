import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncScrollFocus } from './scrollRegions.ts';

function region(scrollWidth: number, clientWidth: number, tabindex?: string) {
  const attrs = new Map<string, string>(tabindex === undefined ? [] : [['tabindex', tabindex]]);
  return {
    scrollWidth,
    clientWidth,
    get tabIndex() {
      return attrs.has('tabindex') ? Number(attrs.get('tabindex')) : -1;
    },
    set tabIndex(v: number) {
      attrs.set('tabindex', String(v));
    },
    hasAttribute: (n: string) => attrs.has(n),
    removeAttribute: (n: string) => void attrs.delete(n),
    attrs,
  };
}

test('a region that scrolls takes focus; one that fits does not', () => {
  const wide = region(539, 288);
  syncScrollFocus(wide);
  assert.equal(wide.attrs.get('tabindex'), '0');
  const fits = region(288, 288);
  syncScrollFocus(fits);
  assert.equal(fits.attrs.has('tabindex'), false);
});

test('widening the window takes the focus stop away again', () => {
  const r = region(539, 288);
  syncScrollFocus(r);
  r.clientWidth = 700;
  r.scrollWidth = 700;
  syncScrollFocus(r);
  assert.equal(r.attrs.has('tabindex'), false);
});
