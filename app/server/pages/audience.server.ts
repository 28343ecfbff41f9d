import type { Request as ExpressRequest } from 'express';
import { authenticateRequest } from '../auth/request-auth.server';
import type { AppServices } from '../context.server';
import { permissionSignature } from '../services/access/index';
import { addressOfUser } from '../services/accounts';
import { cartSignature } from '../services/shop';
import { isBusinessCardComplete } from './business-card.server';

/**
 * The audience of a logged-in request (issue 26; visitor-cache.server.ts): everything of its viewer that a visitor
 * page may depend on, as one string: the language, staff, the current organisation with role, owner and sales flags
 * and booked features, all memberships, the object permissions (with their suspension: what the access rule reads),
 * whether the business card is complete (a convention that wants it asks until it is) and the viewer's cart counts
 * (the shop's cart button, issue 31). Viewers with the same audience see the same visitor pages; anything else of a viewer (name, e-mail, the card itself) is personal and the
 * page that shows it says so (RequestContext.personal). GraphQL answers can hold anything of the viewer (`me`), so
 * their audience is the user. Null when the credentials do not hold (the request then goes its own way).
 */
export async function audienceOf(app: AppServices, req: ExpressRequest, kind: 'page' | 'graphql'): Promise<string | null> {
  let auth;
  try {
    auth = await authenticateRequest(app, req, { ignoreAuthorization: kind === 'page' });
  } catch {
    return null;
  }
  const viewer = auth.viewer;
  if (!viewer) return null;
  const [permissions, address, carts] = await Promise.all([permissionSignature(auth.service), addressOfUser(auth.service, viewer.userId), cartSignature(auth.service)]);
  return JSON.stringify([
    kind === 'graphql' ? viewer.userId : null,
    auth.auth,
    auth.language,
    viewer.isStaff,
    viewer.organization?.id ?? null,
    viewer.role,
    viewer.isOwner,
    viewer.sales,
    viewer.features,
    viewer.organizations.map((o) => o.id).sort(),
    permissions,
    isBusinessCardComplete(address),
    carts,
  ]);
}
