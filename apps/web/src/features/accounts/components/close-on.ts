/** Radix `onOpenChange` for a popup of the modal stack: closing it (Escape, outside click, ×) removes it. */
export const closeOn = (onClose: () => void) => (isOpen: boolean) => {
  if (!isOpen) onClose();
};
