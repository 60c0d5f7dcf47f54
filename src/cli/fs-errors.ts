/** What a file-system error means, in words: "file not found" for a symbolic link loop sends people looking in the wrong place. */
const MEANINGS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ELOOP: 'a symbolic link loop (or too many links in a row)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is not a directory',
  ENAMETOOLONG: 'the path is too long',
  EISDIR: 'a directory, not a file',
  EMFILE: 'too many open files',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file would exceed the maximum file size',
  EROFS: 'a read-only file system',
  EIO: 'an input/output error',
  EXDEV: 'not on the same file system',
};

export function describeFsError(error: unknown): string {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  if (code && MEANINGS[code]) return `${MEANINGS[code]} (${code})`;
  return code ?? (error instanceof Error ? message : String(error));
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}
