/**
 * Builds the real app for the calculation benchmarks: createApp from supabase/functions/v1/app.ts with the
 * calculation routes and no database driver. (Filled in once the edge function's createApp lands.)
 */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

export function buildCalculationApp(): Promise<FetchApp> {
  return Promise.reject(new Error("createApp (supabase/functions/v1/app.ts) is not available yet"));
}
