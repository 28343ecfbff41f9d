import { z } from 'zod';
import { PermissionEmailSchema } from './access';

/**
 * The console forms of access keys and object permissions (conventions, halls, in-house fairs), shared by the
 * browser's validation and the actions.
 */

export const TokenForm = z.object({
  intent: z.literal('createToken'),
  token: z.string().trim().max(100).regex(/^[A-Za-z0-9_-]+$/).optional(),
  limit: z.coerce.number().int().min(1).max(1_000_000),
});

/** The organiser lets a registered person in without a key. */
export const PermissionAddForm = z.object({ intent: z.literal('addPermission') }).merge(PermissionEmailSchema);
