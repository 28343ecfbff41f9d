import { Readable } from 'node:stream';
import { Package } from '~/lib/features';
import { uploadFile } from '~/server/services/files/files.server';
import type { TestApp } from '../helpers/app';
import { addMember, createConvention, createOrganization, createUser } from '../fixtures/factories';
import { png } from './files-fixtures';

/**
 * A host (event feature) with an owner and a sales user, an exhibitor organisation (event feature), an
 * organisation without the event feature, and a public, active convention of the host.
 */
export async function eventsWorld(t: TestApp) {
  const db = t.app.db;
  const en = { default_language: 'EN' };
  const host = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const exhibitor = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const basicOnly = await createOrganization(db, { suites: Package.BASIC });
  const owner = await createUser(db, en);
  const sales = await createUser(db, en);
  const stranger = await createUser(db, en);
  const noFeature = await createUser(db, en);
  await addMember(db, host.id, owner.id, { role: 'admin', isOwner: true });
  await addMember(db, host.id, sales.id, { role: 'sales', sales: true });
  await addMember(db, exhibitor.id, stranger.id, { role: 'admin', isOwner: true });
  await addMember(db, basicOnly.id, noFeature.id, { role: 'admin', isOwner: true });
  const convention = await createConvention(db, { organization_id: host.id, title: 'Messe', active: true, permission_type: 'PUBLIC' });
  return { host, exhibitor, basicOnly, owner, sales, stranger, noFeature, convention };
}

/** Stores a real PNG of that size as a file of the user's current organisation. */
export async function image(t: TestApp, userId: string, width: number, height: number): Promise<string> {
  const ctx = await t.serviceContext(userId);
  const file = await uploadFile(ctx, { stream: Readable.from([png(width, height)]), filename: `img-${width}x${height}.png` });
  return file.id;
}

export async function as(t: TestApp, userId: string | null): Promise<Record<string, string>> {
  return userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
}

type Body = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** "ok", the payload's error code, or the top-level error's code. */
export function outcome(body: Body, field: string): string {
  if (body.errors?.length) return String(body.errors[0].extensions?.code);
  const p = (body.data as Record<string, { error?: { code: string } | null } | null>)[field];
  return p && 'error' in p && p.error ? p.error.code : 'ok';
}
