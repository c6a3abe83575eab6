/**
 * Heights shared by the board and the slot that holds its place: the list, its skeleton, its empty state and the
 * held space before the chunk arrives are all the same height, so nothing below the board moves (CLS).
 */
export const ROW_HEIGHT = 'h-14';
/** Heading and controls (phone: stacked, 8.25rem; from sm: one row, 2.75rem), a 0.75rem gap, ten rows with gaps. */
export const BOARD_HEIGHT = 'min-h-[47.375rem] sm:min-h-[41.875rem]';
