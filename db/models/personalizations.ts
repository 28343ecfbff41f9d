import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo } from './relations';

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
    organization: belongsTo(Organization, 'personalizations.organization_id'),
    logo: belongsTo(UploadedFile, 'personalizations.logo_id'),
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
