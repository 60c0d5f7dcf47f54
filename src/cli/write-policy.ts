import type { Stats } from 'node:fs';

/**
 * Why `fix` must not rewrite a file unless told to (`--force`), or undefined. A rename replaces the
 * file whatever its own permissions say, so the checks are ours to make: a read-only file says
 * "do not edit"; a file of another user would end up owned by us; setuid, setgid and sticky bits
 * mark files that are more than source; a file with other hard links would silently split in two
 * (the other names keep the old text).
 */
export function writeRefusal(stats: Stats, uid: number | undefined = process.getuid?.()): string | undefined {
  if ((stats.mode & 0o200) === 0) return 'the file is read-only (--force rewrites it anyway)';
  if (uid !== undefined && stats.uid !== uid) {
    return `the file belongs to another user (uid ${stats.uid}); --force rewrites it anyway${uid === 0 ? ', keeping its owner' : ', and it then belongs to you'}`;
  }
  const bits = [stats.mode & 0o4000 ? 'setuid' : '', stats.mode & 0o2000 ? 'setgid' : '', stats.mode & 0o1000 ? 'sticky' : ''].filter(Boolean);
  if (bits.length > 0) return `the file has the ${bits.join(' and ')} bit${bits.length > 1 ? 's' : ''} set (--force rewrites it anyway, keeping the bits)`;
  if (stats.nlink > 1) return `the file has ${stats.nlink - 1} other hard link${stats.nlink > 2 ? 's' : ''}, which would keep the old text (--force rewrites this name anyway)`;
  return undefined;
}
