import { z } from "zod";
import { doc } from "./primitives.ts";

/** RFC 9457 problem body (API.md §5). */
export const problemSchema = doc(
  z.object({
    type: doc(
      z.string(),
      "URI identifying the problem type: the code's anchor in the API reference, an absolute URI built from the " +
        "project URL, `{SUPABASE_URL}/functions/v1/v1/docs#problem-<code>` (the reference page served at " +
        "`GET /v1/docs` has an anchor for every code). The same over REST and MCP. Switch on `code`, not on this.",
      ["https://<project-ref>.supabase.co/functions/v1/v1/docs#problem-validation_failed"],
    ),
    title: doc(z.string(), "Short summary of the problem type.", ["Validation failed"]),
    status: doc(z.int(), "HTTP status code.", [422]),
    detail: doc(z.string(), "Explanation of this occurrence.", ["The request has 1 invalid value: ..."]),
    code: doc(
      z.enum([
        "invalid_json",
        "unauthorized",
        "not_found",
        "method_not_allowed",
        "request_timeout",
        "payload_too_large",
        "unsupported_media_type",
        "validation_failed",
        "rate_limited",
        "internal_error",
        "service_unavailable",
      ]),
      "Stable machine-readable code.",
      ["validation_failed"],
    ),
    request_id: doc(z.string(), "Id of the request (also in the X-Request-Id header).", ["req_01J..."]),
    errors: doc(
      z.array(z.object({
        pointer: doc(z.string(), "RFC 6901 JSON pointer into the request body.", ["/transactions/3/amount"])
          .optional(),
        parameter: doc(z.string(), "Name of the query parameter.", ["month"]).optional(),
        code: doc(
          z.enum([
            "required",
            "invalid_type",
            "invalid_format",
            "invalid_date",
            "invalid_value",
            "too_many_decimals",
            "exponent_not_allowed",
            "too_many_digits",
            "out_of_range",
            "unknown_currency",
            "currency_mismatch",
            "too_many_items",
            "too_short",
            "too_long",
            "unknown_field",
            "duplicate_key",
            "duplicate",
            "invalid_range",
            "invalid_cursor",
            "too_deep",
            "too_large",
          ]),
          "Stable code of the error item.",
          ["too_many_decimals"],
        ),
        message: doc(z.string(), "Explanation for a human.", [
          "`/transactions/3/amount` has more decimals than EUR allows (2).",
        ]),
      })),
      "Each invalid value (422 only), at most 100; see `truncated`.",
    ).optional(),
    truncated: doc(
      z.literal(true),
      "Present (true) only when `errors` lists the first 100 invalid values of more; `errors_total` says how many. " +
        "Validation stops building items at the cap (it only counts), so the answer stays small.",
      [true],
    ).optional(),
    errors_total: doc(z.int(), "How many invalid values were found in all; only with `truncated`.", [2417])
      .optional(),
  }),
  "Problem details (RFC 9457), served as application/problem+json.",
);
