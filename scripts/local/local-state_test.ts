import assert from "node:assert/strict";
import { runningLocalSupabaseUrl } from "./demo-token.ts";
import { localStatePath, readLocalState, removeLocalState, writeLocalState } from "./local-state.ts";

const envOf = (vars: Record<string, string>) => ({ get: (name: string) => vars[name] });

Deno.test("local state: written beside the signing keys, read back, removed only by the process that wrote it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pfa-local-state-" });
  try {
    const env = envOf({ PFA_SIGNING_KEYS_PATH: `${dir}/signing_keys.json` });
    assert.equal(localStatePath(env), `${dir}/.temp/pfa-local-server.json`);
    assert.equal(readLocalState(env), undefined);
    assert.equal(runningLocalSupabaseUrl(env), "http://127.0.0.1:54321", "nothing running: the default port");
    writeLocalState({ supabaseUrl: "http://127.0.0.1:54377", port: 54377, pid: 4242 }, env);
    assert.deepEqual(readLocalState(env), { supabaseUrl: "http://127.0.0.1:54377", port: 54377, pid: 4242 });
    assert.equal(runningLocalSupabaseUrl(env), "http://127.0.0.1:54377", "the running server's port");
    assert.equal(
      runningLocalSupabaseUrl(envOf({ PFA_SIGNING_KEYS_PATH: `${dir}/signing_keys.json`, PORT: "50001" })),
      "http://127.0.0.1:50001",
      "PORT wins",
    );
    removeLocalState(1, env);
    assert.ok(readLocalState(env), "another process's file is left alone");
    removeLocalState(4242, env);
    assert.equal(readLocalState(env), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
