import { describe, expect, it } from 'vitest';
import { shouldColor } from '../src/index.js';

describe('shouldColor', () => {
  const cases: Array<{ name: string; flag?: boolean; isTTY: boolean; env: Record<string, string>; color: boolean }> = [
    { name: 'TTY', isTTY: true, env: {}, color: true },
    { name: 'pipe', isTTY: false, env: {}, color: false },
    { name: 'pipe with FORCE_COLOR=1', isTTY: false, env: { FORCE_COLOR: '1' }, color: true },
    { name: 'pipe with FORCE_COLOR=3', isTTY: false, env: { FORCE_COLOR: '3' }, color: true },
    { name: 'pipe with empty FORCE_COLOR', isTTY: false, env: { FORCE_COLOR: '' }, color: false },
    { name: 'TTY with empty FORCE_COLOR', isTTY: true, env: { FORCE_COLOR: '' }, color: true },
    { name: 'TTY with FORCE_COLOR=0', isTTY: true, env: { FORCE_COLOR: '0' }, color: false },
    { name: 'TTY with FORCE_COLOR=false', isTTY: true, env: { FORCE_COLOR: 'false' }, color: false },
    { name: 'TTY with NO_COLOR=1', isTTY: true, env: { NO_COLOR: '1' }, color: false },
    { name: 'TTY with empty NO_COLOR', isTTY: true, env: { NO_COLOR: '' }, color: false },
    { name: 'NO_COLOR beats FORCE_COLOR', isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' }, color: false },
    { name: '--no-color on a TTY', flag: false, isTTY: true, env: {}, color: false },
    { name: '--no-color beats FORCE_COLOR', flag: false, isTTY: true, env: { FORCE_COLOR: '1' }, color: false },
    { name: '--color on a pipe', flag: true, isTTY: false, env: {}, color: true },
    { name: '--color beats FORCE_COLOR=0', flag: true, isTTY: false, env: { FORCE_COLOR: '0' }, color: true },
    {
      name: '--color beats NO_COLOR (a per-run option overrides the environment, per no-color.org)',
      flag: true,
      isTTY: false,
      env: { NO_COLOR: '1' },
      color: true,
    },
  ];
  it.each(cases)('$name → $color', ({ flag, isTTY, env, color }) => {
    expect(shouldColor({ ...(flag !== undefined && { flag }), isTTY, env })).toBe(color);
  });
});
