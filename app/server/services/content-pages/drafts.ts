import { z } from 'zod';
import { ContentPageDraft } from '#db/models/index';
import { layoutIssues, pageLayoutShapeSchema, type PageLayout } from '~/lib/content-pages/layout';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { editableTranslation } from './translations';

/**
 * The page builder's unsaved work on the server (issue 24 item 7): the browser keeps every change at once, and
 * sends it here on a debounce, so work survives another device, a cleared browser or a crash. One draft per editor
 * and translation, made from a version: when the translation is saved (by anyone) the draft is stale and dropped;
 * saving the translation or answering the draft's offer removes it. A draft only needs the layout's shape (a block
 * being typed may not be valid yet); the save checks every block as before.
 */

/** The most a draft's layout may take (JSON characters); the builder's own page limits stay far below it. */
export const MAX_DRAFT_JSON = 2_000_000;

const DraftInput = z.object({
  baseVersion: z.number().int().min(1),
  layout: pageLayoutShapeSchema,
});

export interface ServerDraft {
  baseVersion: number;
  layout: PageLayout;
  /** ISO time of the last change sent */
  savedAt: string;
}

const toDraft = (row: ContentPageDraft): ServerDraft => ({
  baseVersion: row.base_version,
  layout: row.layout as PageLayout,
  savedAt: new Date(row.updated_at).toISOString(),
});

function viewerId(ctx: ServiceContext): string {
  // editableTranslation has required a member; the viewer is there
  return ctx.viewer!.userId;
}

/** Keeps the editor's draft of a translation (replacing the last). A draft of an old version: VERSION_CONFLICT. */
export async function saveDraft(ctx: ServiceContext, translationId: string, input: { baseVersion: number; layout: unknown }): Promise<ServerDraft> {
  const { translation } = await editableTranslation(ctx, translationId);
  if (JSON.stringify(input.layout ?? null).length > MAX_DRAFT_JSON) throw new DomainError('INVALID', ctx.t('pages:errors.draftTooLarge'), 'layout');
  const values = parseInput(ctx, DraftInput, input);
  if (layoutIssues(values.layout as PageLayout).length) throw new DomainError('NESTABLE_ERROR', ctx.t('pages:errors.draftInvalid'), 'layout');
  if (values.baseVersion !== translation.version) {
    throw new DomainError('VERSION_CONFLICT', ctx.t('pages:errors.versionConflict', { version: translation.version }), 'baseVersion');
  }
  const row = (await ContentPageDraft.query(ctx.db)
    .insert({ translation_id: translation.id, user_id: viewerId(ctx), base_version: values.baseVersion, layout: values.layout })
    .onConflict(['translation_id', 'user_id'])
    .merge({ base_version: values.baseVersion, layout: values.layout, updated_at: new Date() })
    .returning('*')) as unknown as ContentPageDraft;
  return toDraft(row);
}

/** The editor's draft of a translation, if it was made from the version stored now (a stale one is removed). */
export async function draftOf(ctx: ServiceContext, translationId: string): Promise<ServerDraft | null> {
  const { translation } = await editableTranslation(ctx, translationId);
  const row = await ContentPageDraft.query(ctx.db).findOne({ translation_id: translation.id, user_id: viewerId(ctx) });
  if (!row) return null;
  if (row.base_version !== translation.version) {
    await ContentPageDraft.query(ctx.db).deleteById(row.id);
    return null;
  }
  return toDraft(row);
}

/** Removes the editor's draft of a translation (restored and saved, or discarded). */
export async function discardDraft(ctx: ServiceContext, translationId: string): Promise<void> {
  const { translation } = await editableTranslation(ctx, translationId);
  await ContentPageDraft.query(ctx.db).delete().where({ translation_id: translation.id, user_id: viewerId(ctx) });
}
