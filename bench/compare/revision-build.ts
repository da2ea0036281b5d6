/**
 * Another revision's built command, for a paired comparison: a detached git
 * worktree of that revision in a folder of its own, sharing this checkout's
 * node_modules, built by that revision's own scripts/build-cli.mjs, so that
 * the command is exactly what the revision makes of its sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

function run(cmd: string, args: string[], cwd?: string): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${(r.stderr || r.stdout).trim().slice(-500)}`);
  return r.stdout.trim();
}

/** The short name of `rev` in the repository at `root`, or a thrown error naming it. */
export function shortRevision(root: string, rev: string): string {
  const r = spawnSync('git', ['-C', root, 'rev-parse', '--verify', '--quiet', '--short', `${rev}^{commit}`], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`--base ${rev}: not a commit of the repository at ${root}`);
  return r.stdout.trim();
}

/** Build `rev`'s command in a new worktree at `dir`; returns its build/tcplab.cjs. */
export function buildRevision(root: string, rev: string, dir: string): string {
  run('git', ['-C', root, 'worktree', 'add', '--detach', dir, rev]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const script = join(dir, 'scripts', 'build-cli.mjs');
  if (!existsSync(script)) throw new Error(`${rev} has no scripts/build-cli.mjs: it predates the built command`);
  run(process.execPath, [script], dir);
  return join(dir, 'build', 'tcplab.cjs');
}

/** Take the worktree of buildRevision away again. */
export function removeRevision(root: string, dir: string): void {
  spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', dir], { encoding: 'utf8' });
}
