import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { domainErrorReply, formAction } from '~/server/forms.server';
import { DomainError } from '~/server/services/errors';
import { payload } from '#graphql/errors';

const schema = z.object({ name: z.string(), email: z.string() });
function submission() {
  const form = new FormData();
  form.set('name', 'Acme');
  form.set('email', 'a@acme.example');
  return parseWithZod(form, { schema });
}

describe('DomainError -> Conform reply', () => {
  it('puts field errors on their fields and adds the correct-the-fields form message', () => {
    const error = DomainError.fromFieldErrors([
      { code: 'UNIQUE', field: 'name', message: 'An organisation with this name already exists' },
      { code: 'INVALID', field: 'email', message: 'Bad e-mail' },
    ]);
    const reply = domainErrorReply(submission(), error, { correctFieldsMessage: 'Please correct the marked fields and try again' });
    expect(reply.error).toEqual({
      '': ['Please correct the marked fields and try again'],
      name: ['An organisation with this name already exists'],
      email: ['Bad e-mail'],
    });
  });

  it('turns errors without a (known) field into form errors', () => {
    const reply = domainErrorReply(submission(), new DomainError('PERMISSION_DENIED', 'Denied', 'secret'), {
      knownFields: ['name', 'email'],
    });
    expect(reply.error).toEqual({ '': ['Denied'] });
  });

  it('gives the HTTP status per code and lets unexpected errors through', async () => {
    const denied = await formAction(submission(), async () => {
      throw new DomainError('PERMISSION_DENIED', 'Denied');
    });
    expect(denied).toMatchObject({ ok: false, status: 403 });
    const invalid = await formAction(submission(), async () => {
      throw new DomainError('INVALID', 'Bad', 'name');
    });
    expect(invalid).toMatchObject({ ok: false, status: 400 });
    expect(await formAction(submission(), async () => 42)).toEqual({ ok: true, value: 42 });
    await expect(formAction(submission(), async () => { throw new TypeError('bug'); })).rejects.toThrow('bug');
  });
});

describe('DomainError -> GraphQL payload', () => {
  it('returns the entity with null error on success', async () => {
    expect(await payload(async () => ({ language: 'DE' }))).toEqual({ language: 'DE', error: null, errors: [] });
  });

  it('returns error and errors for a broken rule', async () => {
    const result = await payload<{ language: string }>(async () => {
      throw DomainError.fromFieldErrors([
        { code: 'PASSWORD_TOO_SHORT', field: 'password', message: 'short' },
        { code: 'PASSWORD_ENTIRELY_NUMERIC', field: 'password', message: 'numeric' },
      ]);
    });
    expect(result.error).toEqual({ code: 'PASSWORD_TOO_SHORT', field: 'password', message: 'short' });
    expect(result.errors).toHaveLength(2);
  });

  it('raises UNAUTHENTICATED as a top-level error with extensions.code', async () => {
    await expect(
      payload(async () => {
        throw new DomainError('UNAUTHENTICATED', 'Please log in');
      }),
    ).rejects.toMatchObject({ message: 'Please log in', extensions: { code: 'UNAUTHENTICATED' } });
  });
});
