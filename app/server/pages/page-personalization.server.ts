import type { RequestContext } from '~/server/request-context.server';
import { editablePage } from '~/server/services/content-pages/pages';
import { personalizationChoices } from '~/server/services/personalizations/personalizations';

/** Where the page settings' personalization form posts (its own route beside the builder). */
export const pagePersonalizationPath = (slug: string) => `/contentpool/builder_v2/${encodeURIComponent(slug)}/personalization`;

/**
 * The content page builder's personalization setting (issue 24 item 5): the page's own choice (null: the
 * organisation's default, resolved when the page is shown) and what the picker offers; null when the viewer may not
 * use personalizations (the section is not shown then).
 */
export async function pagePersonalizationSetting(context: RequestContext, slug: string) {
  const ctx = context.service;
  const page = await editablePage(ctx, { slug });
  const choices = await personalizationChoices(ctx);
  if (!choices) return null;
  const defaultTitle = choices.options.find((option) => option.id === choices.defaultId)?.title ?? null;
  return { action: pagePersonalizationPath(page.slug), current: page.personalization_id, options: choices.options, defaultTitle };
}

export type PagePersonalizationSetting = NonNullable<Awaited<ReturnType<typeof pagePersonalizationSetting>>>;
