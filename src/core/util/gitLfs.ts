// A repository cloned without `git lfs pull` holds, in place of each large file, a three-line text
// pointer (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md). Read as data it looks like a
// short, valid-enough file, so it is named as what it is before anything parses or sends it.

/** The first line of every git-lfs pointer file (the spec requires it first). */
const POINTER_START = 'version https://git-lfs.github.com/spec/';

/** Whether a file's text is a git-lfs pointer rather than the file it stands for. */
export function isGitLfsPointer(text: string): boolean {
  return text.startsWith(POINTER_START) && text.length < 1024;
}

/** The reason shown for a pointer, with the command that fetches the real file. */
export const GIT_LFS_POINTER_REASON = 'a git-lfs pointer, not the file itself (fetch it with `git lfs pull`)';
