import AxeBuilder from '@axe-core/playwright';
import { startSite, launchBrowser, openPage, fakeUpstreams, waitForHydration } from './harness.mjs';
const up = await fakeUpstreams();
const [site, browser] = await Promise.all([startSite({ env: up.env }), launchBrowser()]);
const paths = ['/volume-converter', '/', '/blog/conversion-tips', '/length-converter', '/faq', '/cookies'];
console.log('one context, navigated');
const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
for (const path of paths) {
  const t0 = Date.now();
  await page.goto(site.url + path); await waitForHydration(page);
  const t1 = Date.now();
  await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  console.log(path, 'load', t1 - t0, 'axe', Date.now() - t1);
}
await page.context().close();
console.log('a context each');
for (const path of paths) {
  const t0 = Date.now();
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(site.url + path); await waitForHydration(page);
  const t1 = Date.now();
  await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  console.log(path, 'load', t1 - t0, 'axe', Date.now() - t1);
  await page.context().close();
}
await browser.close(); await site.stop(); await up.close();
