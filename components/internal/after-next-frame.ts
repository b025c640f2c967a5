/** Resolves in a task after the next frame is drawn (or after 100 ms on a page that draws none: hidden). */
export const afterNextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    const next = (): void => {
      clearTimeout(fallback);
      setTimeout(resolve);
    };
    const fallback = setTimeout(next, 100);
    requestAnimationFrame(next);
  });
