// The × button in the corner of a modal dialog (support, premium, cookie choices).
export default function CloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="icon-button modal-close" aria-label="Close" onClick={onClick}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
