import { Model } from 'objection';
import { MODEL_MODULES } from './registry.generated';

export * from './base';
export * from './registry.generated';

/** A model class: an objection Model with a table (the abstract bases in base.ts have none). */
export type ModelClass = typeof Model;

function isModel(value: unknown): value is ModelClass {
  return typeof value === 'function' && value.prototype instanceof Model && typeof (value as ModelClass).tableName === 'string';
}

/**
 * One model per table: every model class the modules of db/models export (registry.generated.ts lists the
 * modules; a new domain adds its file and runs `npm run codegen`). tests/integration/models.test.ts checks them
 * against the migrated schema.
 */
export const MODELS: readonly ModelClass[] = Object.values(MODEL_MODULES).flatMap((module) => Object.values(module).filter(isModel));
