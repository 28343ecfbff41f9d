import { afterEach, beforeEach, vi } from 'vitest';

// console.error during a test is a failure unless the test expects it (expectConsoleError()).
let expected = 0;
let unexpected: unknown[][] = [];

export function expectConsoleError(times = 1) {
  expected += times;
}

beforeEach(() => {
  expected = 0;
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (expected > 0) expected -= 1;
    else unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length) {
    const text = unexpected.map((a) => a.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
