import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo } from './relations';

export type IconKind = 'PNG' | 'SVG';

/** A small picture of an organisation: a PNG file, or an SVG kept as its sanitised markup. */
export class Icon extends BaseModel {
  static override tableName = 'icons';

  declare organization_id: string;
  declare kind: IconKind;
  declare filename: string;
  declare file_id: string | null;
  declare svg: string | null;

  declare organization?: Organization;
  declare file?: UploadedFile | null;

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'icons.organization_id'),
    file: belongsTo(UploadedFile, 'icons.file_id'),
  });
}
