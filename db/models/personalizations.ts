import { Model, type RelationMappingsThunk } from 'objection';
import { BaseModel } from './base';
import { UploadedFile } from './files';
import { Organization } from './organizations';

export type LogoPosition = 'LEFT' | 'MIDDLE' | 'RIGHT';

/** An organisation's look for its public pages: logo, favicon, colours, imprint and data privacy texts. */
export class Personalization extends BaseModel {
  static override tableName = 'personalizations';

  declare organization_id: string;
  declare slug: string;
  declare title: string;
  declare logo_id: string | null;
  declare favicon_id: string | null;
  declare logo_position: LogoPosition;
  declare logo_width: number;
  declare primary_color: string;
  declare secondary_color: string;
  declare imprint: string;
  declare data_privacy: string;

  declare organization?: Organization;
  declare logo?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'personalizations.organization_id', to: 'organizations.id' },
    },
    logo: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'personalizations.logo_id', to: 'files.id' },
    },
  });
}

/** A group of an organisation's public pages under one personalization. */
export class Publicsite extends BaseModel {
  static override tableName = 'publicsites';

  declare organization_id: string;
  declare name: string;
  declare slug: string;
  declare personalization_id: string | null;
}
