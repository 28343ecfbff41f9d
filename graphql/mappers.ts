import type { GraphQLFieldResolver } from 'graphql';
import { defaultFieldResolver } from 'graphql';

/**
 * What the resolvers of a GraphQL type receive as parent, for codegen's `mappers` (paths relative to
 * graphql/generated/types.ts): the domain's model, or a row derived from it. Fields named like a column
 * (`supportUrl` for `support_url`) need no resolver, see `columnFieldResolver`.
 */
export const MAPPERS: Record<string, string> = {
  Organization: '../../db/models/index#Organization',
  Member: '../../app/server/services/organizations/members#MemberRow',
  Invite: '../../app/server/services/organizations/invites#InviteRow',
  User: '../../db/models/index#User',
  Avatar: '../../db/models/index#UploadedFile',
  File: '../../db/models/index#UploadedFile',
  Address: '../../app/server/services/accounts/address#Address',
  // events: the models (graphql/parents.ts adds what a parent carries beyond its row)
  Convention: '../parents#ConventionParent',
  ConventionTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  Stage: '../parents#StageParent',
  StageTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  ScheduleEntry: '../parents#ScheduleEntryParent',
  ScheduleTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  OnDemandContent: '../../db/models/index#OnDemandContent',
  OnDemandContentTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  EventOrganization: '../../app/server/services/events/loaders#OrganizationSummary',
  Exhibition: '../../db/models/index#Exhibition',
  Hall: '../parents#HallParent',
  HallTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  HallStand: '../../app/server/services/events/hall-stands#CheckedHallStand',
  BaseStand: '../../db/models/index#BaseStand',
  StandTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  StandOrganization: '../../app/server/services/events/stand-loaders#StandOrganization',
  StandNode: '../../db/models/index#StandNode',
  Point: '../../db/models/index#Point',
  PointTranslation: '../../app/server/services/events/hall-common#TranslationRow',
  ImageFoyer: '../../db/models/index#ImageFoyer',
  FoyerPoint: '../../db/models/index#FoyerPoint',
  ObjectToken: '../../db/models/index#ObjectToken',
  ObjectPermission: '../../app/server/services/access/permissions#ObjectPermissionRow',
  EmailSettings: '../../app/server/services/email/emails#EmailSettingsView',
  Email: '../../app/server/services/email/emails#EmailView',
  EmailTranslatable: '../../app/server/services/email/emails#EmailTranslatableView',
  EmailDelivery: '../../app/server/services/email/deliveries#DeliveryRow',
  EmailDeliveryPage: '../../app/server/services/email/deliveries#DeliveryPage',
  ObjectPermissionUser: '../../app/server/services/access/permissions#ObjectPermissionUser',
  ProgrammeEntry: '../../app/server/services/events/programme#ProgrammeEntry',
  // content pages: the models (a page asked for by slug and language carries that translation)
  ContentPage: '../../app/server/services/content-pages/pages#ContentPageParent',
  ContentPageTranslation: '../../db/models/index#ContentPageTranslation',
  Icon: '../../db/models/index#Icon',
  // leads: the models, and the rows the lead services hand out
  Lead: '../../db/models/index#Lead',
  LeadForm: '../../db/models/index#LeadForm',
  LeadTrack: '../../db/models/index#LeadTrack',
  LeadPerson: '../../app/server/services/leads/relations#LeadPersonRow',
  LeadContentPage: '../../app/server/services/leads/leads#LeadContentPageRow',
  LeadConsent: '../../app/lib/leads/form-schema#LeadConsentProof',
  LeadInformationPage: '../../app/server/services/leads/info#InformationPage',
  PublicLeadForm: '../../app/server/services/leads/forms#PublicLeadForm',
  // appointments: the models and the rows the appointment services hand out
  AppointmentSlot: '../../db/models/index#AppointmentSlot',
  AppointmentBooker: '../../db/models/index#AppointmentSlot',
  AppointmentOrgUser: '../../db/models/index#AppointmentSettings',
  AppointmentContactPerson: '../../app/server/services/appointments/slots#ContactPersonRow',
  AppointmentBooking: '../../app/server/services/appointments/booking#BookingResult',
  AppointmentMeeting: '../../app/server/services/appointments/meeting#MeetingView',
  AppointmentMailDelivery: '../../app/server/services/appointments/meeting#BookingMailState',
  // virtual rooms: the services' records (panos and tour steps resolved through the rooms service)
  VirtualRoom: '../../app/server/services/virtual-rooms/types#VirtualRoom',
  TourStep: '../../app/server/services/virtual-rooms/types#TourStepRecord',
  InfoPoint: '../../app/server/services/virtual-rooms/types#InfoPointRecord',
  TourStepTranslation: '../../app/server/services/virtual-rooms/texts#ItemTextRow',
  InfoPointTranslation: '../../app/server/services/virtual-rooms/texts#ItemTextRow',
  // chats: the services' rows
  ChatSettings: '../../app/server/services/chats/settings#ChatSettingsView',
  ChatOperator: '../../app/server/services/chats/settings#ChatOperatorRow',
  ChatConversation: '../../app/server/services/chats/conversations#ChatConversationRow',
  ChatMessage: '../../db/models/index#ChatMessage',
  ChatWidget: '../../app/server/services/chats/settings#WidgetState',
  // enums with internal values (ENUM_VALUES) are named here too, so resolvers return the internal value's type
  MemberRoleEnum: '../../db/models/index#MemberRole',
  FeatureEnum: '../../app/lib/features#FeatureName',
};

/** Enum values as the services hold them (codegen's `enumValues`, and the schema's internal values). */
export const ENUM_VALUES = {
  MemberRoleEnum: { ADMIN: 'admin', SALES: 'sales' },
  FeatureEnum: {
    CONTENT: 'content',
    PERSONALIZATION: 'personalization',
    USER_MANAGEMENT: 'userManagement',
    LEAD: 'lead',
    SALES_HUB: 'salesHub',
    EVENT: 'event',
    EMAIL: 'email',
    CHATS: 'chats',
    APPOINTMENT: 'appointment',
    PLATFORM_ADMIN: 'platformAdmin',
    LEAD_TRACKING: 'leadTracking',
    DLG: 'dlg',
  },
} as const;

/** The column a field reads when its parent has no property of the field's name: `streetAddress1` -> `street_address_1`. */
export function columnName(fieldName: string): string {
  return fieldName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1_$2')
    .toLowerCase();
}

/**
 * The schema's default field resolver: the parent's property of the field's name (graphql-js's default), else the
 * column of that name in snake_case. Models keep their database column names (decision 009), so the API's
 * camelCase fields need no resolver that only renames a column.
 */
export const columnFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (source !== null && typeof source === 'object' && !(info.fieldName in source)) {
    const column = columnName(info.fieldName);
    if (column in source) return (source as Record<string, unknown>)[column];
  }
  return defaultFieldResolver(source, args, context, info);
};
