/**
 * A stand-in for the Supabase Management API on 127.0.0.1, for the README's CLI commands without a network or an
 * account: `supabase link` (the project, its API keys; other reads answer `{}`), `supabase functions deploy
 * --use-api` (it records the multipart form the CLI uploads: `metadata` and every `file`, named by its path in the
 * project) and `supabase secrets set` (it records the secrets). The CLI is pointed at it with a profile file
 * (`--profile <file>`: name, api_url, dashboard_url, project_host), written by `profileFile`.
 */
export interface RecordedDeploy {
  readonly slug: string | null;
  readonly metadata: Record<string, unknown>;
  /** Uploaded files by their path relative to the project root. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

export interface FakeManagementApi {
  readonly url: string;
  readonly deploys: readonly RecordedDeploy[];
  /** `METHOD /path?query` of every request, in order. */
  readonly requests: readonly string[];
  /** The secrets set through `POST /v1/projects/{ref}/secrets`, by name. */
  readonly secrets: ReadonlyMap<string, string>;
  /** Writes a CLI profile naming this API into `dir`; returns its path. */
  profileFile(dir: string): Promise<string>;
  close(): Promise<void>;
}

export function startFakeManagementApi(): FakeManagementApi {
  const deploys: RecordedDeploy[] = [];
  const requests: string[] = [];
  const secrets = new Map<string, string>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const deploy = /^\/v1\/projects\/([a-z]{20})\/functions\/deploy$/.exec(url.pathname);
    if (request.method === "POST" && deploy) {
      const form = await request.formData();
      const files = new Map<string, Uint8Array>();
      for (const value of form.getAll("file")) {
        if (typeof value !== "string") files.set(value.name, new Uint8Array(await value.arrayBuffer()));
      }
      const slug = url.searchParams.get("slug");
      deploys.push({ slug, metadata: JSON.parse(String(form.get("metadata"))), files });
      const now = Date.now();
      return Response.json(
        { id: crypto.randomUUID(), slug, name: slug, status: "ACTIVE", version: 1, created_at: now, updated_at: now },
        { status: 201 },
      );
    }
    const project = /^\/v1\/projects\/([a-z]{20})(\/.*)?$/.exec(url.pathname);
    if (request.method === "POST" && project?.[2] === "/secrets") {
      for (const { name, value } of await request.json() as { name: string; value: string }[]) secrets.set(name, value);
      return new Response(null, { status: 201 });
    }
    if (request.method === "GET" && project && project[2] === undefined) {
      const ref = project[1];
      return Response.json({
        id: ref,
        ref,
        organization_id: "fake-org",
        organization_slug: "fake-org",
        name: "fake project",
        region: "eu-central-1",
        created_at: "2026-01-01T00:00:00Z",
        status: "ACTIVE_HEALTHY",
        database: {
          host: `db.${ref}.project.invalid`,
          version: "17.4.1",
          postgres_engine: "17",
          release_channel: "ga",
        },
      });
    }
    if (request.method === "GET" && project?.[2] === "/api-keys") {
      return Response.json([
        { id: "anon", name: "anon", type: "legacy", api_key: "fake-anon-key" },
        { id: "service_role", name: "service_role", type: "legacy", api_key: "fake-service-role-key" },
      ]);
    }
    if (request.method === "GET") return Response.json({});
    return Response.json({ message: "not implemented by the fake" }, { status: 404 });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    url: base,
    deploys,
    requests,
    secrets,
    async profileFile(dir) {
      const path = `${dir}/fake-profile.yaml`;
      await Deno.writeTextFile(
        path,
        `name: fake\napi_url: ${base}\ndashboard_url: ${base}\nproject_host: project.invalid\n`,
      );
      return path;
    },
    close: () => server.shutdown(),
  };
}
