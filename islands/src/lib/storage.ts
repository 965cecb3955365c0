// What the browser-side libraries share about storage and page-wide events.

// Merely touching window.localStorage throws a SecurityError when storage is blocked
// (cookies disabled, some sandboxed frames): no storage then, never a crash.
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

// In the browser the bus is window, so every island on the page hears it; in Node a private
// target stands in.
export const pageBus: EventTarget = typeof window !== 'undefined' ? window : new EventTarget();
