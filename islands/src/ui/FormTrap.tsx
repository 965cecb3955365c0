// The honeypot: a field people never meet — off-screen, hidden from screen readers and
// out of the keyboard's reach — that form-filling scripts fill in. Uncontrolled on purpose:
// a script that sets its value without typing is caught too. The edge (edge/src/forms.ts)
// answers a filled one with a quiet success and forwards nothing.
import type { RefObject } from 'react';
import { HONEYPOT } from '../lib/formGuard.ts';

export default function FormTrap({ id, inputRef }: { id: string; inputRef: RefObject<HTMLInputElement> }) {
  return (
    <div className="form-trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={inputRef} id={id} name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
