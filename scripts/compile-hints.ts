import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that starts with this comment has all its functions
 * compiled eagerly, on the background thread that streams the script in, instead of lazily on the main thread the
 * first time each is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The browser chunks that every page loads and whose functions nearly all run while the page starts (React, React
 * DOM, Remix and its router; i18next and the root): marked with the compile hint, so their evaluation costs the main
 * thread less (issue 26, decision 020: the framework's evaluation was the longest task after the first paint, 25 to
 * 60 ms on this machine, 100 to 240 ms on Lighthouse's simulated phone). Added after minification (esbuild drops
 * comments) and after Vite's own additions, in generateBundle, so the file name's hash does not cover the line; it is the same for every build.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  let ssr = false;
  return {
    name: 'fairplatform:compile-hints',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // after Vite's own changes to the code (it puts its list of lazy imports' dependencies on the first line)
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunkNames.includes(chunk.name) && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
