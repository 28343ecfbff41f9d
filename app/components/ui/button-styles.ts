/**
 * The button styles of spec 001 point 9, without the react-aria Button: plain <button>, <a> and Remix links
 * (visitor pages, the cookie banner, error pages) use `buttonClassName` from here and load no react-aria.
 */
export const BUTTON_VARIANTS = {
  // white text on the brand pink (#e45364) reaches only 3.6:1; its darker shade passes WCAG AA (4.5:1)
  standard: 'mt-4 bg-brand-pink-text text-white hover:bg-brand-pink-text/90 data-[pressed]:bg-brand-pink-text/80 px-5 py-2.5 rounded-md shadow-sm',
  standardNoMt: 'bg-brand-pink-text text-white hover:bg-brand-pink-text/90 data-[pressed]:bg-brand-pink-text/80 px-5 py-2.5 rounded-md shadow-sm',
  transparent: 'bg-transparent text-brand-dark hover:bg-brand-dark/5 px-4 py-2 rounded-md',
  individual: 'px-4 py-2 rounded-md',
  'dlg-green': 'bg-dlg-green text-white hover:bg-dlg-green/90 px-5 py-2.5 rounded-md shadow-sm',
  darkBlue: 'bg-brand-dark text-white hover:bg-brand-dark/90 data-[pressed]:bg-brand-dark/80 px-5 py-2.5 rounded-md shadow-sm',
  whiteModal: 'bg-white text-brand-dark border border-gray-300 hover:bg-brand-grey px-5 py-2.5 rounded-md',
  modal: 'bg-brand-dark text-white hover:bg-brand-dark/90 px-5 py-2.5 rounded-md',
  outline: 'border border-brand-dark text-brand-dark bg-transparent hover:bg-brand-dark/5 px-5 py-2.5 rounded-md',
  none: '',
  green: 'bg-brand-green text-brand-dark hover:bg-brand-green/90 data-[pressed]:bg-brand-green/80 px-5 py-2.5 rounded-md shadow-sm',
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

const BASE =
  'inline-flex items-center justify-center gap-2 font-medium transition-colors cursor-pointer outline-none ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-pink ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

export function buttonClassName(variant: ButtonVariant = 'standardNoMt') {
  return variant === 'none' ? '' : `${BASE} ${BUTTON_VARIANTS[variant]}`;
}
