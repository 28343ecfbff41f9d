import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';
import { layoutItems, type PageLayout } from '~/lib/content-pages/layout';
import { mayEditPage } from '~/server/services/content-pages/policy';
import {
  createPage,
  createPageWithSlug,
  deletePage,
  duplicatePage,
  listPages,
  tagsOfPage,
  translationsOfPage,
  updatePage,
  viewPage,
} from '~/server/services/content-pages/pages';
import { isPageLiked, likePage } from '~/server/services/content-pages/likes';
import { publishPage, tokenLink, unpublishPage } from '~/server/services/content-pages/publish';
import { createTranslation, deleteTranslation, updateTranslation } from '~/server/services/content-pages/translations';
import type { Resolvers } from '../generated/types';
import { nullAsUnset, sent } from '../args';
import { asQuery, payload, withOk } from '../errors';
import { fileField } from './files';

/** JSON values pass as they are; the services validate them (layouts with zod). */
const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

export const contentPageResolvers: Resolvers = {
  JSON: JSONScalar,
  ContentPage: {
    created: (page) => page.created_at,
    thumbnail: (page, _args, ctx) => fileField(ctx.service, page.thumbnail_id),
    tags: (page, _args, ctx) => tagsOfPage(ctx.service).load(page.id),
    translations: (page, _args, ctx) => translationsOfPage(ctx.service).load(page.id),
    translation: (page) => page.asked_translation ?? null,
    tokenLink: (page, _args, ctx) => (mayEditPage(ctx.service.viewer, page) ? tokenLink(ctx.service, page) : null),
    // the viewer's own like: an answer that asks for it is never kept for the viewer's audience (visitor cache)
    liked: (page, _args, ctx) => {
      ctx.personal?.();
      return isPageLiked(ctx.service, page.id);
    },
  },
  ContentPageTranslation: {
    contentItems: (translation) => layoutItems(translation.layout as PageLayout),
  },
  Query: {
    contentPages: (_root, args, ctx) =>
      asQuery(() => listPages(ctx.service, { search: args.search, tagId: args.tagId, first: args.first, offset: args.offset })),
    contentPage: (_root, args, ctx) =>
      asQuery(async () => {
        const { page, translation } = await viewPage(ctx.service, { slug: args.slug, lang: args.lang, token: args.token });
        return Object.assign(page, { asked_translation: translation });
      }),
  },
  Mutation: {
    contentPageCreate: (_root, args, ctx) =>
      payload(async () => ({
        contentPage: await createPage(ctx.service, { language: args.language, name: args.name ?? undefined, template: args.template ?? undefined }),
      })),
    contentPageCreateWithSlug: (_root, args, ctx) =>
      payload(async () => ({
        contentPage: await createPageWithSlug(ctx.service, {
          slug: args.slug,
          language: args.language,
          name: args.name ?? undefined,
          template: args.template ?? undefined,
        }),
      })),
    contentPageUpdate: (_root, args, ctx) =>
      payload(async () => {
        const { slug, leadDefault, tags, name, language, ...references } = args.input;
        return {
          contentPage: await updatePage(ctx.service, args.id, { ...sent(references), ...nullAsUnset({ slug, leadDefault, tags, name, language }) }),
        };
      }),
    contentPageDelete: (_root, args, ctx) => payload(async () => ({ id: await deletePage(ctx.service, args.id) })).then(withOk),
    contentPageDuplicate: (_root, args, ctx) => payload(async () => ({ contentPage: await duplicatePage(ctx.service, args.id) })),
    contentPageLike: (_root, args, ctx) =>
      payload(async () => ({ contentPage: await likePage(ctx.service, { id: args.id, token: args.token }, args.liked) })),
    contentPagePublish: (_root, args, ctx) => payload(async () => ({ contentPage: await publishPage(ctx.service, args.id) })),
    contentPageUnpublish: (_root, args, ctx) => payload(async () => ({ contentPage: await unpublishPage(ctx.service, args.id) })),
    contentPageTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({
        contentPageTranslation: await updateTranslation(ctx.service, args.translationId, {
          baseVersion: args.input.baseVersion,
          name: args.input.name ?? undefined,
          contentLayouts: args.input.contentLayouts,
          contentItems: args.input.contentItems?.map(({ id, content, sort, isNew, isChanged, isDeleted }) => ({
            id,
            content,
            ...nullAsUnset({ sort, isNew, isChanged, isDeleted }),
          })),
        }),
      })),
    contentPageTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({
        contentPageTranslation: await createTranslation(ctx.service, { pageId: args.pageId, fromLang: args.fromLang, toLang: args.toLang }),
      })),
    contentPageTranslationDelete: (_root, args, ctx) =>
      payload(async () => ({ id: await deleteTranslation(ctx.service, args.translationId) })).then(withOk),
  },
};

