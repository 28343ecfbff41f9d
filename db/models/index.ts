import { AccountToken, Address, LoginThrottle, RefreshToken, Session, User } from './accounts';
import { ObjectPermission, ObjectToken } from './access';
import { ContentGroup, ContentGroupLike, ContentGroupTag, ContentObject, ContentTag } from './content';
import { ContentPage, ContentPageTag, ContentPageTranslation } from './content-pages';
import { Convention, ConventionStage, ConventionTranslation, FoyerPoint, ImageFoyer, OnDemandContent } from './conventions';
import { Exhibition } from './exhibitions';
import { Icon } from './icons';
import { UploadedFile, VideoThumbnail } from './files';
import { ConventionHall, Hall, HallStand, HallTranslation } from './halls';
import { Invite, Organization, OrganizationMember } from './organizations';
import { OutboxMessage } from './outbox';
import { Personalization, Publicsite } from './personalizations';
import { ScheduleEntry, ScheduleEntryTranslation, Stage, StageTranslation } from './stages';
import { BaseStand, Point, PointTranslation, StandNode, StandTranslation } from './stands';
import { VirtualRoom, VirtualRoomInfoPoint, VirtualRoomNavPoint, VirtualRoomPano, VirtualRoomTourStep } from './virtual-rooms';
import { Lead, LeadContentPage, LeadForm, LeadFormContentPage, LeadTag, LeadTrack } from './leads';

export * from './base';
export * from './accounts';
export * from './access';
export * from './content';
export * from './content-pages';
export * from './conventions';
export * from './exhibitions';
export * from './files';
export * from './icons';
export * from './halls';
export * from './organizations';
export * from './outbox';
export * from './personalizations';
export * from './stages';
export * from './stands';
export * from './virtual-rooms';
export * from './leads';

/** One model per table; a test checks them against the migrated schema. */
export const MODELS = [
  User,
  Session,
  Address,
  AccountToken,
  RefreshToken,
  LoginThrottle,
  Organization,
  OrganizationMember,
  Invite,
  UploadedFile,
  VideoThumbnail,
  OutboxMessage,
  Convention,
  ConventionTranslation,
  ConventionStage,
  OnDemandContent,
  ImageFoyer,
  FoyerPoint,
  Stage,
  StageTranslation,
  ScheduleEntry,
  ScheduleEntryTranslation,
  Exhibition,
  Hall,
  HallTranslation,
  ConventionHall,
  HallStand,
  BaseStand,
  StandTranslation,
  StandNode,
  Point,
  PointTranslation,
  ObjectToken,
  ObjectPermission,
  ContentGroup,
  ContentGroupLike,
  ContentObject,
  ContentTag,
  ContentGroupTag,
  ContentPage,
  ContentPageTranslation,
  ContentPageTag,
  Personalization,
  Publicsite,
  Icon,
  VirtualRoom,
  VirtualRoomPano,
  VirtualRoomNavPoint,
  VirtualRoomInfoPoint,
  VirtualRoomTourStep,
  LeadForm,
  LeadFormContentPage,
  Lead,
  LeadTag,
  LeadContentPage,
  LeadTrack,
] as const;
