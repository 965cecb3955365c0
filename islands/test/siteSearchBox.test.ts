// The search box's field as the build prerenders it (components/SiteSearch.tsx).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import SiteSearch from '../src/components/SiteSearch.tsx';

test('the box declares the shortcuts that focus it, Ctrl+K and ⌘K, and no single key (WCAG 2.1.4)', () => {
  const html = renderToStaticMarkup(createElement(SiteSearch));
  assert.match(html, /role="combobox"/);
  assert.match(html, /aria-keyshortcuts="Control\+K Meta\+K"/);
});
