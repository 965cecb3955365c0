// Lighthouse budgets: accessibility, best practices and SEO each score 1.0 on the home
// page, a unit converter, the currency converter, the FAQ and an article, served by
// `unitly serve` with compression, the edge function answering from fake upstreams.
// (Performance is a benchmark, not a test: bench/lighthouse.mjs.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { siteForFile } from './harness.mjs';
import { LIGHTHOUSE_PAGES, failingAudits, lighthouseChrome } from './quality-lib.mjs';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'];

describe('Lighthouse scores 1.0 for accessibility, best practices and SEO', () => {
  // Lighthouse drives its own Chrome, not Playwright's.
  const ctx = siteForFile({ browser: false });
  let chrome;

  before(async () => {
    chrome = await lighthouseChrome();
  });
  after(async () => chrome?.kill());

  for (const path of LIGHTHOUSE_PAGES) {
    test(path, { timeout: 120_000 }, async () => {
      const lhr = await chrome.run(ctx.site.url + path, CATEGORIES);
      const failures = CATEGORIES.filter((c) => lhr.categories[c].score !== 1).map(
        (c) => `${path} ${c} = ${lhr.categories[c].score}\n    ${failingAudits(lhr, c).join('\n    ')}`,
      );
      assert.deepEqual(failures, [], failures.join('\n'));
    });
  }
});
