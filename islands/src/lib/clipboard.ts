// Copy to the clipboard and say how it went: the success toast, or a destructive one
// when the browser refuses (no permission, no clipboard API, insecure context).
import { toast } from './toast.ts';

interface Message {
  title: string;
  description: string;
}

const COPY_FAILED: Message = { title: 'Copy Failed', description: 'Could not copy the result to the clipboard' };

export async function copyWithToast(text: string, success: Message, failure: Message = COPY_FAILED): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    toast(success);
    return true;
  } catch {
    toast({ ...failure, variant: 'destructive' });
    return false;
  }
}
