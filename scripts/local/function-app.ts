/** The local server serves the deployed function's own handler (supabase/functions/v1/function-handler.ts). */
export { createFunctionHandler } from "../../supabase/functions/v1/function-handler.ts";
