// Modal dialogs on the native <dialog> element: showModal() makes the rest of the page
// inert and moves focus in; Escape closes it (the browser's 'cancel'); closing returns
// focus to whatever opened it; a click on the backdrop closes it too.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);

  const open = useCallback(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    if (ref.current?.open) ref.current.close();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      setOpen(false);
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    };
    // The dialog box has no padding of its own (its content does), so a click whose
    // target is the dialog itself landed on the backdrop.
    const onClick = (e: MouseEvent) => {
      if (e.target === dialog) dialog.close();
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
    };
  }, []);

  return { ref, isOpen, open, close };
}
