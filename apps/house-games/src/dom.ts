type Child = Node | string | null | undefined | false;

/** A small element builder: text is always set as text, never parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | ((event: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** Shows a modal dialog (native <dialog>: focus trap, Escape to close) and removes it when closed. */
export function openDialog(title: string, closeLabel: string, ...content: Child[]): HTMLDialogElement {
  const heading = h('h2', { id: `dlg-${Date.now()}` }, title);
  const dialog = h(
    'dialog',
    { 'aria-labelledby': heading.id },
    heading,
    // Focusable, as a long body scrolls: a keyboard can then scroll it.
    h('div', { class: 'dialog-body', tabindex: '0' }, ...content),
    h('button', { type: 'button', class: 'secondary', onclick: () => dialog.close() }, closeLabel),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** The button under a paged list that loads its next page. */
export const moreButton = (label: string, onMore: () => void) =>
  h('button', { type: 'button', class: 'secondary', onclick: onMore }, label);
