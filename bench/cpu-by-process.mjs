// Where a command's CPU time goes, by kind of process: runs the command and reads every
// process's CPU time from /proc twice a second, then prints the seconds each kind used
// (Chromium's renderers, browser, GPU and utility processes, the Node test runner, unitly,
// the edge runtime, ...). It counts every process on the machine, so run it on an idle one;
// processes that were already running count only from the start.
//
//   node bench/cpu-by-process.mjs -- npm test --silent          (in tests/e2e)
//   node bench/cpu-by-process.mjs -- node --test quality-axe.test.mjs
//
// Linux only. A process that lives less than half a second may be missed; the browser
// suite's are long-lived (one browser per file, one context per worker).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename } from 'node:path';

const dash = process.argv.indexOf('--');
const command = dash >= 0 ? process.argv.slice(dash + 1) : [];
if (command.length === 0) {
  console.error('usage: node bench/cpu-by-process.mjs -- COMMAND [ARGS...]');
  process.exit(2);
}
const TICKS = 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux

function kindOf(pid) {
  let args;
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
  if (args.length === 0) return null;
  const exe = basename(args[0]);
  const line = args.join(' ');
  if (exe.includes('chrom')) return `chromium ${line.match(/--type=([a-z-]+)/)?.[1] ?? 'browser'}`;
  if (exe === 'node') {
    if (line.includes('--test') || line.includes('.test.mjs')) return 'node: test runner';
    return `node: ${args.slice(1, 3).map((a) => basename(a)).join(' ')}`.slice(0, 48);
  }
  return exe.slice(0, 32);
}

/** CPU seconds of every process now, by pid and start time (a reused pid is another process). */
function sample() {
  const now = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
      now.set(`${pid}@${fields[19]}`, { pid, cpu: (Number(fields[11]) + Number(fields[12])) / TICKS });
    } catch {
      // gone between the listing and the read
    }
  }
  return now;
}

const seen = new Map(); // key -> { kind, from, to }
function record(first) {
  for (const [key, { pid, cpu }] of sample()) {
    const known = seen.get(key);
    if (known) {
      known.to = cpu;
      // Debian's chromium is a shell script that execs the browser: the name changes.
      if (known.kind === 'sh' || known.kind === 'bash') known.kind = kindOf(pid) ?? known.kind;
    } else {
      const kind = kindOf(pid);
      // A process started after the first sample counts from 0; one already running, from now.
      if (kind) seen.set(key, { kind, from: first ? cpu : 0, to: cpu });
    }
  }
}

record(true);
const started = process.hrtime.bigint();
const timer = setInterval(() => record(false), 500);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const code = await new Promise((done) => child.on('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
clearInterval(timer);
record(false);
const wall = Number(process.hrtime.bigint() - started) / 1e9;
const byKind = new Map();
for (const { kind, from, to } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + (to - from));
const total = [...byKind.values()].reduce((a, b) => a + b, 0);
console.log(`\nCPU by kind of process over ${wall.toFixed(0)} s of wall time (${total.toFixed(0)} s of CPU, ${((100 * total) / wall / cpus().length).toFixed(0)} % of ${cpus().length} cores):`);
for (const [kind, s] of [...byKind].sort((a, b) => b[1] - a[1]).filter(([, s]) => s >= 0.5)) {
  console.log(`${s.toFixed(1).padStart(8)} s  ${kind}`);
}
process.exit(code);
