// The Copy and Reset buttons shared by the unit and currency converter cards, and what the
// buttons do on a card whose history entry is also the line it copies ("5 m = 16.4 ft").
// (Not an island: islands are the files directly in src/components.)
import type { NewHistoryEntry } from '../lib/history.ts';
import { toast } from '../lib/toast.ts';
import { copyWithToast } from '../lib/clipboard.ts';
import { entryLine } from '../lib/copyText.ts';
import type { Card } from './useCard.ts';

/** The toast a successful Copy shows; `description` says what was copied. */
export function copiedMessage(description = 'Conversion result copied to clipboard'): { title: string; description: string } {
  return { title: '📋 Copied!', description };
}

/**
 * Copy records the entry at once (a deliberate act: no waiting for the settle delay) and
 * copies `from = to`; Reset empties the card and says so with the card's label.
 */
export function entryActions(card: Card, entry: NewHistoryEntry | null, label: string, copied = copiedMessage()): { copy: () => Promise<void>; reset: () => void } {
  return {
    copy: async () => {
      if (entry === null) return;
      await card.recordNow(entry);
      await copyWithToast(entryLine(entry.from, entry.to), copied);
    },
    reset: () => {
      card.clear();
      toast({ title: '🔄 Reset', description: `${label} converter cleared` });
    },
  };
}

interface Props {
  onCopy: () => void;
  onReset: () => void;
  /** Why Copy is disabled, or undefined when there is a result to copy. */
  nothingToCopy?: string;
}

export default function CardActions({ onCopy, onReset, nothingToCopy }: Props) {
  return (
    <div className="converter-actions">
      <button type="button" className="button" onClick={onCopy} disabled={nothingToCopy !== undefined} title={nothingToCopy}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
        </svg>
        Copy
      </button>
      <button type="button" className="button button-secondary" onClick={onReset}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
          <path d="M3 3v5h5" />
        </svg>
        Reset
      </button>
    </div>
  );
}
