import { safeNext } from '~/server/guards.server';
import { currentExchange } from '~/server/auth/http-exchange.server';
import {
  addObjectPermission,
  createObjectToken,
  deleteObjectToken,
  listObjectPermissions,
  listObjectTokens,
  objectTokensOf,
  redeemAccessToken,
  removeObjectPermission,
  suspendObjectPermission,
  permissionHolder,
  updateObjectToken,
} from '~/server/services/access/index';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { given, patchOf } from './events-conventions';

/** Access keys, object permissions and the visitor's "enter a key" (spec 001 point 6). */
export const eventsAccessResolvers: Resolvers = {
  Hall: {
    objectTokens: (hall, _args, ctx) => objectTokensOf(ctx.service, 'hall', hall),
  },
  Exhibition: {
    objectTokens: (x, _args, ctx) => objectTokensOf(ctx.service, 'exhibition', x),
  },
  ObjectPermission: {
    user: (p) => permissionHolder(p),
    created: (p) => p.created_at,
  },
  Query: {
    objectPermissions: (_root, args, ctx) => asQuery(() => listObjectPermissions(ctx.service, args.objectId)),
    objectTokens: (_root, args, ctx) => asQuery(() => listObjectTokens(ctx.service, args.objectId)),
  },
  Mutation: {
    objectTokenCreate: (_root, args, ctx) =>
      payload(async () => ({ objectToken: await createObjectToken(ctx.service, given(args.input)) })),
    objectTokenUpdate: (_root, args, ctx) =>
      payload(async () => ({ objectToken: await updateObjectToken(ctx.service, args.id, patchOf(args.input)) })),
    objectTokenDelete: (_root, args, ctx) => payload(() => deleteObjectToken(ctx.service, args.id)).then(withOk),
    objectTokenRedeem: (_root, args, ctx) =>
      payload(async () => {
        const { next } = await redeemAccessToken(
          ctx.service,
          { token: args.input.token, next: safeNext(args.input.next, '') },
          { ip: currentExchange()?.req?.ip ?? null },
        );
        return { next };
      }).then(withOk),
    objectPermissionAddUser: (_root, args, ctx) =>
      payload(async () => ({ objectPermission: await addObjectPermission(ctx.service, args.objectId, args.email) })),
    objectPermissionSuspend: (_root, args, ctx) =>
      payload(async () => ({ objectPermission: await suspendObjectPermission(ctx.service, args.id, args.suspended ?? true) })),
    objectPermissionRemoveUser: (_root, args, ctx) => payload(() => removeObjectPermission(ctx.service, args.id)).then(withOk),
  },
};
