/** Shared classes of the visitor pages' plain HTML form controls. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-sm outline-none focus:border-brand-dark focus:ring-2 focus:ring-brand-dark/30';

/** The full-width dark submit button of the visitor dialogs' plain HTML forms (login, business card). */
export const submitClass =
  'w-full rounded-md bg-brand-dark px-4 py-2 text-sm font-semibold text-white outline-none ring-brand-pink focus-visible:ring-2';
