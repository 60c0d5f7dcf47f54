import { describe, expect, it } from 'vitest';
import { ESLintUtils } from '../../src/ts-eslint-lite.js';

/**
 * `create` runs for every rule on every file, so the options are merged over the defaults once per
 * options array a host hands over, and the defaults are shared, frozen, instead of cloned each time.
 */
describe('RuleCreator options', () => {
  const seen: unknown[] = [];
  const rule = ESLintUtils.RuleCreator((name) => `https://example.com/${name}`)<[{ ignore: string[]; depth: { max: number; min: number } }], 'x'>({
    name: 'probe',
    meta: { type: 'problem', docs: { description: 'probe' }, messages: { x: 'x' }, schema: [], defaultOptions: [{ ignore: [], depth: { max: 3, min: 1 } }] },
    defaultOptions: [{ ignore: [], depth: { max: 3, min: 1 } }],
    create(_context, [options]) {
      seen.push(options);
      return {};
    },
  });
  const create = (options: unknown[] | undefined) => {
    seen.length = 0;
    rule.create({ options } as never);
    return seen[0] as { ignore: string[]; depth: { max: number; min: number } };
  };

  it('merges an options array once, and again for another array', () => {
    const given = [{ depth: { max: 5 } }];
    const first = create(given);
    expect(first).toEqual({ ignore: [], depth: { max: 5, min: 1 } });
    expect(create(given)).toBe(first);
    const other = create([{ depth: { max: 5 } }]);
    expect(other).toEqual(first);
    expect(other).not.toBe(first);
    expect(create([{ ignore: ['x'] }])).toEqual({ ignore: ['x'], depth: { max: 3, min: 1 } });
  });

  it('hands over the defaults, frozen, when no options are given or they are the defaults themselves', () => {
    const defaults = create(undefined);
    expect(defaults).toEqual({ ignore: [], depth: { max: 3, min: 1 } });
    expect(create([])).toBe(defaults);
    expect(create([defaults])).toBe(defaults);
    expect(Object.isFrozen(defaults) && Object.isFrozen(defaults.depth) && Object.isFrozen(defaults.ignore)).toBe(true);
  });

  it('never lets a merge change the defaults', () => {
    create([{ depth: { max: 9, min: 9 } }]);
    expect(create(undefined)).toEqual({ ignore: [], depth: { max: 3, min: 1 } });
  });
});
