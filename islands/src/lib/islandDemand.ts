// Islands with `client="demand"` hydrate when the page first asks for them: the install bar
// when the browser offers to install and the cookie choices are answered (lib/pwa.ts), the
// history panel once there is history to show (lib/historyBus.ts). A page that never needs
// one never loads its code. An ask before the runtime has looked at the island is remembered.

const asked = new Set<string>();
const waiting = new Map<string, (() => void)[]>();

/** Asks for the island named `name` (its component's name) to hydrate, if the page has one. */
export function demandIsland(name: string): void {
  asked.add(name);
  const runs = waiting.get(name) ?? [];
  waiting.delete(name);
  for (const run of runs) run();
}

/** Runs `hydrate` once `name` has been asked for (at once if it already was). */
export function onDemand(name: string, hydrate: () => void): void {
  if (asked.has(name)) hydrate();
  else waiting.set(name, [...(waiting.get(name) ?? []), hydrate]);
}
