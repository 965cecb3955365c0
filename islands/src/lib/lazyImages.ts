// Images with a deferred source (`<img data-src>`) load when they come near the viewport
// (a 50px margin, at 0.01 of the image visible). Their served `src` is a tiny placeholder
// so the HTML stays valid; without IntersectionObserver they load at once.

export const LAZY_OPTIONS: IntersectionObserverInit = { rootMargin: '50px', threshold: 0.01 };

interface Deferred {
  dataset: DOMStringMap;
  src: string;
  srcset?: string;
  removeAttribute(name: string): void;
}

/** Swaps the deferred source in. */
export function reveal(img: Deferred): void {
  const { src, srcset } = img.dataset;
  if (srcset) img.srcset = srcset;
  if (src) img.src = src;
  img.removeAttribute('data-src');
  img.removeAttribute('data-srcset');
}

type ObserverCtor = new (cb: IntersectionObserverCallback, options?: IntersectionObserverInit) => IntersectionObserver;

/** Watches every `img[data-src]` under `root`; returns how many it found. */
export function lazyLoadImages(
  root: ParentNode = document,
  Observer: ObserverCtor | undefined = globalThis.IntersectionObserver,
): number {
  const images = [...root.querySelectorAll<HTMLImageElement>('img[data-src]')];
  if (images.length === 0) return 0;
  if (!Observer) {
    images.forEach(reveal);
    return images.length;
  }
  const observer = new Observer((entries, obs) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      reveal(entry.target as HTMLImageElement);
      obs.unobserve(entry.target);
    }
  }, LAZY_OPTIONS);
  images.forEach((img) => observer.observe(img));
  return images.length;
}
