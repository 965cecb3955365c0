// Phone-layout measurements shared by phone-layout.test.mjs and bench/phone-layout.mjs
// (not a test file itself): which of a converter card's controls a first-time visitor can
// see and reach on the first screen, how much of it the consent banner takes, and whether
// a page scrolls sideways.

/** The viewports of the phone checks: a common phone and a small one. */
export const PHONES = [
  { name: '390×844', width: 390, height: 844, controls: ['value', 'from', 'to', 'result'], bannerBudget: 0.25 },
  { name: '360×640', width: 360, height: 640, controls: ['value'], bannerBudget: 0.3 },
];

/** The converter pages: every route of the sitemap whose path ends in -converter. */
export const isConverterPage = (path) => /-converter$/.test(path);

/**
 * The main card's controls, found as a visitor (or a screen reader) finds them: by their
 * labels inside the page's converter section. The currency card's value is its Amount.
 */
export function cardControls(page) {
  const widget = page.getByRole('region', { name: 'Converter' });
  const value = widget.getByLabel(/^(Value|Amount)$/).first();
  return {
    value,
    from: widget.getByLabel('From', { exact: true }).first(),
    to: widget.getByLabel('To', { exact: true }).first(),
    result: widget.getByLabel('Result', { exact: true }).first(),
  };
}

/**
 * Whether a control is visible and uncovered on the first screen: its whole box lies
 * inside the viewport, and the element at its centre is the control itself (or inside it),
 * not the consent banner, a floating button or anything else drawn over it.
 * Returns { ok, why }.
 */
export async function onFirstScreen(locator) {
  const handle = await locator.elementHandle({ timeout: 5000 });
  return handle.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const box = `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    if (r.width === 0 || r.height === 0) return { ok: false, why: `not displayed (${box})` };
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      return { ok: false, why: `box ${box} outside the ${vw}×${vh} viewport` };
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return { ok: true, why: '' };
    const name = (n) => (n ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}` : 'nothing');
    const cover = hit?.closest('.consent-banner, .floating-actions, .install-bar, .toaster, .site-header') ?? hit;
    return { ok: false, why: `covered by ${name(cover)}` };
  });
}

/** The consent banner's height as a share of the viewport height (0 when it is not shown). */
export function bannerShare(page) {
  return page.evaluate(() => {
    const banner = document.querySelector('.consent-banner');
    if (!banner) return 0;
    const r = banner.getBoundingClientRect();
    return r.height / window.innerHeight;
  });
}

/** How far the page scrolls sideways: scrollWidth minus the viewport width (0 is right). */
export function sidewaysOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The elements that stick out past the right edge of the viewport, widest first, for a
 * failure message or the benchmark (at most `max`).
 */
export function overflowingElements(page, max = 5) {
  return page.evaluate((max) => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 0.5 && r.width > 0) out.push({ el, right: r.right });
    }
    // Only the outermost offenders: an overflowing table's cells are not news.
    const outer = out.filter(({ el }) => !out.some((o) => o.el !== el && o.el.contains(el)));
    return outer
      .sort((a, b) => b.right - a.right)
      .slice(0, max)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(right)} px)`);
  }, max);
}
