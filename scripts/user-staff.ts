// `npm run user:staff -- <email>`: makes an existing user platform staff. Staff act through an organisation with
// the platform-admin suite (bit 512); when the user has none, they join the platform organisation (created on
// first use) and it becomes their default organisation.
import { Feature, Package } from '../app/lib/features';
import { loadEnv } from '../app/server/env.server';
import { createDb, migrateLatest } from '../db/connection';

const PLATFORM_SLUG = 'plattform';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run user:staff -- <email>');
    process.exit(2);
  }
  const env = loadEnv();
  const db = createDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await migrateLatest(db);
    const user = await db('users').whereRaw('lower(email) = ?', [email]).first('id', 'email');
    if (!user) {
      console.error(`No user with the e-mail address ${email}. Register first, then run this again.`);
      process.exitCode = 1;
      return;
    }
    await db.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ is_staff: true, updated_at: trx.fn.now() });
      const adminMembership = await trx('organization_members as m')
        .join('organizations as o', 'o.id', 'm.organization_id')
        .where('m.user_id', user.id)
        .whereRaw('(o.suites & ?) = ?', [Feature.platformAdmin, Feature.platformAdmin])
        .first('o.id');
      if (adminMembership) {
        await trx('users').where({ id: user.id }).update({ default_organization_id: adminMembership.id });
        return;
      }
      let platform = await trx('organizations').where({ slug: PLATFORM_SLUG }).first('id');
      if (!platform) {
        [platform] = await trx('organizations')
          .insert({ name: 'Plattform-Betrieb', slug: PLATFORM_SLUG, suites: Package.BASIC | Feature.platformAdmin })
          .returning('id');
      }
      await trx('organization_members')
        .insert({ organization_id: platform.id, user_id: user.id, role: 'admin' })
        .onConflict(['organization_id', 'user_id'])
        .ignore();
      await trx('users').where({ id: user.id }).update({ default_organization_id: platform.id });
    });
    console.log(`${user.email} is now platform staff. The change applies at their next request.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
