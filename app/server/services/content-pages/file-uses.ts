import type { ContentPage } from '#db/models/index';

/** A content page as the object that uses its files (services/access/files.ts serves them while the page is published). */
export const pageUse = (page: Pick<ContentPage, 'id' | 'organization_id'>) => ({ kind: 'page' as const, objectId: page.id, organizationId: page.organization_id });
