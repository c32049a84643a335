/**
 * Runs one operation for an MCP tool call exactly as its REST route does: the operation's own zod schema
 * validates the arguments (the POST body, or the GET query whose integers may also be JSON integers), failures map
 * through the same `problemFromZodError` (JSON pointers for bodies, parameter names for queries) and the same
 * `toProblemError` as REST, and account operations read the user's data through the same RLS-scoped provider.
 * The success body is the operation's output, the object REST serializes with `JSON.stringify`.
 */
import type { Operation } from "@pfa/core/contracts/operation.ts";
import { makeProblem } from "@pfa/core/problem/problem.ts";
import { problemFromZodError } from "@pfa/core/problem/from-zod.ts";
import { mergeBodyErrors, ValidationError } from "@pfa/core/problem/validation-error.ts";
import { validateBody } from "@pfa/core/problem/validate-body.ts";
import type { VerifiedUser } from "../http/bearer.ts";
import { errorFacts } from "../data/error-facts.ts";
import { toProblemError } from "../http/errors.ts";
import { PROBLEM_CODES, ProblemError } from "../http/problem.ts";
import type { AccountDataProvider } from "../routes/operations.ts";
import type { Outcome } from "./results.ts";

export interface ExecutionContext {
  readonly requestId: string;
  /**
   * The verified caller, asked only by account tools (before their arguments are validated, as REST does);
   * undefined when there is no token. May throw an AuthError (401) or KeySetUnavailableError (503).
   */
  readonly user: () => Promise<VerifiedUser | undefined>;
  readonly accountData: AccountDataProvider;
  /** Base of absolute problem `type`s, the same as REST's (`problemTypeBase`); absent: the relative form. */
  readonly problemTypeBase?: string;
}

/** Detail of the 401 an account tool gets without a user (stdio without PFA_ACCESS_TOKEN, for instance). */
export const NO_USER_DETAIL = "This tool reads the signed-in user's data and needs their Supabase Auth access token: " +
  "send Authorization: Bearer <token> on the MCP HTTP request; for the stdio server, set PFA_ACCESS_TOKEN (or " +
  "PFA_DEMO_USER=<demo email> locally).";

/** Schema problems, joined to the exact-JSON ones (`rejection`) so that every problem is answered at once. */
function invalid(error: ValidationError, rejection: ValidationError | undefined): ValidationError {
  return rejection ? mergeBodyErrors(rejection, error) : error;
}

async function run(
  operation: Operation,
  args: unknown,
  context: ExecutionContext,
  rejection: ValidationError | undefined,
): Promise<Record<string, unknown>> {
  await operation.prepare?.(args);
  if (operation.kind === "calculation") {
    const input = validateBody(operation.input, args, rejection, (valid) => operation.run(valid));
    return operation.run(input) as Record<string, unknown>;
  }
  const user = await context.user();
  if (user === undefined) throw new ProblemError(401, NO_USER_DETAIL);
  const parsed = operation.input.safeParse(args);
  if (!parsed.success) throw invalid(problemFromZodError(parsed.error, "query", args), rejection);
  if (rejection) throw rejection;
  const output = await context.accountData.withUser(
    user,
    (data) => operation.run(parsed.data, { data, subject: user.sub }),
  );
  return output as Record<string, unknown>;
}

/** The outcome of one call: the REST response body, or the REST problem. Never throws. */
export async function executeOperation(
  operation: Operation,
  args: unknown,
  context: ExecutionContext,
  /** The arguments already failed REST's exact JSON checks (see body.ts). */
  rejection?: ValidationError,
): Promise<Outcome> {
  try {
    return { ok: true, body: await run(operation, args, context, rejection) };
  } catch (error) {
    const problem = toProblemError(error);
    if (problem.status >= 500 && !(error instanceof ProblemError)) {
      console.error(JSON.stringify({
        request_id: context.requestId,
        status: problem.status,
        mcp_error: (error as Error)?.name ?? "unknown",
        ...errorFacts(error),
      }));
    }
    return {
      ok: false,
      problem: makeProblem(
        PROBLEM_CODES[problem.status],
        problem.detail,
        context.requestId,
        problem.options.errors,
        context.problemTypeBase,
        problem.options.errorsTotal,
      ),
    };
  }
}
