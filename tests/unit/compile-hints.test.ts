import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/compile-hints';

type Hook = (this: unknown, ...args: unknown[]) => void;
const call = (hook: unknown, ...args: unknown[]) => (typeof hook === 'function' ? (hook as Hook) : (hook as { handler: Hook }).handler).call({}, ...args);

function run(ssr: boolean) {
  const plugin = compileHints(['framework', 'shell']);
  call(plugin.configResolved, { build: { ssr } });
  const bundle = {
    'assets/framework-abc.js': { type: 'chunk', name: 'framework', code: 'var a=1;' },
    'assets/shell-def.js': { type: 'chunk', name: 'shell', code: 'import"./framework-abc.js";' },
    'assets/stand-view-ghi.js': { type: 'chunk', name: 'stand-view', code: 'export{};' },
    'assets/style.css': { type: 'asset', name: 'style.css', source: 'a{}' },
  };
  call(plugin.generateBundle, {}, bundle);
  return bundle;
}

// issue 26: the chunks every page evaluates at its start are compiled off the main thread
describe('compileHints', () => {
  it('puts the hint on the first line of the named browser chunks only, once', () => {
    const bundle = run(false);
    expect(bundle['assets/framework-abc.js'].code).toBe(`${COMPILE_HINT}\nvar a=1;`);
    expect(bundle['assets/shell-def.js'].code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(bundle['assets/stand-view-ghi.js'].code).toBe('export{};');
    expect(bundle['assets/style.css']).toEqual({ type: 'asset', name: 'style.css', source: 'a{}' });
  });

  it('leaves the server build alone', () => {
    expect(run(true)['assets/framework-abc.js'].code).toBe('var a=1;');
  });
});
