import { Model, type RelationMappingsThunk } from 'objection';
import { BaseModel } from './base';
import { UploadedFile } from './files';
import { Organization } from './organizations';

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
    organization: {
      relation: Model.BelongsToOneRelation,
      modelClass: Organization,
      join: { from: 'icons.organization_id', to: 'organizations.id' },
    },
    file: {
      relation: Model.BelongsToOneRelation,
      modelClass: UploadedFile,
      join: { from: 'icons.file_id', to: 'files.id' },
    },
  });
}
