// What a visitor typed or chose in an island's fields before it hydrated. On a slow
// connection the server's HTML can be typed in for seconds before the scripts arrive, and
// hydration does not tell the component: the field showed `250` while Result stayed "—"
// until another key (a select even went back to the server's option when the island first
// rendered again). So the runtime notes the fields that differ from the server's HTML just
// before it hydrates an island, and once the island is live replays each as the event the
// visitor's act would have fired: every island takes it through its own handlers (convert,
// open the list, record) with no code of its own. A field focused before hydration gets its
// focus event too (the Value field's focus fetches the converter, the search box's its
// list), and keeps its caret: the visitor may still be typing. Nothing is changed before
// hydration, so React still compares the server's HTML.

type TextField = HTMLInputElement | HTMLTextAreaElement;

interface Selection {
  start: number;
  end: number;
  direction: 'forward' | 'backward' | 'none';
}

type Early =
  | { kind: 'text'; field: TextField; server: string; value: string; caret: Selection | null }
  | { kind: 'select'; field: HTMLSelectElement; initial: number; index: number }
  | { kind: 'check'; field: HTMLInputElement; server: boolean; checked: boolean };

const UNTYPED = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden', 'checkbox', 'radio']);

/**
 * Notes what the fields of `root` hold that the server's HTML did not (call it just before
 * hydrating `root`); the function returned replays it into the hydrated island.
 */
export function noteEarlyInput(root: HTMLElement): () => void {
  const early: Early[] = [];
  for (const field of root.querySelectorAll<HTMLElement>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      if (field.multiple) continue;
      const initial = initialOption(field);
      if (field.selectedIndex !== initial) early.push({ kind: 'select', field, initial, index: field.selectedIndex });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio that lost its check follows the one that took it.
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)) {
        early.push({ kind: 'check', field, server: field.defaultChecked, checked: field.checked });
      }
    } else if (isTextField(field) && !(field instanceof HTMLInputElement && UNTYPED.has(field.type))) {
      if (field.value !== field.defaultValue) early.push({ kind: 'text', field, server: field.defaultValue, value: field.value, caret: selectionOf(field) });
    }
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && root.contains(active) && active.matches('input, textarea, select') ? active : null;
  if (early.length === 0 && focused === null) return () => undefined;
  return () => replay(early, focused);
}

function replay(early: readonly Early[], focused: HTMLElement | null): void {
  // Still focused (the visitor may have moved on meanwhile, and that was seen live).
  const stillFocused = focused !== null && document.activeElement === focused ? focused : null;
  // Where the caret is now; if React has put the typed value back since, where it was then.
  let caret = stillFocused !== null && isTextField(stillFocused) ? selectionOf(stillFocused) : null;
  for (const e of early) if (e.kind === 'text' && e.field === stillFocused && e.field.value === e.server) caret = e.caret;
  if (stillFocused !== null) stillFocused.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));

  for (const e of early) {
    if (!e.field.isConnected) continue;
    if (e.kind === 'text') {
      // What is there now, unless React has put the server's value back: then what was typed.
      replayTyped(e.field, e.field.value !== e.server ? e.field.value : e.value);
    } else if (e.kind === 'select') {
      // React sets a select's options to its value when it renders it again.
      if (e.field.selectedIndex === initialOption(e.field)) e.field.selectedIndex = e.index;
      e.field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      const chosen = e.field.checked !== e.server ? e.field.checked : e.checked;
      // Through React's own property, so that it takes the click's state as a change.
      e.field.checked = !chosen;
      e.field.click();
    }
  }
  if (stillFocused !== null && isTextField(stillFocused) && caret !== null && document.activeElement === stillFocused) restoreSelection(stillFocused, caret);
}

/** The option the server marked, else the first, which a select shows then. */
function initialOption(select: HTMLSelectElement): number {
  return Math.max(0, [...select.options].findIndex((o) => o.defaultSelected));
}

function isTextField(el: Element): el is TextField {
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
}

/**
 * Fires `input` for `typed`. React ignores an input event whose value equals the one it
 * last saw, and at hydration it saw the typed value: it is told the server's value first
 * (its tracker follows the element's own `value` property), then the typed value is put
 * past that property (the prototype's setter).
 */
function replayTyped(field: TextField, typed: string): void {
  const nativeSet = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (nativeSet === undefined) return;
  field.value = field.defaultValue === typed ? '' : field.defaultValue;
  nativeSet.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function selectionOf(field: TextField): Selection | null {
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = field;
    return start === null || end === null ? null : { start, end, direction: direction ?? 'none' };
  } catch {
    return null; // a type with no selection (email, number)
  }
}

function restoreSelection(field: TextField, { start, end, direction }: Selection): void {
  try {
    field.setSelectionRange(start, end, direction);
  } catch {
    // a type with no selection
  }
}
