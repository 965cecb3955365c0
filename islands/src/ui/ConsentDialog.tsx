// The consent banner's Customize popup (components/ConsentBanner.tsx): every purpose with
// its checkbox, fetched when Customize is first pressed, so a page carries only the
// banner's sentence and three buttons until then. A native modal dialog: focus moves in,
// Escape closes, the page behind is inert, and focus returns to Customize.
import { useEffect, useState } from 'react';
import { ConsentActions, ConsentChoices, type Draft } from './ConsentChoices.tsx';
import CloseButton from './CloseButton.tsx';
import { useModalDialog } from '../lib/dialog.ts';
import { saveConsent } from '../lib/consent.ts';

const OFF: Draft = { preferences: false, analytics: false, advertising: false };

/** `asked` counts the presses of Customize: each opens the popup with every purpose off. */
export default function ConsentDialog({ id, asked }: { id: string; asked: number }) {
  const [draft, setDraft] = useState<Draft>(OFF);
  const dialog = useModalDialog();
  const open = dialog.open;

  useEffect(() => {
    setDraft(OFF);
    open();
  }, [asked, open]);

  return (
    <dialog ref={dialog.ref} className="modal" aria-labelledby={`${id}-dh`} aria-describedby={`${id}-dd`}>
      <form
        className="modal-body consent-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          saveConsent(draft);
        }}
      >
        <CloseButton onClick={dialog.close} />
        <h2 id={`${id}-dh`}>Cookie choices</h2>
        <p id={`${id}-dd`}>
          The converters work without cookies. Essential storage is always on; the rest is up to you, and you can change it at any time on the{' '}
          <a href="/cookies">Cookie Policy page</a>.
        </p>
        <ConsentChoices idPrefix={id} value={draft} onChange={setDraft} />
        <ConsentActions className="modal-actions" choose={saveConsent} />
      </form>
    </dialog>
  );
}
