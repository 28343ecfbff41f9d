import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS } from '#db/models/index';
import { freshDatabase, type TestDatabase } from '../helpers/database';

/** knex's own bookkeeping; every other table has a model. */
const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

interface DeclaredProperty {
  name: string;
  nullable: boolean;
}

/**
 * The `declare`d instance properties of every class in db/models, inherited ones included, read from the source
 * (`declare` fields leave nothing behind at run time). A property is nullable when its type names `null`.
 */
function declaredProperties(): Map<string, DeclaredProperty[]> {
  const dir = path.resolve(__dirname, '../../db/models');
  const own = new Map<string, { parent: string | null; properties: DeclaredProperty[] }>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const base = node.heritageClauses?.[0]?.types[0]?.expression;
      // `extends translationModel('x_translations', 'x_id')` inherits TranslationModel's columns
      const parent = base && ts.isCallExpression(base) && base.expression.getText(source) === 'translationModel' ? 'TranslationModel' : (base?.getText(source) ?? null);
      const properties: DeclaredProperty[] = [];
      for (const member of node.members) {
        if (!ts.isPropertyDeclaration(member)) continue;
        const modifiers = ts.getModifiers(member) ?? [];
        if (!modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
        if (modifiers.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
        const type = member.type?.getText(source) ?? '';
        properties.push({ name: member.name.getText(source), nullable: /\bnull\b/.test(type) || Boolean(member.questionToken) });
      }
      own.set(node.name.text, { parent, properties });
    });
  }
  const all = new Map<string, DeclaredProperty[]>();
  for (const name of own.keys()) {
    const properties: DeclaredProperty[] = [];
    for (let current: string | null = name; current && own.has(current); current = own.get(current)!.parent) {
      properties.push(...own.get(current)!.properties);
    }
    all.set(name, properties);
  }
  return all;
}

let database: TestDatabase;
let columns: Map<string, Map<string, { nullable: boolean }>>;

beforeAll(async () => {
  database = await freshDatabase();
  const rows: { table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }[] = await database
    .db('information_schema.columns')
    .where({ table_schema: 'public' })
    .select('table_name', 'column_name', 'is_nullable');
  columns = new Map();
  for (const row of rows) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
    columns.get(row.table_name)!.set(row.column_name, { nullable: row.is_nullable === 'YES' });
  }
});
afterAll(() => database.drop());

describe('db/models', () => {
  it('has one model for every table of the migrated schema', () => {
    const tables = [...columns.keys()].filter((t) => !KNEX_TABLES.includes(t)).sort();
    const modelled = MODELS.map((m) => m.tableName).sort();
    expect(modelled).toEqual(tables);
  });

  it('declares exactly the columns of its table, nullable where the column is', () => {
    const declared = declaredProperties();
    for (const model of MODELS) {
      const relations = Object.keys(model.getRelations());
      const properties = declared.get(model.name);
      expect(properties, `${model.name} is not a class declared in db/models`).toBeDefined();
      const columnProperties = properties!.filter((p) => !relations.includes(p.name));
      const table = columns.get(model.tableName)!;
      expect(columnProperties.map((p) => p.name).sort(), `columns of ${model.name} (${model.tableName})`).toEqual(
        [...table.keys()].sort(),
      );
      for (const property of columnProperties) {
        expect(property.nullable, `nullability of ${model.tableName}.${property.name}`).toBe(table.get(property.name)!.nullable);
      }
    }
  });

  it('batches the texts of a translated entity by a parent column its table has', async () => {
    const { TranslationModel } = await import('#db/models/index');
    const translations = MODELS.filter((m) => m.prototype instanceof TranslationModel) as unknown as { tableName: string; parentColumn: string; name: string }[];
    expect(translations.length).toBeGreaterThanOrEqual(6);
    for (const model of translations) expect(columns.get(model.tableName)!.has(model.parentColumn), `${model.name}.parentColumn`).toBe(true);
  });

  it('declares every relation as an optional property of the model', () => {
    const declared = declaredProperties();
    for (const model of MODELS) {
      const names = declared.get(model.name)!.map((p) => p.name);
      for (const relation of Object.keys(model.getRelations())) expect(names, `${model.name}.${relation}`).toContain(relation);
    }
  });

  it('reads and writes through the request connection: a model row is the table row', async () => {
    const { Organization, OrganizationMember, User } = await import('#db/models/index');
    const trx = await database.db.transaction();
    try {
      const org = await Organization.query(trx).insertAndFetch({ name: 'Model GmbH', slug: 'model-gmbh' });
      const user = await User.query(trx).insertAndFetch({ email: 'model@test.example', is_active: true });
      await OrganizationMember.query(trx).insert({ organization_id: org.id, user_id: user.id, role: 'admin', is_owner: true });
      expect(org).toMatchObject({ suites: 0, is_active: true, country: 'DE', email: null });
      const before = org.updated_at;
      const patched = await Organization.query(trx).patchAndFetchById(org.id, { city: 'Köln' });
      expect(patched.city).toBe('Köln');
      expect(patched.updated_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
      const withUsers = await Organization.query(trx).findById(org.id).withGraphFetched('users');
      expect(withUsers?.users?.map((u) => u.email)).toEqual(['model@test.example']);
      // no global knex is bound: a query without a connection fails instead of using some other database
      await expect(Organization.query().findById(org.id)).rejects.toThrow(/no database connection/);
    } finally {
      await trx.rollback();
    }
  });
});
