/**
 * Resolves once the frame being rendered has been painted: an animation frame callback runs just
 * before the paint, and a task it queues runs after. For downloads the first paint must not wait
 * for or share the network with. A hidden page paints nothing, so it does not wait.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
