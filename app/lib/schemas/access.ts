import { z } from 'zod';

/**
 * Access to visitor objects (spec 001 point 6): the /token form and objectTokenRedeem, and the organiser's
 * "add a person by e-mail" box. Shared by the browser's validation, the page action and the service.
 */

/** The key a visitor types: surrounding blanks are dropped, the key itself is compared exactly. */
export const AccessKeySchema = z.string().trim().min(1).max(100);

export const AccessTokenSchema = z.object({
  token: AccessKeySchema,
  /** where to continue: the protected page the visitor came from */
  next: z.string().max(2000).optional(),
});
export type AccessTokenInput = z.input<typeof AccessTokenSchema>;

export const PermissionEmailSchema = z.object({ email: z.string().trim().min(1).max(254).email() });
