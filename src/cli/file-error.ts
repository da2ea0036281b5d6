/**
 * What went wrong with a file, in words a user reads without knowing the
 * system's error names: "permission denied (EACCES)" rather than Node's
 * "EACCES: permission denied, mkdir '/root/x'", which repeats the path the
 * message already names and the system call behind it. The code stays, in
 * brackets, for whoever searches it. Errors without a code (or with one not
 * listed) keep their own message.
 */
const WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  // mkdir of the output folder where a file of that name exists (mkdir -p is silent for a folder)
  EEXIST: 'a file of that name is in the way of a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder, not a file',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'the path loops through symbolic links',
  EIO: 'the disk reported an input/output error',
};

/** The error's message, or its words and code when it is a file system error listed above. */
export function errorText(e: unknown): string {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && Object.hasOwn(WORDS, code)) return `${WORDS[code]} (${code})`;
  return e instanceof Error ? e.message : String(e);
}
