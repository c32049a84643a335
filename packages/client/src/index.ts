/**
 * `createPfaClient(options)`: a typed client of the Personal Finance API. Paths, parameters, bodies and
 * responses are typed from the API's OpenAPI document (src/generated.ts, by openapi-typescript); requests are
 * made by openapi-fetch, so every call answers `{ data, error, response }`: `data` is the 2xx body, `error` the
 * RFC 9457 problem of any other status.
 *
 * ```ts
 * const api = createPfaClient({ baseUrl: "http://127.0.0.1:54321/functions/v1", accessToken: token });
 * const { data, error } = await api.GET("/v1/me/goals/progress");
 * ```
 */
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { components, operations, paths } from "./generated.ts";

export type { components, operations, paths };

/** A 2xx body or a problem: `Schemas["Problem"]` is the error type of every route. */
export type Schemas = components["schemas"];

export type PfaClient = Client<paths>;

export interface PfaClientOptions {
  /** The base URL: `https://<project-ref>.supabase.co/functions/v1`, or `http://127.0.0.1:54321/functions/v1`. */
  readonly baseUrl: string;
  /**
   * The signed-in user's Supabase Auth access token, needed by the account routes (`/v1/me/...`): a string, or a
   * function asked before every request (e.g. `async () => (await supabase.auth.getSession()).data.session
   * ?.access_token`). Calculation routes need none.
   */
  readonly accessToken?: string | (() => string | undefined | Promise<string | undefined>);
  /** Replaces `globalThis.fetch`. */
  readonly fetch?: ClientOptions["fetch"];
  /** More headers for every request. */
  readonly headers?: Record<string, string>;
}

export function createPfaClient(options: PfaClientOptions): PfaClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const { accessToken } = options;
  if (accessToken !== undefined) {
    client.use({
      async onRequest({ request }) {
        const token = typeof accessToken === "function" ? await accessToken() : accessToken;
        if (token) request.headers.set("Authorization", `Bearer ${token}`);
        return request;
      },
    });
  }
  return client;
}
