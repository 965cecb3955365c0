import { startSite, fakeUpstreams, launchBrowser, openPage, waitForHydration, routesOf } from './harness.mjs';
import { AxeBuilder } from '@axe-core/playwright';
import { execSync } from 'node:child_process';
const up = await fakeUpstreams();
const site = await startSite({env: up.env});
const port = new URL(site.url).port;
const pid = execSync(`ss -tlnp | grep ':${port} ' | grep -o 'pid=[0-9]*' | head -1`).toString().trim().slice(4);
const browser = await launchBrowser();
const routes = await routesOf(site);
let stuck = 0;
try {
  for (const r of [...routes, ...routes]) {
    if (stuck) break;
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const pending = new Map();
    page.on('request', r => pending.set(r.url(), Date.now()));
    page.on('requestfinished', r => pending.delete(r.url()));
    page.on('requestfailed', r => pending.delete(r.url()));
    const t = Date.now();
    const ok = await page.goto(site.url + r, {timeout: 15000}).then(() => page.waitForFunction(() => [...document.querySelectorAll('[data-island]:not([data-client=visible])')].every(e => e.dataset.hydrated === 'true'), null, {timeout: 15000})).then(() => true, () => false);
    if (!ok) {
      stuck++;
      console.log(r, 'STUCK', [...pending.entries()].map(([u, t0]) => `${u} ${Date.now() - t0}ms`));
      console.log(await page.evaluate(() => [...document.querySelectorAll('[data-island]')].filter(e => !e.dataset.hydrated).map(e => e.dataset.island)));
      console.log(execSync(`ss -tnpi | grep -A1 ':${port} ' | head -60`).toString());
      for (const tid of execSync(`ls /proc/${pid}/task`).toString().split(/\s+/).filter(Boolean)) {
        let stack = ''; try { stack = execSync(`cat /proc/${pid}/task/${tid}/wchan; echo; cat /proc/${pid}/task/${tid}/comm`).toString().replace(/\n/g, ' '); } catch {}
        console.log('  thread', tid, stack);
      }
    } else {
      await new AxeBuilder({ page }).analyze();
      console.log(r, 'ok', Date.now() - t);
    }
    await page.context().close();
  }
} finally {
  await browser.close(); await site.stop(); await up.close();
}
