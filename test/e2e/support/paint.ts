import type { Frame, Page } from 'playwright-core';

/**
 * Resolves once `target` has rendered two more frames: whatever the DOM holds now is painted (a screenshot
 * shows it) and every load its styles start has begun. Source text: evaluate() would give a function tsx's helpers.
 */
export async function afterTwoFrames(target: Page | Frame): Promise<void> {
  await target.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))');
}
