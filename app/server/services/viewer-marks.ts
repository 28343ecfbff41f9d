import DataLoader from 'dataloader';
import { defineLoader } from '../context.server';

/**
 * A loader of whether the viewer has a row in `table` (a user's like or mark: user_id and the object's `column`) for
 * each object id, batched: one statement per batch; false for every id without a viewer, with no statement.
 */
export function viewerMarksLoader(table: string, column: string) {
  return defineLoader(
    (ctx) =>
      new DataLoader<string, boolean>(async (ids) => {
        if (!ctx.viewer) return ids.map(() => false);
        const marked = new Set<string>(await ctx.db(table).where('user_id', ctx.viewer.userId).whereIn(column, ids as string[]).pluck(column));
        return ids.map((id) => marked.has(id));
      }),
  );
}
