import { z } from 'zod';
import { isTelephone } from '../validation-messages';

/**
 * Form schemas of the account pages, shared by the browser (Conform validates as you type) and the page actions.
 * Messages come from the zod error map (app/lib/validation-messages.ts). The password rules beyond the minimum
 * length (similarity, common, numeric) need the server and come back from the accounts service as field errors.
 */

export const PASSWORD_MIN_LENGTH = 8;

const email = z.string().trim().min(1).max(254).email();
const password = z.string().min(PASSWORD_MIN_LENGTH).max(4096);
const name = z.string().trim().min(1).max(150);

/** The two password fields must match (spec 001 point 5); the error sits on the repetition. */
function passwordsMatch(value: { password: string; passwordRepeat: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.passwordRepeat) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['passwordRepeat'], params: { i18n: 'passwordMismatch' } });
  }
}

export const LoginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(4096),
  /** the remembered target path (redirectAfterLoggingIn); only same-site paths are honoured */
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z
  .object({
    email,
    firstName: name,
    lastName: name,
    password,
    passwordRepeat: z.string().min(1),
    defaultLanguage: z.enum(['DE', 'EN']).optional(),
  })
  .superRefine(passwordsMatch);

export const ForgottenPasswordSchema = z.object({ email });

export const SetNewPasswordSchema = z
  .object({
    email,
    token: z.string().min(1),
    password,
    passwordRepeat: z.string().min(1),
  })
  .superRefine(passwordsMatch);

export const AccountSchema = z.object({
  firstName: name,
  lastName: name,
  defaultLanguage: z.enum(['DE', 'EN']),
});

/** The business-card address; with all data required the service checks the mandatory fields too. */
export const AddressSchema = z.object({
  firstName: z.string().trim().max(150).optional(),
  lastName: z.string().trim().max(150).optional(),
  companyName: z.string().trim().max(255).optional(),
  streetAddress1: z.string().trim().max(255).optional(),
  streetAddress2: z.string().trim().max(255).optional(),
  houseNo: z.string().trim().max(20).optional(),
  city: z.string().trim().max(255).optional(),
  postalCode: z.string().trim().max(20).optional(),
  countryArea: z.string().trim().max(255).optional(),
  phone: z.string().trim().max(40).optional(),
  country: z.string().trim().toUpperCase().length(2).default('DE'),
});

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** The business-card form: every field a contact needs is required (spec 001 point 5); names come from the account. */
export const BusinessCardSchema = AddressSchema.omit({ firstName: true, lastName: true }).extend({
  intent: z.literal('address'),
  companyName: requiredText(255),
  streetAddress1: requiredText(255),
  houseNo: requiredText(20),
  postalCode: requiredText(20),
  city: requiredText(255),
  phone: requiredText(40).refine(isTelephone, { params: { i18n: 'phone' } }),
});

export const BUSINESS_CARD_FIELDS = ['companyName', 'streetAddress1', 'streetAddress2', 'houseNo', 'postalCode', 'city', 'countryArea', 'country', 'phone'] as const;

export type RegisterForm = z.infer<typeof RegisterSchema>;
export type SetNewPasswordForm = z.infer<typeof SetNewPasswordSchema>;
export type AddressForm = z.infer<typeof AddressSchema>;
