import type { ContentObject as ContentObjectRow, Publicsite as PublicsiteRow } from '#db/models/index';
import { CONTENT_LANGUAGES, type ContentLanguage, type ContentObjectInput as ServiceObjectInput } from '~/lib/schemas/content';
import {
  createGroup,
  deleteGroup,
  groupIdsOf,
  likeGroup,
  listGroups,
  renameGroup,
  setGroupPermissionType,
  setGroupPreview,
  tagGroup,
  tagsByGroup,
  tagsByType,
  untagGroup,
  viewGroup,
  type ContentGroupRow,
} from '~/server/services/content/groups';
import { addJson, groupJson } from '~/server/services/content/json';
import { contentContactInformation, publicSettings } from '~/server/services/content/public-info';
import { createPublicsite, deletePublicsite, listPublicsites, ownPublicsite, updatePublicsite } from '~/server/services/content/publicsites';
import {
  createObject,
  deleteObject,
  moveObject,
  translateObject,
  updateObject,
  updateOrder,
} from '~/server/services/content/objects';
import { buildTree, groupTree, objectsByGroup, type ContentNode } from '~/server/services/content/tree';
import type { ContentGroup, ContentObject, ContentObjectInput, Publicsite, PublicsiteInput, Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { fileField } from './files';

/** The API's group and object as these resolvers build them; `preview` and `file` resolve to the file row by id. */
type GroupView = Omit<ContentGroup, 'preview' | 'children' | 'objects'> & { children: ObjectView[]; objects: ObjectView[] };
type ObjectView = Omit<ContentObject, 'file' | 'children'> & { children: ObjectView[] };

/** A group for GraphQL; its tree, tags and JSON are resolved per field (one query each for a whole list). */
function groupView(row: ContentGroupRow): GroupView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    organizationId: row.organization_id,
    hasChildren: Boolean(row.has_children),
    previewId: row.preview_id,
    liked: Boolean(row.liked),
    permissionType: row.permission_type,
    tags: [],
    children: [],
    objects: [],
    generatedJson: '',
  };
}

/** A tree node for GraphQL; `language` keeps only the LOCALIZED children of that language (localizedContent). */
function objectView({ row, children }: ContentNode, language?: ContentLanguage): ObjectView {
  const shown = language && row.type === 'LOCALIZED' ? children.filter((c) => c.row.language === language) : children;
  const languages = row.type === 'LOCALIZED' ? CONTENT_LANGUAGES.filter((l) => children.some((c) => c.row.language === l)) : [];
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    language: row.language,
    size: row.size,
    value: row.value,
    count: children.length,
    languages,
    availableLanguages: row.type === 'LOCALIZED' ? CONTENT_LANGUAGES.filter((l) => !languages.includes(l)) : [],
    link: row.link,
    openLinkInNewWindow: row.open_link_in_new_window,
    fileId: row.file_id,
    ogTitle: row.og_title,
    ogDescription: row.og_description,
    ogImage: row.og_image,
    parentId: row.parent_id,
    sort: row.sort,
    children: shown.map((child) => objectView(child, language)),
  };
}

const leaf = (row: ContentObjectRow): ObjectView => objectView({ row, children: [] });

function objectInput(input: ContentObjectInput): Omit<ServiceObjectInput, 'type'> {
  return {
    name: input.name,
    value: input.value,
    link: input.link,
    openLinkInNewWindow: input.openLinkInNewWindow,
    fileId: input.fileId,
    size: input.size,
    language: input.language,
  };
}

const publicsiteView = (row: PublicsiteRow): Publicsite => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  personalizationId: row.personalization_id,
  created: row.created_at,
});

/** The input as the service takes it: `personalizationId` only when the client sent it (null removes it). */
const publicsiteInput = (input: PublicsiteInput) => ({
  name: input.name,
  ...('personalizationId' in input ? { personalizationId: input.personalizationId ?? null } : {}),
});

/** localizedContent marks its groups with the language their LOCALIZED objects are reduced to. */
const LANGUAGE = Symbol('language');
type LocalizedGroup = GroupView & { [LANGUAGE]?: ContentLanguage };

export const contentResolvers: Resolvers = {
  ContentGroup: {
    // the viewer's own like: an answer that asks for it is never kept for the viewer's audience (visitor cache)
    liked: (group, _args, ctx) => {
      ctx.personal?.();
      return group.liked;
    },
    tags: (group, _args, ctx) => tagsByGroup(ctx.service).load(group.id),
    children: async (group: LocalizedGroup, _args, ctx) =>
      (await groupTree(ctx.service, group.id)).map((node) => objectView(node, group[LANGUAGE])),
    objects: async (group: LocalizedGroup, _args, ctx) => {
      const flat: ObjectView[] = [];
      const walk = (view: ObjectView) => {
        flat.push(view);
        view.children.forEach(walk);
      };
      (await groupTree(ctx.service, group.id)).forEach((node) => walk(objectView(node, group[LANGUAGE])));
      return flat;
    },
    preview: (group, _args, ctx) => fileField(ctx.service, group.previewId),
    generatedJson: async (group, _args, ctx) =>
      JSON.stringify(groupJson(group, buildTree(await objectsByGroup(ctx.service).load(group.id)))),
  },
  ContentObject: {
    file: (object, _args, ctx) => fileField(ctx.service, object.fileId),
  },
  Query: {
    contentgroupsOfOrganization: (_root, args, ctx) =>
      asQuery(async () => (await listGroups(ctx.service, { search: args.search, tagId: args.tagId })).map(groupView)),
    fetchContentGroups: (_root, args, ctx) =>
      asQuery(async () => (await listGroups(ctx.service, { search: args.search, tagId: args.tagId })).map(groupView)),
    contentGroupIds: (_root, args, ctx) => asQuery(() => groupIdsOf(ctx.service, args.organizationId)),
    content: (_root, args, ctx) => asQuery(async () => groupView(await viewGroup(ctx.service, { id: args.id, slug: args.slug }))),
    localizedContent: (_root, args, ctx) =>
      asQuery(async () => {
        const group: LocalizedGroup = groupView(await viewGroup(ctx.service, { slug: args.slug }));
        group[LANGUAGE] = args.lang;
        return group;
      }),
    tags: (_root, args, ctx) => asQuery(() => tagsByType(ctx.service, args.type)),
    contentContactInformation: (_root, args, ctx) => asQuery(() => contentContactInformation(ctx.service, { id: args.id, slug: args.slug })),
    settings: (_root, args, ctx) => asQuery(async () => publicSettings(ctx.service, args.keys)),
    publicsites: (_root, _args, ctx) => asQuery(async () => (await listPublicsites(ctx.service)).map(publicsiteView)),
    publicsite: (_root, args, ctx) => asQuery(async () => publicsiteView(await ownPublicsite(ctx.service, { id: args.id, slug: args.slug }))),
  },
  Mutation: {
    contentGroupCreate: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await createGroup(ctx.service, { name: args.name })) })),
    contentGroupRename: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await renameGroup(ctx.service, args.id, args.name)) })),
    contentGroupDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteGroup(ctx.service, args.id) })).then(withOk),
    contentGroupLike: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await likeGroup(ctx.service, args.id, args.liked)) })),
    contentGroupPermissionUpdate: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await setGroupPermissionType(ctx.service, args.id, args.permissionType)) })),
    contentGroupTag: (_root, args, ctx) => payload(async () => ({ contentGroup: groupView(await tagGroup(ctx.service, args.id, args.text)) })),
    contentGroupUntag: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await untagGroup(ctx.service, args.id, args.tagId)) })),
    contentGroupPreviewUpdate: (_root, args, ctx) =>
      payload(async () => ({ contentGroup: groupView(await setGroupPreview(ctx.service, args.id, args.previewId ?? null)) })),
    contentObjectCreate: (_root, args, ctx) =>
      payload(async () => ({
        contentObject: leaf(await createObject(ctx.service, args.groupId, args.parentId, { ...objectInput(args.input), type: args.type })),
      })),
    contentObjectUpdate: (_root, args, ctx) =>
      payload(async () => ({ contentObject: leaf(await updateObject(ctx.service, args.id, objectInput(args.input))) })),
    contentObjectDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteObject(ctx.service, args.id) })).then(withOk),
    contentObjectTranslate: (_root, args, ctx) =>
      payload(async () => ({ contentObject: leaf(await translateObject(ctx.service, args.id, args.language)) })),
    contentObjectAddParent: (_root, args, ctx) =>
      payload(async () => ({ contentObject: leaf(await moveObject(ctx.service, args.id, args.parentId)) })),
    contentObjectRemoveParent: (_root, args, ctx) =>
      payload(async () => ({ contentObject: leaf(await moveObject(ctx.service, args.id, null)) })),
    addJson: (_root, args, ctx) => payload(async () => ({ contentGroup: groupView(await addJson(ctx.service, args.json, args.name)) })),
    publicsiteCreate: (_root, args, ctx) =>
      payload(async () => ({ publicsite: publicsiteView(await createPublicsite(ctx.service, publicsiteInput(args.input))) })),
    publicsiteUpdate: (_root, args, ctx) =>
      payload(async () => ({ publicsite: publicsiteView(await updatePublicsite(ctx.service, args.id, publicsiteInput(args.input))) })),
    publicsiteDelete: (_root, args, ctx) => payload(async () => ({ id: await deletePublicsite(ctx.service, args.id) })).then(withOk),
    updateOrder: (_root, args, ctx) =>
      payload(async () => {
        await updateOrder(ctx.service, args.ids);
        return {};
      }).then(withOk),
  },
};
