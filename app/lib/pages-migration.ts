import { defineGuards } from '~/lib/guards';

/** Who opens the migration pages (spec 000 point 2: admin feature; issue 16); the service checks the role too. */
export const migrationGuards = defineGuards({ organization: true, feature: 'platformAdmin' });
