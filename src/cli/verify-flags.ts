/** `fix --verify` (the default) and `--no-verify`: whether fixed files are type-checked before anything is written. */
export const VERIFY_OPTIONS = { verify: { type: 'boolean' } } as const;

export const VERIFY_HELP = `  --verify               (the default) where a tsconfig.json covers a changed file and the
                         project has TypeScript installed, type-check the changed files and the
                         files that import them in memory before and after the fixes; a file
                         whose fixes add a type error is left as it was (listed with the
                         errors); other files get a parse check
  --no-verify            skip the type check`;
