/**
 * `parseTokenArgs(args)`: the arguments of `npm run -s token -- [--expires-in <seconds>] <email>`. Throws a
 * `TokenUsageError` whose message says what is wrong.
 */
import { parseArgs } from "node:util";
import { MAX_TOKEN_LIFETIME_SECONDS, TOKEN_LIFETIME_SECONDS } from "./demo-token.ts";

export class TokenUsageError extends Error {
  override readonly name = "TokenUsageError";
}

export interface TokenArgs {
  readonly email: string;
  readonly expiresIn: number;
}

export function parseTokenArgs(args: readonly string[]): TokenArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { "expires-in": { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new TokenUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new TokenUsageError("give exactly one user's email");
  const raw = values["expires-in"];
  let expiresIn = TOKEN_LIFETIME_SECONDS;
  if (raw !== undefined) {
    expiresIn = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
    if (!(expiresIn >= 1 && expiresIn <= MAX_TOKEN_LIFETIME_SECONDS)) {
      throw new TokenUsageError(
        `--expires-in must be a whole number of seconds from 1 to ${MAX_TOKEN_LIFETIME_SECONDS} (a week); got ${
          JSON.stringify(raw)
        }`,
      );
    }
  }
  return { email: positionals[0]!, expiresIn };
}
