import { Model, type ModelOptions, type QueryContext } from 'objection';

/** Values of the `language` columns (a check constraint on every translation table). */
export type Language = 'DE' | 'EN';
/** Who may enter a convention, hall or in-house fair (`permission_type`). */
export type PermissionType = 'LOGGED_IN' | 'PUBLIC' | 'TOKEN';

/**
 * Every table with a uuid `id` and `created_at`/`updated_at` (`baseColumns` in the first migration). Properties
 * are named exactly like the columns (snake_case), so a model row and a knex row are the same object shape and
 * hand-written knex queries keep working next to the models. Models are never bound to a global knex: every
 * query names its connection or transaction, `Organization.query(ctx.db)` (docs/decisions/009-domain-shape.md).
 */
export abstract class BaseModel extends Model {
  declare id: string;
  declare created_at: Date;
  declare updated_at: Date;

  /** JSON columns are listed by the models that have them; nothing else is (de)serialised as JSON. */
  static override jsonAttributes: string[] = [];

  override $beforeUpdate(_opt: ModelOptions, _ctx: QueryContext): void {
    this.updated_at = new Date();
  }
}

/** The columns every translation table has (`translationTable` in the migrations), next to its parent's id. */
export abstract class TranslationModel extends BaseModel {
  declare language: Language;
  declare title: string;
  declare description: string;

  /** The column naming the object this text belongs to (`hall_id`), set by `translationModel`. */
  static parentColumn: string;
}

/**
 * The base of one translation table's model: `class HallTranslation extends translationModel('hall_translations',
 * 'hall_id') { declare hall_id: string; }`. It sets the table and `parentColumn`, which the texts loaders batch by
 * (`HallTranslation.parentColumn`), so a new translated entity is one line plus its parent column's declaration
 * (kept in the class so `tests/integration/models.test.ts` reads every column from the source).
 */
export function translationModel<const P extends string>(tableName: string, parentColumn: P) {
  abstract class Translation extends TranslationModel {
    static override tableName = tableName;
    static override parentColumn: P = parentColumn;
  }
  return Translation;
}
