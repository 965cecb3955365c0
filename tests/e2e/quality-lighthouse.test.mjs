// Lighthouse budgets: accessibility, best practices and SEO each score 1.0 on the home
// page, a unit converter, the currency converter, the FAQ and an article, served by
// `unitly serve` with compression, the edge function answering from fake upstreams.
// (Performance is a benchmark, not a test: bench/lighthouse.mjs.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fakeUpstreams, startSite } from './harness.mjs';
import { LIGHTHOUSE_PAGES, failingAudits, lighthouseChrome } from './quality-lib.mjs';

const CATEGORIES = ['accessibility', 'best-practices', 'seo'];

describe('Lighthouse scores 1.0 for accessibility, best practices and SEO', () => {
  let upstreams;
  let site;
  let chrome;

  before(async () => {
    upstreams = await fakeUpstreams();
    site = await startSite({ env: upstreams.env });
    chrome = await lighthouseChrome();
  });
  after(async () => {
    await chrome?.kill();
    await site?.stop();
    await upstreams?.close();
  });

  for (const path of LIGHTHOUSE_PAGES) {
    test(path, { timeout: 120_000 }, async () => {
      const lhr = await chrome.run(site.url + path, CATEGORIES);
      const failures = CATEGORIES.filter((c) => lhr.categories[c].score !== 1).map(
        (c) => `${path} ${c} = ${lhr.categories[c].score}\n    ${failingAudits(lhr, c).join('\n    ')}`,
      );
      assert.deepEqual(failures, [], failures.join('\n'));
    });
  }
});
