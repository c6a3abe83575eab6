/** Ends the current task: what follows runs in a task of its own, after any input that arrived meanwhile. */
export const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
