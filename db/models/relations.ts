import { Model, type RelationMapping } from 'objection';

/**
 * One declaration per relation of a model, for its `relationMappings` thunk (the thunk runs once every model class
 * exists, so models may name each other):
 *
 *   organization: belongsTo(Organization, 'halls.organization_id'),
 *   stands: hasMany(HallStand, 'halls.id', 'hall_stands.hall_id'),
 *   halls: manyToMany(Hall, 'conventions.id', { from: 'convention_halls.convention_id', to: 'convention_halls.hall_id', extra: ['order'] }, 'halls.id'),
 *
 * Columns are written `table.column`, as objection joins them.
 */
type Related = RelationMapping<Model>['modelClass'] & { tableName: string };
type Column = `${string}.${string}`;

interface Through {
  from: Column;
  to: Column;
  /** columns of the join table read into the related rows */
  extra?: string[];
}

/** This row's column names one row of the other table, by default by its `id`. */
export function belongsTo(modelClass: Related, from: Column, to: Column = `${modelClass.tableName}.id`): RelationMapping<Model> {
  return { relation: Model.BelongsToOneRelation, modelClass, join: { from, to } };
}

/** Rows of the other table whose column `to` names this row's column `from`. */
export function hasMany(modelClass: Related, from: Column, to: Column): RelationMapping<Model> {
  return { relation: Model.HasManyRelation, modelClass, join: { from, to } };
}

/** The one row of the other table whose column `to` names this row's column `from`. */
export function hasOne(modelClass: Related, from: Column, to: Column): RelationMapping<Model> {
  return { relation: Model.HasOneRelation, modelClass, join: { from, to } };
}

/** Rows of the other table reached through a join table. */
export function manyToMany(modelClass: Related, from: Column, through: Through, to: Column): RelationMapping<Model> {
  return { relation: Model.ManyToManyRelation, modelClass, join: { from, through, to } };
}

/** The one row of the other table reached through a join table. */
export function hasOneThrough(modelClass: Related, from: Column, through: Through, to: Column): RelationMapping<Model> {
  return { relation: Model.HasOneThroughRelation, modelClass, join: { from, through, to } };
}
