/**
 * Reads a request's JSON body: media type (415), size while streaming (413), strict UTF-8 (400), then the
 * core's exact JSON parser (400 on malformed JSON or duplicate keys; numbers kept exact for money).
 */
import { type ExactJson, readExactJson } from "@pfa/core/json/parse-json-body.ts";
import { InvalidJsonError } from "@pfa/core/problem/validation-error.ts";
import { type BodyReadLimits, checkJsonMediaType, decodeUtf8, readBodyBytes } from "./body.ts";
import { ProblemError } from "./problem.ts";

export async function readJsonBody(
  request: Request,
  limits: number | BodyReadLimits,
  client?: string,
): Promise<unknown> {
  const read = await readExactJsonBody(request, limits, client);
  const problems = read.problems();
  if (problems !== undefined) throw problems;
  return read.value;
}

/**
 * readJsonBody with the exactness problems (exponents, over-long numbers, duplicate keys) left to `problems()`, to be
 * asked after the schema's validation (core's readExactJson).
 */
export async function readExactJsonBody(
  request: Request,
  limits: number | BodyReadLimits,
  client?: string,
): Promise<ExactJson> {
  checkJsonMediaType(request.headers.get("content-type"), request.headers.get("content-encoding"));
  const bytes = await readBodyBytes(request, limits, client);
  const text = decodeUtf8(bytes);
  if (text.trim() === "") throw new ProblemError(400, "The request body is empty; send a JSON object.");
  try {
    return readExactJson(text, bytes);
  } catch (error) {
    if (error instanceof InvalidJsonError) throw new ProblemError(400, error.message);
    throw error;
  }
}
