import { Model, type RelationMappingsThunk } from 'objection';
import { BaseModel, translationModel } from './base';
import { Convention } from './conventions';
import { UploadedFile } from './files';
import { Organization } from './organizations';

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
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'stages.organization_id', to: 'organizations.id' },
    },
    translations: {
      relation: Model.HasManyRelation,
      modelClass: StageTranslation,
      join: { from: 'stages.id', to: 'stage_translations.stage_id' },
    },
    thumbnail: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'stages.thumbnail_id', to: 'files.id' },
    },
    scheduleEntries: {
      relation: Model.HasManyRelation,
      modelClass: ScheduleEntry,
      join: { from: 'stages.id', to: 'schedule_entries.stage_id' },
    },
    conventions: {
      relation: Model.ManyToManyRelation,
      modelClass: Convention,
      join: {
        from: 'stages.id',
        through: { from: 'convention_stages.stage_id', to: 'convention_stages.convention_id' },
        to: 'conventions.id',
      },
    },
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
    stage: {
      relation: Model.BelongsToOneRelation,
      modelClass: Stage,
      join: { from: 'schedule_entries.stage_id', to: 'stages.id' },
    },
    translations: {
      relation: Model.HasManyRelation,
      modelClass: ScheduleEntryTranslation,
      join: { from: 'schedule_entries.id', to: 'schedule_entry_translations.schedule_entry_id' },
    },
    speakerOrganization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'schedule_entries.speaker_organization_id', to: 'organizations.id' },
    },
    thumbnail: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'schedule_entries.thumbnail_id', to: 'files.id' },
    },
  });
}

export class ScheduleEntryTranslation extends translationModel('schedule_entry_translations', 'schedule_entry_id') {
  declare schedule_entry_id: string;
}
