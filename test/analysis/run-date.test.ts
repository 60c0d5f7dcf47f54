import { afterEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/settings.js';
import plugin from '../../src/index.js';
import { CLOCK_VARIABLE, today } from '../../src/schedule/dates.js';
import { ROOT } from '../helpers/cli.js';

// The clock is the environment variable the docs name for tests: the wall clock is never read here.
const setClock = (day: string) => (process.env[CLOCK_VARIABLE] = day);
afterEach(() => {
  delete process.env[CLOCK_VARIABLE];
});

describe('the date the rules judge by', () => {
  it('follows the clock in a long-lived process: the same settings object gives the new day after midnight', () => {
    const settings = { 'api-sunset': { imminentDays: 10 } };
    setClock('2026-11-22');
    const first = readSettings(settings, ROOT);
    expect(first.now).toBe('2026-11-22');
    // The rules of one file share their analysis through the settings object: same day, same object.
    expect(readSettings(settings, ROOT)).toBe(first);
    setClock('2026-11-23');
    const next = readSettings(settings, ROOT);
    expect(next.now).toBe('2026-11-23');
    expect(next.imminentDays).toBe(10);
    expect(next.schedule).toBe(first.schedule);
  });

  it('follows the clock without any settings too', () => {
    setClock('2027-01-01');
    expect(readSettings(undefined, ROOT).now).toBe('2027-01-01');
    setClock('2027-01-02');
    expect(readSettings(undefined, ROOT).now).toBe('2027-01-02');
  });

  it('keeps a pinned `now`, and the `today` the configs put into the settings, whatever the clock says', () => {
    setClock('2026-11-22');
    expect(readSettings({ 'api-sunset': { now: '2026-01-01' } }, ROOT).now).toBe('2026-01-01');
    expect(readSettings({ 'api-sunset': { today: '2026-02-02' } }, ROOT).now).toBe('2026-02-02');
    expect(readSettings({ 'api-sunset': { now: '2026-01-01', today: '2026-02-02' } }, ROOT).now).toBe('2026-01-01');
  });

  it('rejects a `today` that is not a date', () => {
    expect(() => readSettings({ 'api-sunset': { today: '2026-13-01' } }, ROOT)).toThrow(/settings\['api-sunset'\]\.today: expected a date as YYYY-MM-DD/);
  });

  it('puts the day into the settings of every exported config, read anew each time ESLint reads them', () => {
    for (const name of ['recommended', 'all'] as const) {
      setClock('2026-11-22');
      expect(plugin.configs[name].settings).toEqual({ 'api-sunset': { today: '2026-11-22' } });
      setClock('2026-11-23');
      expect(plugin.configs[name].settings).toEqual({ 'api-sunset': { today: '2026-11-23' } });
      // A spread copy (`{ ...apiSunset.configs.recommended, files }`) keeps reading the clock.
      const copy = { ...plugin.configs[name] };
      setClock('2026-11-24');
      expect(copy.settings).toEqual({ 'api-sunset': { today: '2026-11-24' } });
    }
  });
});

describe('the clock variable', () => {
  it('must hold a real date', () => {
    expect(today({ [CLOCK_VARIABLE]: '2027-02-28' })).toBe('2027-02-28');
    expect(() => today({ [CLOCK_VARIABLE]: '2027-02-30' })).toThrow(`${CLOCK_VARIABLE} must be a date as YYYY-MM-DD, found "2027-02-30"`);
  });
});
