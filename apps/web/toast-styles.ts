// How the app's toasts get their styles, for the build (vite.config.ts) and the tests
// (vitest.config.ts) alike.
import type { Plugin } from 'vite';

/**
 * react-toastify's stylesheet, with its custom properties on the toasts' own container instead of
 * :root. The toasts load after the first paint (src/app/app.tsx); a stylesheet that changes the
 * root's custom properties then makes the browser work out the style of every element on the page
 * again (they inherit them), a long task on a phone. On `.Toastify` they reach only the toasts.
 */
export function scopedToastStyles(): Plugin {
  return {
    name: 'maya-scoped-toast-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]react-toastify[\\/]dist[\\/]ReactToastify\.css$/.test(id)) return undefined;
      if (!code.includes(':root {'))
        this.error('react-toastify no longer sets its variables on :root');
      return { code: code.replace(':root {', '.Toastify {'), map: null };
    },
  };
}

/**
 * react-toastify's entry that injects no stylesheet of its own (its main entry prepends the same
 * CSS, :root variables included, when the container mounts); src/app/toasts.tsx imports it.
 */
export const toastAlias = [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }];
