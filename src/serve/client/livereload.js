// Served by `unitly serve` only (never part of a build), loaded from this file so the
// site's strict Content-Security-Policy holds. Follows the server's build state over
// server-sent events: reloads the tab after a successful rebuild (and after serve
// restarts), and shows every problem of a failed rebuild in an overlay above the page.
const source = new EventSource('/__unitly/events');
let seen = null;
let shownProblems = '';
let dismissed = '';

source.addEventListener('build', (event) => {
  const state = JSON.parse(event.data);
  // The version changes with every successful rebuild, and when serve restarts.
  if (seen !== null && state.version !== seen) {
    location.reload();
    return;
  }
  seen = state.version;
  document.documentElement.dataset.unitlyServe = 'live'; // following the server (tests wait for it)
  if (state.problems.length > 0) show(state.problems);
  else hide();
});

function hide() {
  document.getElementById('unitly-overlay')?.remove();
  shownProblems = '';
}

function show(problems) {
  const key = JSON.stringify(problems);
  if (key === shownProblems || key === dismissed) return;
  hide();
  shownProblems = key;
  if (!document.getElementById('unitly-overlay-css')) {
    const css = document.createElement('link');
    css.id = 'unitly-overlay-css';
    css.rel = 'stylesheet';
    css.href = '/__unitly/overlay.css';
    document.head.append(css);
  }
  const overlay = document.createElement('div');
  overlay.id = 'unitly-overlay';
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-labelledby', 'unitly-overlay-title');
  const box = document.createElement('div');
  box.className = 'unitly-overlay-box';
  const title = document.createElement('h2');
  title.id = 'unitly-overlay-title';
  const n = problems.length;
  // serve's own page when the first build failed and no earlier build is there to show.
  const nothingBuilt = document.documentElement.hasAttribute('data-unitly-nothing-built');
  const under = nothingBuilt ? 'nothing is built yet' : 'this tab shows the last good build';
  title.textContent = `The ${nothingBuilt ? 'build' : 'rebuild'} failed: ${n} problem${n === 1 ? '' : 's'} (${under})`;
  const list = document.createElement('ol');
  for (const p of problems) {
    const item = document.createElement('li');
    const where = document.createElement('p');
    where.className = 'unitly-overlay-message';
    where.textContent = p.location ? `${p.location}: ${p.message}` : p.message;
    item.append(where);
    if (p.source !== null) {
      const code = document.createElement('pre');
      const gutter = `${p.line} | `;
      code.textContent = `${gutter}${p.source}\n${' '.repeat(gutter.length)}${caretIndent(p.source, p.column)}^`;
      item.append(code);
    }
    list.append(item);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.addEventListener('click', () => dismiss(key));
  const hint = document.createElement('p');
  hint.className = 'unitly-overlay-hint';
  hint.textContent = 'Fix the file and save: the page reloads by itself. Escape dismisses this message.';
  box.append(title, list, hint, close);
  overlay.append(box);
  document.body.append(overlay);
  close.focus({ preventScroll: true });
}

function dismiss(key) {
  dismissed = key;
  hide();
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && shownProblems) dismiss(shownProblems);
});

// The caret's indent under the line's first `column - 1` characters (code points, as the
// column counts them): a tab stays a tab, so both lines reach the same tab stop, and a wide
// character (CJK, emoji) takes two spaces, as a monospace font draws it.
function caretIndent(source, column) {
  const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
  return [...source]
    .slice(0, Math.max(0, column - 1))
    .map((c) => (c === '\t' ? '\t' : WIDE.test(c) ? '  ' : ' '))
    .join('');
}
