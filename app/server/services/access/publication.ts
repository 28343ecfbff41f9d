import crypto from 'node:crypto';
import type { ContentPage } from '#db/models/index';
import type { Viewer } from '../../viewer.server';
import { mayEditContent } from '../content/policy';
import { isMember } from './membership';

/**
 * The rule of content pages, which have no access type: a page is private until published; published, it is seen at
 * its own address with the link's current token (spec 000 point 4: unpublishing invalidates the QR code and the links
 * already sent; publishing again issues new ones) and inside the objects that link it; its editors see every state.
 */

export type PageAccess = Pick<ContentPage, 'organization_id' | 'state' | 'publish_token'>;

export function mayEditPage(viewer: Viewer | null, page: Pick<ContentPage, 'organization_id'>): boolean {
  return mayEditContent(viewer, page.organization_id);
}

/** Same strings, compared in constant time (a token link must not leak its token by timing). */
export function tokenMatches(expected: string | null, given: string | null | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * What a visitor may see of a page at its own address (`/content/{slug}`):
 * - its editors: every state, no token needed (the builder's preview);
 * - members of its organisation (sales users sending it to leads): when published;
 * - anyone else: when published and the link carries the current token.
 * `'stale-token'` says the link carried a token that is no longer (or never was) the page's.
 */
export function pageVisibility(viewer: Viewer | null, page: PageAccess, token: string | null | undefined): 'visible' | 'stale-token' | 'hidden' {
  if (mayEditPage(viewer, page)) return 'visible';
  if (page.state === 'PUBLISHED') {
    if (tokenMatches(page.publish_token, token)) return 'visible';
    if (isMember(viewer, page.organization_id)) return 'visible';
  }
  return token ? 'stale-token' : 'hidden';
}

/** A page shown inside another object (a convention's page, a foyer or reference point, an on-demand item): published only. */
export function mayShowLinkedPage(viewer: Viewer | null, page: Pick<ContentPage, 'organization_id' | 'state'>): boolean {
  return page.state === 'PUBLISHED' || mayEditPage(viewer, page);
}

/** A new publication's token: 32 random bytes, URL-safe. */
export function newPublishToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
