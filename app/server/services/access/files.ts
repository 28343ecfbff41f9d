import type { FileUseKind, UploadedFile } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { isMember } from './membership';
import { mayShowLinkedPage } from './publication';
import { accessState, isDenied } from './rule';
import type { PermissionType } from './types';

/**
 * Who may download a file (issue 25, hole 5): its uploader and the members of its organisation always; a file some
 * object uses (file_uses: a content group's object, a content page's layout or thumbnail, a room's panorama or tour
 * audio) anyone who may see one of those objects right now (a room also through a convention that shows it); a file made public (a picture of an event object, an icon) anyone. Recording a
 * use takes a file's publicity away, so a key-protected group's files need the key, and a page's files close when it
 * is unpublished or deleted.
 */

/** Records that an object shows the files (idempotent); the files stop being public by themselves. */
export async function recordFileUses(
  ctx: ServiceContext,
  use: { kind: FileUseKind; objectId: string; organizationId: string },
  fileIds: (string | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(fileIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  // only files of the object's organisation: an id from a request never pulls another organisation's file in
  const owned: string[] = await ctx.db('files').whereIn('id', ids).where({ organization_id: use.organizationId }).pluck('id');
  if (!owned.length) return;
  await ctx
    .db('file_uses')
    .insert(owned.map((id) => ({ file_id: id, kind: use.kind, object_id: use.objectId, organization_id: use.organizationId })))
    .onConflict(['file_id', 'kind', 'object_id'])
    .ignore();
  await ctx.db('files').whereIn('id', owned).where({ is_public: true }).update({ is_public: false });
}

async function useVisible(ctx: ServiceContext, kind: FileUseKind, objectId: string): Promise<boolean> {
  if (kind === 'room') {
    const room: { id: string; organization_id: string; access_type: PermissionType } | undefined = await ctx
      .db('virtual_rooms')
      .where({ id: objectId })
      .first('id', 'organization_id', 'access_type');
    if (!room) return false;
    if (!isDenied(await accessState(ctx, 'room', { id: room.id, organization_id: room.organization_id, permission_type: room.access_type }))) return true;
    // a convention in room mode shows its room to whoever may enter the convention (virtual-rooms/conventions.ts)
    const conventions: { id: string; organization_id: string; permission_type: PermissionType }[] = await ctx
      .db('conventions')
      .where({ virtual_room_id: room.id, navigation_mode: 'VIRTUAL_ROOM' })
      .select('id', 'organization_id', 'permission_type');
    for (const convention of conventions) if (!isDenied(await accessState(ctx, 'convention', convention))) return true;
    return false;
  }
  if (kind === 'content') {
    const group: { id: string; organization_id: string; permission_type: PermissionType } | undefined = await ctx
      .db('content_groups')
      .where({ id: objectId })
      .first('id', 'organization_id', 'permission_type');
    return Boolean(group) && !isDenied(await accessState(ctx, 'content', group!));
  }
  if (kind === 'product') return productVisible(ctx, objectId);
  const page = await ctx.db('content_pages').where({ id: objectId }).first('organization_id', 'state');
  return Boolean(page) && mayShowLinkedPage(ctx.viewer, page);
}

/**
 * A shop product's pictures (issue 31): while the product is visible, to whoever may enter a convention whose shop
 * shows it: the host's own in its convention, a stand's in every convention with a shop that lists the stand
 * (approved) in one of its halls, by that convention's access type.
 */
async function productVisible(ctx: ServiceContext, productId: string): Promise<boolean> {
  const product: { stand_id: string | null; convention_id: string | null; visible: boolean } | undefined = await ctx
    .db('products')
    .where({ id: productId })
    .first('stand_id', 'convention_id', 'visible');
  if (!product?.visible) return false;
  const conventions: { id: string; organization_id: string; permission_type: PermissionType }[] = product.convention_id
    ? await ctx.db('conventions').where({ id: product.convention_id, shop: true }).select('id', 'organization_id', 'permission_type')
    : await ctx
        .db('conventions as c')
        .join('convention_halls as ch', 'ch.convention_id', 'c.id')
        .join('hall_stands as hs', 'hs.hall_id', 'ch.hall_id')
        .where({ 'hs.stand_id': product.stand_id, 'hs.approved': true, 'hs.stand_accepted': true, 'c.shop': true })
        .distinct('c.id', 'c.organization_id', 'c.permission_type');
  for (const convention of conventions) if (!isDenied(await accessState(ctx, 'convention', convention))) return true;
  return false;
}

/** Whether the viewer may download the file. */
export async function mayReadFile(ctx: ServiceContext, file: Pick<UploadedFile, 'id' | 'is_public' | 'uploaded_by_id' | 'organization_id'>): Promise<boolean> {
  if (file.is_public) return true;
  const viewer = ctx.viewer;
  if (viewer && (file.uploaded_by_id === viewer.userId || isMember(viewer, file.organization_id))) return true;
  const uses: { kind: FileUseKind; object_id: string }[] = await ctx.db('file_uses').where({ file_id: file.id }).select('kind', 'object_id');
  for (const use of uses) {
    if (await useVisible(ctx, use.kind, use.object_id)) return true;
  }
  return false;
}
