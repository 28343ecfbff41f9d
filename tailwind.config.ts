import type { Config } from 'tailwindcss';

/** Design values of spec 001 point 9: brand colours; Tailwind's spacing, radius and shadow scales. */
export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          DEFAULT: '#283853',
          dark: '#283853',
          pink: '#e45364',
          // the pink for small text on white: #e45364 itself reaches only 3.6:1 contrast (WCAG AA needs 4.5:1)
          'pink-text': '#c22a3e',
          grey: '#f7f7f7',
          green: '#77bf70',
          red: '#e2001a',
        },
        dlg: { green: '#00a651', dark: '#004b23' },
      },
      screens: { lg: '1024px' },
      width: { sidebar: '256px', 'sidebar-collapsed': '64px' },
      spacing: { sidebar: '256px', 'sidebar-collapsed': '64px' },
      fontFamily: { sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'] },
      keyframes: {
        'cookie-banner-in': {
          from: { opacity: '0', transform: 'translateY(1rem)', visibility: 'hidden' },
          to: { opacity: '1', transform: 'translateY(0)', visibility: 'visible' },
        },
      },
      animation: {
        // the cookie choice is asked about 500 ms after load (spec 001 point 9)
        'cookie-banner': 'cookie-banner-in 250ms ease-out 500ms both',
      },
    },
  },
  plugins: [],
} satisfies Config;
