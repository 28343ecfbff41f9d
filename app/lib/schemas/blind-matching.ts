import { z } from 'zod';

/** Blind-matching registration (spec 000 point 3): only an e-mail address, for a convention (its slug). */
export const BlindMatchingSchema = z.object({
  email: z.string().trim().min(1).max(254).email(),
  convention: z.string().trim().min(1).max(255),
});

export type BlindMatchingForm = z.infer<typeof BlindMatchingSchema>;

/** The visitor path of a convention (where blind matching leads). */
export const conventionPath = (slug: string) => `/convention/${encodeURIComponent(slug)}`;
