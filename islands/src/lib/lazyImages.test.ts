import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LAZY_OPTIONS, lazyLoadImages, reveal } from './lazyImages.ts';
import { loadTimeOf } from './loadTime.ts';

function img(src: string, srcset?: string) {
  const attrs = new Set(['data-src', ...(srcset ? ['data-srcset'] : [])]);
  return {
    dataset: { src, ...(srcset ? { srcset } : {}) } as Record<string, string>,
    src: 'data:placeholder',
    srcset: '',
    attrs,
    removeAttribute(name: string) {
      attrs.delete(name);
    },
  };
}

test('reveal swaps the deferred source in', () => {
  const i = img('/images/a.svg', '/images/a.svg 1x');
  reveal(i);
  assert.equal(i.src, '/images/a.svg');
  assert.equal(i.srcset, '/images/a.svg 1x');
  assert.equal(i.attrs.size, 0);
});

test('images load when they intersect, with a 50px margin at 0.01 visible', () => {
  const a = img('/a.svg');
  const b = img('/b.svg');
  const root = { querySelectorAll: () => [a, b] } as unknown as ParentNode;
  let options: IntersectionObserverInit | undefined;
  let callback: IntersectionObserverCallback | undefined;
  const observed: unknown[] = [];
  const unobserved: unknown[] = [];
  class FakeObserver {
    constructor(cb: IntersectionObserverCallback, opts?: IntersectionObserverInit) {
      callback = cb;
      options = opts;
    }
    observe(t: unknown) {
      observed.push(t);
    }
    unobserve(t: unknown) {
      unobserved.push(t);
    }
  }
  assert.equal(lazyLoadImages(root, FakeObserver as never), 2);
  assert.deepEqual(options, { rootMargin: '50px', threshold: 0.01 });
  assert.deepEqual(LAZY_OPTIONS, options);
  assert.deepEqual(observed, [a, b]);
  callback!([{ isIntersecting: false, target: a }, { isIntersecting: true, target: b }] as never, new FakeObserver(() => {}) as never);
  assert.equal(a.src, 'data:placeholder');
  assert.equal(b.src, '/b.svg');
  assert.deepEqual(unobserved, [b]);
});

test('without IntersectionObserver every image loads at once', () => {
  const a = img('/a.svg');
  assert.equal(lazyLoadImages({ querySelectorAll: () => [a] } as unknown as ParentNode, undefined), 1);
  assert.equal(a.src, '/a.svg');
  assert.equal(lazyLoadImages({ querySelectorAll: () => [] } as unknown as ParentNode, undefined), 0);
});

test('load time is rounded to whole milliseconds', () => {
  assert.equal(loadTimeOf({ startTime: 0, loadEventEnd: 1234.56 }, 9), 1235);
  assert.equal(loadTimeOf({ startTime: 0, loadEventEnd: 0 }, 87.4), 87);
  assert.equal(loadTimeOf(undefined, 12.5), 13);
});
