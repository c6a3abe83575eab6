/** Ends the current task: what follows runs in a task of its own, after any input that arrived meanwhile. */
export const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the browser has painted the next frame (a task queued from the frame's animation callback). */
export const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
