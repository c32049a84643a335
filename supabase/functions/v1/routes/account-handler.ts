/**
 * The GET route of an account operation (routes/operations.ts registers it; this module is loaded with the route's
 * operation): the signed-in user, the rate limit, the query read and validated with the operation's schema (unknown
 * and repeated parameters in the same 422), the operation run on the user's data, and a strong ETag (304 on a match)
 * with a `Link` to the next page of a paginated list.
 */
import type { AccountOperation, Operation } from "@pfa/core/contracts/operation.ts";
import { problemFromZodError } from "@pfa/core/problem/from-zod.ts";
import { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { admit } from "../http/admit.ts";
import { ifNoneMatchHits, strongEtag } from "../http/etag.ts";
import { nextLink } from "../http/pagination.ts";
import { ProblemError } from "../http/problem.ts";
import { readQuery } from "../http/query.ts";
import { isPaginated } from "../openapi/entries.ts";
import { authenticate, type Ctx, type OperationRouteDeps } from "./operations.ts";

function queryParameterNames(op: Operation): ReadonlySet<string> {
  const shape = (op.input as unknown as { shape?: Record<string, unknown> }).shape;
  return new Set(shape ? Object.keys(shape) : []);
}

export function accountHandler(op: AccountOperation, deps: OperationRouteDeps) {
  // Read from the schemas on the first request (they are built on first use, not at start-up).
  let allowed: ReadonlySet<string> | undefined;
  let paginated: boolean | undefined;
  return async (c: Ctx) => {
    allowed ??= queryParameterNames(op);
    paginated ??= isPaginated(op);
    const user = (await authenticate(c, deps, true))!;
    await admit(c, deps.admission, user);
    const url = new URL(c.req.url);
    const query = readQuery(url, allowed);
    await op.prepare?.(query.values);
    const parsed = op.input.safeParse(query.values);
    if (query.errors.length > 0) {
      // Unknown or repeated parameters, and what is wrong with the known ones, in one answer.
      const unknown = new ValidationError(query.errors, undefined, query.total);
      if (!parsed.success) {
        throw ValidationError.merge(unknown, problemFromZodError(parsed.error, "query", query.values));
      }
      throw new ProblemError(
        422,
        "The query has parameters this operation does not accept, repeats one, or is not valid percent-encoded UTF-8; see `errors`.",
        {
          errors: query.errors,
          errorsTotal: query.total,
        },
      );
    }
    if (!parsed.success) throw problemFromZodError(parsed.error, "query", query.values);
    const output = await deps.accountData.withUser(user, (data) => op.run(parsed.data, { data, subject: user.sub }));
    const body = JSON.stringify(output);
    const etag = await strongEtag(user.sub, body);
    const headers = new Headers({
      "Content-Type": "application/json",
      "Cache-Control": "private, no-cache",
      "Vary": "Authorization",
      "ETag": etag,
    });
    const cursor = paginated ? (output as { next_cursor?: unknown }).next_cursor : undefined;
    if (typeof cursor === "string") headers.set("Link", nextLink(url, cursor));
    if (ifNoneMatchHits(c.req.raw.headers.get("if-none-match"), etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    return new Response(body, { status: 200, headers });
  };
}
