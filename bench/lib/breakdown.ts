/** Stage breakdown of the 50k cashflow request (parse, validate, run, serialize). Filled in once the core lands. */
export function breakdown(_body: string, _iterations: number): Promise<Record<string, unknown>> {
  return Promise.reject(new Error("@pfa/core operations are not available yet"));
}
