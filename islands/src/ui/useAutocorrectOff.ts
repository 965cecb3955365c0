// Safari's autocorrect would "fix" unit and currency words (ft, mL, yen) as they are typed,
// and WebKit does not take `spellcheck=false` to mean it. The attribute is set once hydrated
// rather than in the server HTML, whose checker does not know it yet.
import { useEffect, type RefObject } from 'react';

export function useAutocorrectOff(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>): void {
  useEffect(() => {
    ref.current?.setAttribute('autocorrect', 'off');
  }, [ref]);
}
