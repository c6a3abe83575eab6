/**
 * Spec §9 modal defaults: a dialog's size, and the wrapper shown while a popup is still on its way (its chunk
 * loading): after `wrapperDelayMs`, so a fast open shows nothing in between, a box of `wrapperSize` pixels square.
 * Apart from the dialog so the boot's popup host takes the numbers without the dialog.
 */
export const DIALOG_DEFAULTS = { width: 600, height: 300, wrapperDelayMs: 100, wrapperSize: 200 } as const;
