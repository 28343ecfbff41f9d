import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Where a drag ends: a point, or a point measured once the drag has begun (lists can shift when it starts). */
export type DragTarget = { x: number; y: number } | (() => Promise<{ x: number; y: number }>);

/** A point `dx`, `dy` pixels from the top left corner of `locator`, measured when the drag gets there. */
export const pointIn =
  (locator: Locator, dx: number, dy: number): DragTarget =>
  async () => {
    const box = (await locator.boundingBox())!;
    return { x: box.x + dx, y: box.y + dy };
  };

/**
 * Drags with sortablejs (its pointer-event mode, which Playwright's mouse drives): presses on the middle of `from`,
 * moves to `to` and drops once `arrived` holds, because sortable moves the element while the pointer is still down.
 * Sortable reacts to pointer moves; on a busy machine the moves can all pass before its drag has started, and then
 * nothing moves until the pointer does again. So while `arrived` fails, the pointer nudges a pixel up or down at
 * the target (each nudge is a new pointer move) and `arrived` is asked again. When a whole gesture passes without
 * the drag taking hold (the press landed while the list was being re-rendered, so sortable never saw it), the
 * pointer is released and the gesture starts again from `from`, up to three times. `arrived` gets the time to wait.
 */
export async function sortableDrag(
  page: Page,
  from: Locator,
  to: DragTarget,
  arrived: (options: { timeout: number }) => Promise<unknown>,
): Promise<void> {
  // sortable is imported after hydration; the list says when it sorts
  await expect(page.locator('[data-dnd-ready]').first()).toBeAttached();
  let lastError: unknown;
  for (let gesture = 1; gesture <= 3; gesture += 1) {
    await from.scrollIntoViewIfNeeded();
    const start = (await from.boundingBox())!;
    const x = start.x + start.width / 2;
    const y = start.y + start.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 10, { steps: 5 });
    const end = typeof to === 'function' ? await to() : to;
    await page.mouse.move(end.x, end.y, { steps: 20 });
    let attempt = 0;
    try {
      await expect(async () => {
        attempt += 1;
        if (attempt > 1) await page.mouse.move(end.x, end.y + (attempt % 2 ? 1 : -1), { steps: 2 });
        await arrived({ timeout: attempt === 1 ? 3_000 : 1_000 });
      }).toPass({ timeout: 10_000 });
      await page.mouse.up();
      return;
    } catch (error) {
      lastError = error;
      await page.mouse.up();
    }
  }
  throw lastError;
}
