import { Model } from 'objection';
import { BaseModel } from './base';

/** The pages whose views are recorded (issue 30); `infopoint` and `other` count for their convention only. */
export type AnalyticsPageKind = 'convention' | 'hall' | 'stand' | 'stage' | 'room' | 'content' | 'exhibition' | 'infopoint' | 'other';
/** The objects statistics are kept for (each owned by one organisation). */
export type AnalyticsScopeKind = 'convention' | 'exhibition' | 'hall' | 'stand' | 'stage' | 'content' | 'room';
/** The breakdowns kept per day: countries, browsers, operating systems, devices, pages and paths (from → to). */
export type AnalyticsDim = 'country' | 'browser' | 'os' | 'device' | 'page' | 'path';

/** One consented page view (partitioned by month; no address, no user agent, the visitor a keyed daily hash). */
export class AnalyticsEvent extends Model {
  static override tableName = 'analytics_events';
  static override idColumn = ['at', 'id'];

  declare id: string;
  declare at: Date;
  declare page_kind: AnalyticsPageKind;
  declare path: string;
  declare from_path: string | null;
  declare convention_id: string | null;
  declare exhibition_id: string | null;
  declare hall_id: string | null;
  declare stand_id: string | null;
  declare stage_id: string | null;
  declare content_page_id: string | null;
  declare room_id: string | null;
  declare visitor: Buffer;
  declare prev_visitor: Buffer | null;
  declare country: string | null;
  declare browser: string;
  declare os: string;
  declare device: string;
  declare duration_ms: number | null;
}

/** The random salt of one UTC day (today's and yesterday's are kept). */
export class AnalyticsSalt extends BaseModel {
  static override tableName = 'analytics_salts';

  declare day: string;
  declare salt: Buffer;
}

/** Views, visitors and time on page of one scope object in one hour. */
export class AnalyticsHourly extends BaseModel {
  static override tableName = 'analytics_hourly';

  declare hour: Date;
  declare scope_kind: AnalyticsScopeKind;
  declare scope_id: string;
  declare organization_id: string;
  declare convention_id: string | null;
  declare hall_id: string | null;
  declare views: number;
  declare visitors: number;
  /** the hour's visitors seen the day before too */
  declare recurring: number;
  declare duration_ms: string;
  declare durations: number;
}

/** Views, unique (per day) and recurring (seen the day before too) visitors and time on page of one scope object in one day. */
export class AnalyticsDaily extends BaseModel {
  static override tableName = 'analytics_daily';

  declare day: string;
  declare scope_kind: AnalyticsScopeKind;
  declare scope_id: string;
  declare organization_id: string;
  declare convention_id: string | null;
  declare hall_id: string | null;
  declare views: number;
  declare visitors: number;
  declare recurring: number;
  declare duration_ms: string;
  declare durations: number;
}

/** One day's views and visitors of a scope object by country, browser, OS, device, page or path. */
export class AnalyticsDailyDim extends BaseModel {
  static override tableName = 'analytics_daily_dims';

  declare day: string;
  declare scope_kind: AnalyticsScopeKind;
  declare scope_id: string;
  declare organization_id: string;
  declare dim: AnalyticsDim;
  declare key: string;
  declare views: number;
  declare visitors: number;
}

/**
 * Today's live funnel of a convention as the analytics job counted it up to its mark: a hall's visitors (no stand),
 * or a stand's visitors who saw the hall too, of them in its room, of those at an info point (services/analytics/funnel.ts).
 */
export class AnalyticsFunnel extends Model {
  static override tableName = 'analytics_funnel';

  declare id: string;
  declare day: string;
  declare convention_id: string;
  declare hall_id: string;
  declare stand_id: string | null;
  declare visitors: number;
  declare room: number;
  declare info: number;
}

/** Up to which moment of a day the job counted the live funnel. */
export class AnalyticsFunnelMark extends Model {
  static override tableName = 'analytics_funnel_marks';
  static override idColumn = 'day';

  declare day: string;
  declare through: Date;
}
