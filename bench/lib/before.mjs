// `npm run bench -- --before <git ref>`: the same run also measures the code of <ref> (say `main`), so "before"
// and "after" come from one run on one machine under the same load. The tree of <ref> is extracted with
// `git archive` into bench/out/before/<sha> (no worktree, nothing changes in the repository) and shares this
// checkout's node_modules (the npm packages; `@pfa/core` resolves inside that tree through its deno.json).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./proc.mjs";

export function prepareBefore(ref) {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = join(ROOT, "bench/out/before", sha);
  if (!existsSync(join(dir, "deno.json"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${sha} | tar -x -C '${dir}'`], { cwd: ROOT });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  }
  return { ref, sha, dir };
}
