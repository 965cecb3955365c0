// The swap button between From and To, shared by the unit and currency cards.
export default function SwapButton({ label, onSwap }: { label: string; onSwap: () => void }) {
  return (
    <button type="button" className="icon-button swap-button" aria-label={label} title={label} onClick={onSwap}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M7 4 3 8l4 4" />
        <path d="M3 8h14" />
        <path d="m17 20 4-4-4-4" />
        <path d="M21 16H7" />
      </svg>
    </button>
  );
}
