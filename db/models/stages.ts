import type { RelationMappingsThunk } from 'objection';
import { BaseModel, translationModel } from './base';
import { Convention } from './conventions';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo, hasMany, manyToMany } from './relations';

/** A stage with a live stream; standalone (`/stage/{slug}`) or the stage of one convention. */
export class Stage extends BaseModel {
  static override tableName = 'stages';

  declare organization_id: string;
  declare slug: string;
  declare title: string;
  declare stream: string;
  declare thumbnail_id: string | null;

  declare organization?: Organization;
  declare translations?: StageTranslation[];
  declare thumbnail?: UploadedFile | null;
  declare scheduleEntries?: ScheduleEntry[];
  declare conventions?: Convention[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'stages.organization_id'),
    translations: hasMany(StageTranslation, 'stages.id', 'stage_translations.stage_id'),
    thumbnail: belongsTo(UploadedFile, 'stages.thumbnail_id'),
    scheduleEntries: hasMany(ScheduleEntry, 'stages.id', 'schedule_entries.stage_id'),
    conventions: manyToMany(Convention, 'stages.id', { from: 'convention_stages.stage_id', to: 'convention_stages.convention_id' }, 'conventions.id'),
  });
}

export class StageTranslation extends translationModel('stage_translations', 'stage_id') {
  declare stage_id: string;
}

/** A programme item on a stage. */
export class ScheduleEntry extends BaseModel {
  static override tableName = 'schedule_entries';

  declare stage_id: string;
  declare starts_at: Date;
  declare ends_at: Date;
  declare speaker: string;
  declare speaker_description: string;
  declare speaker_organization_id: string | null;
  declare thumbnail_id: string | null;

  declare stage?: Stage;
  declare translations?: ScheduleEntryTranslation[];
  declare speakerOrganization?: Organization | null;
  declare thumbnail?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    stage: belongsTo(Stage, 'schedule_entries.stage_id'),
    translations: hasMany(ScheduleEntryTranslation, 'schedule_entries.id', 'schedule_entry_translations.schedule_entry_id'),
    speakerOrganization: belongsTo(Organization, 'schedule_entries.speaker_organization_id'),
    thumbnail: belongsTo(UploadedFile, 'schedule_entries.thumbnail_id'),
  });
}

export class ScheduleEntryTranslation extends translationModel('schedule_entry_translations', 'schedule_entry_id') {
  declare schedule_entry_id: string;
}
