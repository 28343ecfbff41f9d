import { describe, expect, it } from 'vitest';
import { getT } from '~/server/i18n.server';
import { createZodErrorMap } from '~/lib/validation-messages';
import { RegisterSchema, SetNewPasswordSchema } from '~/lib/schemas/auth';
import { lockSeconds } from '~/server/auth/throttle.server';

const valid = {
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Berg',
  password: 'Lichtung-Ahorn-73',
  passwordRepeat: 'Lichtung-Ahorn-73',
};

describe('account form schemas', () => {
  it('accept matching passwords', () => {
    expect(RegisterSchema.safeParse(valid).success).toBe(true);
  });

  it('put a translated mismatch error on the repeated password', () => {
    for (const [language, message] of [
      ['EN', 'The two passwords do not match'],
      ['DE', 'Die beiden Passwörter stimmen nicht überein'],
    ] as const) {
      const result = SetNewPasswordSchema.safeParse(
        { email: valid.email, token: 'abc', password: valid.password, passwordRepeat: 'Lichtung-Ahorn-74' },
        { errorMap: createZodErrorMap(getT(language)) },
      );
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['passwordRepeat'], message })]);
    }
  });

  it('require at least 8 characters and a valid e-mail', () => {
    const result = RegisterSchema.safeParse(
      { ...valid, email: 'nope', password: 'short', passwordRepeat: 'short' },
      { errorMap: createZodErrorMap(getT('EN')) },
    );
    expect(result.error?.flatten().fieldErrors).toEqual({
      email: ['Please enter a valid e-mail address'],
      password: ['Please enter at least 8 characters'],
    });
  });
});

describe('login throttling delays', () => {
  it('start after the free failures and grow up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => lockSeconds('account', n))).toEqual([0, 0, 0, 2, 4, 8]);
    expect(lockSeconds('account', 40)).toBe(900);
    expect(lockSeconds('ip', 20)).toBe(0);
    expect(lockSeconds('ip', 21)).toBe(2);
  });
});
