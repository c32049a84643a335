/**
 * A clean copy of this repository, as `git clone` would give it but with the working tree's uncommitted changes:
 * the files git tracks plus untracked files that are not ignored (`git ls-files --cached --others
 * --exclude-standard`). So no node_modules, no supabase/signing_keys.json, no supabase/.temp, nothing `npm start`
 * created. `only` limits the copy to some top-level folders (e.g. supabase/ and packages/).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PROJECT_DIR } from "../db/paths.ts";

export interface CleanCopy {
  /** The copy's root directory. */
  readonly dir: string;
  /** The copied paths, relative to the root, `/`-separated. */
  readonly files: readonly string[];
  remove(): void;
}

/** The repository's files as a fresh clone would have them (deleted but uncommitted files left out). */
export function listCleanFiles(projectDir = PROJECT_DIR): string[] {
  const git = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: projectDir,
    encoding: "utf8",
  });
  if (git.status !== 0) throw new Error(`git ls-files failed in ${projectDir}: ${git.stderr || git.error}`);
  return git.stdout.split("\0").filter((file) => file !== "" && existsSync(join(projectDir, file))).sort();
}

export function cleanCopy(options: { only?: readonly string[]; projectDir?: string } = {}): CleanCopy {
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const only = options.only?.map((folder) => folder.replace(/\/?$/, "/"));
  const files = listCleanFiles(projectDir).filter((file) => !only || only.some((folder) => file.startsWith(folder)));
  const dir = mkdtempSync(join(tmpdir(), "pfa-clean-"));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(projectDir, file), join(dir, file));
  }
  return { dir, files, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
