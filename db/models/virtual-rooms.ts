import type { RelationMappingsThunk } from 'objection';
import { BaseModel, translationModel } from './base';
import { ContentPage } from './content-pages';
import { UploadedFile } from './files';
import { Icon } from './icons';
import { Organization } from './organizations';
import { belongsTo, hasMany } from './relations';

export type VirtualRoomAccessType = 'PUBLIC' | 'LOGGED_IN' | 'TOKEN';

/**
 * A virtual 360° room of an organisation (spec 000 point 3): slug (unique across organisations), name, access type
 * and its initial view (pano, azimuthal and polar angle in radians, focal length in mm), all four set or none.
 */
export class VirtualRoom extends BaseModel {
  static override tableName = 'virtual_rooms';

  declare organization_id: string;
  declare slug: string;
  declare name: string;
  declare access_type: VirtualRoomAccessType;
  declare initial_pano_id: string | null;
  declare initial_azimuthal_angle: number | null;
  declare initial_polar_angle: number | null;
  declare initial_focal_length: number | null;

  declare organization?: Organization;
  declare panos?: VirtualRoomPano[];
  declare tourSteps?: VirtualRoomTourStep[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'virtual_rooms.organization_id'),
    panos: hasMany(VirtualRoomPano, 'virtual_rooms.id', 'virtual_room_panos.virtual_room_id'),
    tourSteps: hasMany(VirtualRoomTourStep, 'virtual_rooms.id', 'virtual_room_tour_steps.virtual_room_id'),
  });
}

/** A 2:1 panorama of a room with its own (optional) initial view. */
export class VirtualRoomPano extends BaseModel {
  static override tableName = 'virtual_room_panos';

  declare virtual_room_id: string;
  declare file_id: string;
  declare name: string;
  declare sort: number;
  declare initial_azimuthal_angle: number | null;
  declare initial_polar_angle: number | null;
  declare initial_focal_length: number | null;

  declare room?: VirtualRoom;
  declare file?: UploadedFile;

  static override relationMappings: RelationMappingsThunk = () => ({
    room: belongsTo(VirtualRoom, 'virtual_room_panos.virtual_room_id'),
    file: belongsTo(UploadedFile, 'virtual_room_panos.file_id'),
  });
}

/** A navigation point on a pano at x, y, z (unit sphere) with exactly one destination. */
export class VirtualRoomNavPoint extends BaseModel {
  static override tableName = 'virtual_room_nav_points';

  declare pano_id: string;
  declare x: number;
  declare y: number;
  declare z: number;
  declare icon_id: string | null;
  declare target_pano_id: string | null;
  declare url: string | null;
  declare hall_id: string | null;
  declare hall_stand_id: string | null;
  declare stage_id: string | null;
  declare convention_id: string | null;

  declare pano?: VirtualRoomPano;
  declare icon?: Icon | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    pano: belongsTo(VirtualRoomPano, 'virtual_room_nav_points.pano_id'),
    icon: belongsTo(Icon, 'virtual_room_nav_points.icon_id'),
  });
}

/** An info point on a pano: a content page or an https iframe; `auth` lets only logged-in visitors open it. */
export class VirtualRoomInfoPoint extends BaseModel {
  static override tableName = 'virtual_room_info_points';

  declare pano_id: string;
  declare x: number;
  declare y: number;
  declare z: number;
  declare icon_id: string | null;
  declare auth: boolean;
  declare content_page_id: string | null;
  declare iframe_title: string | null;
  declare iframe_url: string | null;

  declare pano?: VirtualRoomPano;
  declare icon?: Icon | null;
  declare contentPage?: ContentPage | null;
  declare translations?: VirtualRoomInfoPointTranslation[];

  static override relationMappings: RelationMappingsThunk = () => ({
    pano: belongsTo(VirtualRoomPano, 'virtual_room_info_points.pano_id'),
    icon: belongsTo(Icon, 'virtual_room_info_points.icon_id'),
    contentPage: belongsTo(ContentPage, 'virtual_room_info_points.content_page_id'),
    translations: hasMany(VirtualRoomInfoPointTranslation, 'virtual_room_info_points.id', 'virtual_room_info_point_translations.info_point_id'),
  });
}

/** An info point's embedded page title in one language (`title`; issue 24 item 21). */
export class VirtualRoomInfoPointTranslation extends translationModel('virtual_room_info_point_translations', 'info_point_id') {
  declare info_point_id: string;
}

/** A step of the room's tour: a pano and a view, a title and text, optional audio and info point, in order. */
export class VirtualRoomTourStep extends BaseModel {
  static override tableName = 'virtual_room_tour_steps';

  declare virtual_room_id: string;
  declare pano_id: string;
  declare title: string;
  declare text: string;
  declare audio_file_id: string | null;
  declare azimuthal_angle: number;
  declare polar_angle: number;
  declare focal_length: number;
  declare info_point_id: string | null;
  declare sort: number;

  declare room?: VirtualRoom;
  declare pano?: VirtualRoomPano;
  declare translations?: VirtualRoomTourStepTranslation[];

  static override relationMappings: RelationMappingsThunk = () => ({
    room: belongsTo(VirtualRoom, 'virtual_room_tour_steps.virtual_room_id'),
    pano: belongsTo(VirtualRoomPano, 'virtual_room_tour_steps.pano_id'),
    translations: hasMany(VirtualRoomTourStepTranslation, 'virtual_room_tour_steps.id', 'virtual_room_tour_step_translations.tour_step_id'),
  });
}

/** A tour step's title and text (`description`) in one language (issue 24 item 21). */
export class VirtualRoomTourStepTranslation extends translationModel('virtual_room_tour_step_translations', 'tour_step_id') {
  declare tour_step_id: string;
}
