/** The site's close control (a cross): dialogs, the side menu, notices. Sizes and hover colour come from the caller. */
export function CloseButton({ label, onClick, className }: { label: string; onClick: () => void; className: string }) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className={`grid place-items-center ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[55%]" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
