// Hydrates the server-rendered islands. Each island's element carries its component
// name, its props as JSON and a directive: load (now), idle (when the main thread is
// free), visible (when on the screen) or demand (when the page first asks for it:
// lib/islandDemand.ts). Components load as separate chunks; React, the site-wide chrome
// and what the runtime imports sit in one shared chunk, downloaded once for the whole site.
import { Component, createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { components } from 'unitly:components';
import { noteEarlyInput } from './earlyInput.ts';
import { onDemand } from '../lib/islandDemand.ts';

// `prepare`: what an island must fetch before it hydrates, as the server fetched it before
// rendering (ConverterCard's conversion when it starts with a value), so the first render
// matches the server's HTML.
type Island = ComponentType<any> & { prepare?: (props: any) => Promise<unknown> | undefined };
type Loader = () => Promise<{ default: Island }>;
const loaders = components as Record<string, Loader>;

// Once React has hydrated the island: what the visitor typed or chose in it before is
// replayed (earlyInput.ts), then the island is marked (tests and tooling wait on this).
// It adds no DOM of its own, so the server HTML still matches.
function Hydrated({ el, replayEarlyInput, children }: { el: HTMLElement; replayEarlyInput: () => void; children: ReactNode }) {
  useEffect(() => {
    // After this commit, not inside it: each replayed event is then handled and rendered
    // at once, as the visitor's own, before the next one is.
    queueMicrotask(() => {
      try {
        replayEarlyInput();
      } finally {
        el.dataset.hydrated = 'true';
      }
    });
  }, [el]); // eslint-disable-line react-hooks/exhaustive-deps
  return children;
}

/**
 * An island that throws while rendering (a bug, or stored data no check foresaw) says so in
 * its place instead of vanishing from the page, as React leaves a root with no boundary.
 */
class IslandBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(`unitly: island ${this.props.name} failed`, error);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return createElement('p', { role: 'alert', className: 'island-failed' }, 'This part of the page stopped working. Reload the page to try again.');
  }
}

function hydrate(el: HTMLElement): void {
  const name = el.dataset.island ?? '';
  const load = loaders[name];
  if (!load) {
    console.warn(`unitly: no island component named ${name}`);
    return;
  }
  const props = JSON.parse(el.dataset.props || '{}');
  load()
    .then((mod) => Promise.resolve(mod.default.prepare?.(props)).then(() => mod))
    .then((mod) =>
      // As a transition, React hydrates in slices of a few milliseconds and yields to the
      // browser between them, instead of blocking the main thread for a whole island.
      startTransition(() => {
        const replayEarlyInput = noteEarlyInput(el);
        const island = createElement(IslandBoundary, { name, children: createElement(mod.default, props) });
        hydrateRoot(el, createElement(Hydrated, { el, replayEarlyInput, children: island }), { identifierPrefix: `${name}-` });
      }),
    )
    .catch((error) => {
      // Offline before this island's chunks arrived: the server HTML stays; try again online.
      console.warn(`unitly: island ${name} could not load yet`, error);
      window.addEventListener('online', () => hydrate(el), { once: true });
    });
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2500 });
  else setTimeout(run, 300);
}

function whenVisible(el: HTMLElement, run: () => void): void {
  if (!('IntersectionObserver' in window)) return run();
  const io = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        run();
      }
    },
    // On the screen, not near it (Astro's client:visible default): an island just under a
    // phone's first screen (the history panel under a card, the home's first card) then costs
    // nothing until it is scrolled to; what is typed in it meanwhile is replayed (earlyInput.ts),
    // and a returning visitor's copy comes from the service worker at once.
    { rootMargin: '0px' },
  );
  // The wrapper uses display: contents and has no box of its own; observe its content.
  io.observe((el.firstElementChild as HTMLElement | null) ?? el);
}

const directives: Record<string, (el: HTMLElement) => void> = {
  load: hydrate,
  idle: (el) => whenIdle(() => hydrate(el)),
  visible: (el) => whenVisible(el, () => hydrate(el)),
  demand: (el) => onDemand(el.dataset.island ?? '', () => hydrate(el)),
};

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  (directives[el.dataset.client ?? 'load'] ?? hydrate)(el);
}

// The theme is fixed to dark: the class is in the served HTML (no flash); record it.
document.documentElement.classList.add('dark');
try {
  localStorage.setItem('theme', 'dark');
} catch {
  // storage disabled: the class alone keeps the page dark
}

if (document.body.dataset.notFound !== undefined) {
  console.warn('404: no page at', window.location.pathname);
}

// Offline support and the install offer, deferred images, load timing, scrolling tables
// (logic in src/lib).
import { startPwa } from '../lib/pwa.ts';
import { lazyLoadImages } from '../lib/lazyImages.ts';
import { measureLoadTime } from '../lib/loadTime.ts';
import { focusableScrollRegions } from '../lib/scrollRegions.ts';
startPwa();
lazyLoadImages();
measureLoadTime();
focusableScrollRegions();
