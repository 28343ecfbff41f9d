import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '~/server/auth/password.server';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { png } from '../integration/files-fixtures';

// Issue 11, finding 1: a multipart `map` naming `__proto__.x` set a property on every object in the process, and
// from then on every SQL query built from an object failed (logins included) while /healthz still said ok.

const UPLOAD = /* GraphQL */ `
  mutation Upload($file: Upload!, $purpose: FilePurpose) {
    uploadFile(file: $file, purpose: $purpose) { file { id filename } error { code message } }
  }
`;
const TOKEN_CREATE = /* GraphQL */ `
  mutation ($email: String!, $password: String!) { tokenCreate(email: $email, password: $password) { token error { code } } }
`;
const PASSWORD = 'Lichtung-Ahorn-73';

let t: TestApp;
let member: { id: string };
const objectKeys = Object.getOwnPropertyNames(Object.prototype);
const arrayKeys = Object.getOwnPropertyNames(Array.prototype);
const functionKeys = Object.getOwnPropertyNames(Function.prototype);

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** A multipart request with `operations` and `map` sent exactly as given (strings are sent as they are). */
async function multipart(
  operations: unknown,
  map: unknown,
  options: { files?: string[]; headers?: Record<string, string>; lang?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  form.append('operations', typeof operations === 'string' ? operations : JSON.stringify(operations));
  form.append('map', typeof map === 'string' ? map : JSON.stringify(map));
  for (const field of options.files ?? ['0']) form.append(field, new Blob([png(2, 2)]), 'a.png');
  const res = await fetch(`${t.url}/graphql/${options.lang ? `?lang=${options.lang}` : ''}`, {
    method: 'POST',
    body: form,
    headers: options.headers,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

function expectNoPollution() {
  expect(({} as Record<string, unknown>).x).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(objectKeys);
  expect(Object.getOwnPropertyNames(Array.prototype)).toEqual(arrayKeys);
  expect(Object.getOwnPropertyNames(Function.prototype)).toEqual(functionKeys);
}

beforeAll(async () => {
  t = await createTestApp();
  member = await createUser(t.app.db);
  const org = await createOrganization(t.app.db);
  await addMember(t.app.db, org.id, member.id);
});

afterEach(() => {
  // should a test fail, the process must not stay polluted for the next ones
  for (const key of Object.getOwnPropertyNames(Object.prototype)) {
    if (!objectKeys.includes(key)) delete (Object.prototype as Record<string, unknown>)[key];
  }
});

afterAll(() => t.close());

describe('a multipart map cannot reach a prototype', () => {
  const operations = { query: UPLOAD, variables: { file: null } };

  it.each([
    ['__proto__.x', '__proto__'],
    ['constructor.prototype.x', 'constructor'],
    ['variables.__proto__.x', '__proto__'],
    ['variables.constructor.prototype.x', 'constructor'],
    ['variables.file.__proto__', '__proto__'],
    ['variables.prototype', 'prototype'],
  ])('refuses the anonymous map path %s with a 400 and pollutes nothing', async (path, key) => {
    const { status, body } = await multipart(operations, { 0: [path] });
    expect(status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({
      message: `The map path "${path}" may not contain "${key}".`,
      extensions: { code: 'BAD_REQUEST' },
    });
    expectNoPollution();
  });

  it('refuses those keys inside the JSON of operations and map as well', async () => {
    const pollutedOperations = `{"query": ${JSON.stringify(UPLOAD)}, "variables": {"file": null, "__proto__": {"x": null}}}`;
    const first = await multipart(pollutedOperations, { 0: ['variables.file'] });
    expect(first.status).toBe(400);
    expect(first.body.errors?.[0].message).toBe('The multipart field "operations" may not contain the key "__proto__".');
    const second = await multipart(operations, '{"0": ["variables.file"], "constructor": ["variables.file"]}');
    expect(second.status).toBe(400);
    expect(second.body.errors?.[0].message).toBe('The multipart field "map" may not contain the key "constructor".');
    expectNoPollution();
  });

  it('leaves logins, queries and inserts working after such requests', async () => {
    for (const path of ['__proto__.x', 'constructor.prototype.x', 'variables.__proto__.x']) {
      await multipart(operations, { 0: [path] });
    }
    expectNoPollution();
    const user = await createUser(t.app.db, { password_hash: await hashPassword(PASSWORD) });
    const login = await t.graphql<{ tokenCreate: { token: string | null; error: unknown } }>(TOKEN_CREATE, {
      email: user.email,
      password: PASSWORD,
    });
    expect(login.body.data?.tokenCreate.error).toBeNull();
    expect(login.body.data?.tokenCreate.token).toEqual(expect.any(String));
    expect((await t.graphql('{ apiVersion }')).body).toEqual({ data: { apiVersion: '1' } });
  });
});

describe('a multipart map may only fill null slots that exist in the variables', () => {
  const base = { query: UPLOAD, variables: { file: null, purpose: 'IMAGE', list: [null], nested: { deep: null } } };

  it.each([
    ['query', 'The map path "query" must start with "variables." (a file can only be a variable of the operation).'],
    ['operationName', 'The map path "operationName" must start with "variables." (a file can only be a variable of the operation).'],
    ['variables', 'The map path "variables" must start with "variables." (a file can only be a variable of the operation).'],
    ['0.variables.file', 'The map path "0.variables.file" must start with "variables." (a file can only be a variable of the operation).'],
    ['variables.missing', 'The map path "variables.missing" does not exist in the variables of the operation.'],
    ['variables.file.name', 'The map path "variables.file.name" does not exist in the variables of the operation.'],
    ['variables.list.1', 'The map path "variables.list.1" does not exist in the variables of the operation.'],
    ['variables.list.01', 'The map path "variables.list.01" does not exist in the variables of the operation.'],
    ['variables.list.length', 'The map path "variables.list.length" does not exist in the variables of the operation.'],
    ['variables.nested.toString', 'The map path "variables.nested.toString" does not exist in the variables of the operation.'],
    ['variables..file', 'The map path "variables..file" does not exist in the variables of the operation.'],
    ['variables.purpose', 'The map path "variables.purpose" must point at a null value.'],
    ['variables.nested', 'The map path "variables.nested" must point at a null value.'],
  ])('refuses %s with a 400 and a clear message', async (path, message) => {
    const { status, body } = await multipart(base, { 0: [path] }, { headers: { authorization: `JWT ${await t.accessToken(member.id)}` } });
    expect(status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_REQUEST' } });
    expect(await t.app.db('files').where({ filename: 'a.png' }).first()).toBeUndefined();
  });

  it('refuses one slot named twice and a batch of operations', async () => {
    const twice = await multipart(base, { 0: ['variables.file'], 1: ['variables.file'] }, { files: ['0', '1'] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.[0].message).toBe('The map path "variables.file" is named more than once.');
    const batch = await multipart([base], { 0: ['0.variables.file'] });
    expect(batch.status).toBe(400);
    expect(batch.body.errors?.[0].message).toBe(
      'The multipart field "operations" must be one operation object (batches are not supported).',
    );
  });

  it('answers in the language of the request', async () => {
    const { status, body } = await multipart(base, { 0: ['__proto__.x'] }, { lang: 'de' });
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toBe('Der Pfad „__proto__.x“ in „map“ darf „__proto__“ nicht enthalten.');
    const missing = await multipart(base, { 0: ['variables.missing'] }, { headers: { 'accept-language': 'de-DE' } });
    expect(missing.body.errors?.[0].message).toBe('Den Pfad „variables.missing“ aus „map“ gibt es in den Variablen der Operation nicht.');
  });

  it('still puts one file into several slots that exist, nested and in lists', async () => {
    const { status, body } = await multipart(
      base,
      { 0: ['variables.file', 'variables.list.0', 'variables.nested.deep'] },
      { headers: { authorization: `JWT ${await t.accessToken(member.id)}` } },
    );
    expect(status).toBe(200);
    expect(body.data?.uploadFile).toMatchObject({ file: { filename: 'a.png' }, error: null });
  });
});

/**
 * Posts a multipart upload whose body ends inside its last part (no closing boundary) and returns the status, whether
 * the server still answers afterwards, and what reached the process as an unhandled rejection or uncaught exception
 * (either would end it in production) once the failure has had its turn to surface.
 */
async function postCutOff(parts: { name: string; filename?: string; value: string }[]) {
  const errors: unknown[] = [];
  const record = (error: unknown) => errors.push(error);
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  try {
    const boundary = 'XXfuzz';
    const body = parts
      .flatMap((part) => [
        `--${boundary}`,
        `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`,
        ...(part.filename ? ['Content-Type: image/png'] : []),
        '',
        part.value,
      ])
      .join('\r\n');
    const res = await fetch(`${t.url}/graphql/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `JWT ${await t.accessToken(member.id)}` },
      body,
    });
    const after = await t.graphql<{ languages: { code: string }[] }>('{ languages { code } }');
    await new Promise<void>((resolve) => setImmediate(resolve));
    return { status: res.status, afterStatus: after.status, errors };
  } finally {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  }
}

const OPERATIONS = { name: 'operations', value: JSON.stringify({ query: UPLOAD, variables: { file: null } }) };

describe('a body that ends inside a file', () => {
  it('is a 400, and the failed spooling of the file is no unhandled rejection that would end the process', async () => {
    const { status, afterStatus, errors } = await postCutOff([
      OPERATIONS,
      { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
      { name: '0', filename: 'a.png', value: 'the body ends here, inside the file, with no closing boundary' },
    ]);
    expect(status).toBe(400);
    expect(afterStatus).toBe(200);
    expect(errors).toEqual([]);
  });

  it('is a 400 when the file that ends the body is one the server ignores (before the map), not an uncaught exception', async () => {
    const { status, afterStatus, errors } = await postCutOff([OPERATIONS, { name: '0', filename: 'a.png', value: 'a file before the map, and the body ends inside it' }]);
    expect(status).toBe(400);
    expect(afterStatus).toBe(200);
    expect(errors).toEqual([]);
  });
});
