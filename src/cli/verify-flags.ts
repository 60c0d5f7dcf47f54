/** `fix --verify` (the default) and `--no-verify`: whether fixed files are type-checked before anything is written. */
export const VERIFY_OPTIONS = { verify: { type: 'boolean' } } as const;

export const VERIFY_HELP = `  --no-verify            skip the type check: by default, where a tsconfig.json covers a changed
                         file and the project has TypeScript installed, the changed files and
                         the files that import them are type-checked in memory before and after
                         the fixes, and a file whose fixes add a type error is left as it was
                         (listed with the errors); other files get a parse check`;
