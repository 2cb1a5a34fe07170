import { chmodSync, closeSync, openSync, statSync } from 'node:fs';

/**
 * A SQLite database holds the access tokens' signing key and the refresh tokens' secret (when they are not given in
 * the environment), the users' emails and their sessions' addresses: its files are the owner's alone, 0600, whatever
 * the umask (docs/operations.md). SQLite gives its -wal, -shm and -journal files the mode of the database file, so a
 * database created private stays private.
 */
export const PRIVATE_FILE_MODE = 0o600;

const COMPANIONS = ['', '-wal', '-shm', '-journal'];

/**
 * Creates `path` empty with mode 0600 when it does not exist (before SQLite opens it, so no secret is ever written to
 * a file others may read); an existing database, and its companions, made 0600 when others could read them (one
 * created by an older version). A file this user may not change is left as it is.
 */
export function makeDatabaseFilePrivate(path: string): void {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const suffix of COMPANIONS) makePrivate(`${path}${suffix}`);
}

/** Creates `path`, which must not exist, empty with mode 0600 (a backup's copy, before anything is written to it). */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
}

function makePrivate(path: string): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM' && code !== 'EROFS') throw error;
  }
}
