import type { Knex } from 'knex';
import * as m0001 from './0001_foundation';
import * as m0003 from './0003_accounts';
import * as m0004 from './0004_organizations';
import * as m0005 from './0005_conventions';
import * as m0006 from './0006_halls_stands';
import * as m0007 from './0007_object_access';
import * as m0008 from './0008_on_demand_slug';
import * as m0009 from './0009_hall_stand_consent';
import * as m0010 from './0010_video_thumbnails';
import * as m0011 from './0011_safe_links';
import * as m0012 from './0012_content';
import * as m0013 from './0013_personalizations';
import * as m0014 from './0014_data_change_notifications';
import * as m0015 from './0015_publicsites';
import * as m0016 from './0016_icons';
import * as m0016b from './0016_object_access_content';
import * as m0017 from './0017_content_pages';
import * as m0018 from './0018_virtual_rooms';
import * as m0019 from './0019_leads';
import * as m0020 from './0020_content_page_sources';
import * as m0021 from './0021_file_uses';
import * as m0022 from './0022_pages_use_default_personalization';
import * as m0023 from './0023_lead_mail_requests';
import * as m0024 from './0024_room_file_uses';
import * as m0026 from './0026_appointments';
import * as m0028 from './0028_chats';
import * as m0029 from './0029_email_management';
import * as m0030 from './0030_analytics';
import * as m0031 from './0031_shop';
import * as m0033 from './0033_item_translations';
import * as m0037 from './0037_analytics_hourly_recurring';
import * as m0039 from './0039_chat_operator_windows';
import * as m0040 from './0040_visitor_bookmarks';
import * as m0041 from './0041_analytics_live_funnel';
import * as m0042 from './0042_viewer_change_notifications';
import * as m0034 from './0034_content_page_drafts';
import * as m0035 from './0035_product_pictures';

/**
 * Every migration, in order. Migrations are bundled with the server (no file-system scan at run time),
 * so a new migration file must be listed here; a unit test checks that none is forgotten.
 */
const migrations: Record<string, Knex.Migration> = {
  '0001_foundation': m0001,
  '0003_accounts': m0003,
  '0004_organizations': m0004,
  '0005_conventions': m0005,
  '0006_halls_stands': m0006,
  '0007_object_access': m0007,
  '0008_on_demand_slug': m0008,
  '0009_hall_stand_consent': m0009,
  '0010_video_thumbnails': m0010,
  '0011_safe_links': m0011,
  '0012_content': m0012,
  '0013_personalizations': m0013,
  '0014_data_change_notifications': m0014,
  '0015_publicsites': m0015,
  '0016_icons': m0016,
  '0016_object_access_content': m0016b,
  '0017_content_pages': m0017,
  '0018_virtual_rooms': m0018,
  '0019_leads': m0019,
  '0020_content_page_sources': m0020,
  '0021_file_uses': m0021,
  '0022_pages_use_default_personalization': m0022,
  '0023_lead_mail_requests': m0023,
  '0024_room_file_uses': m0024,
  '0026_appointments': m0026,
  '0028_chats': m0028,
  '0029_email_management': m0029,
  '0030_analytics': m0030,
  '0031_shop': m0031,
  '0033_item_translations': m0033,
  '0034_content_page_drafts': m0034,
  '0035_product_pictures': m0035,
  '0037_analytics_hourly_recurring': m0037,
  '0039_chat_operator_windows': m0039,
  '0040_visitor_bookmarks': m0040,
  '0041_analytics_live_funnel': m0041,
  '0042_viewer_change_notifications': m0042,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export const migrationNames = Object.keys(migrations);
