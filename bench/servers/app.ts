/**
 * Bench server: the real app with calculation routes and no database (see build.ts), on Deno.serve.
 *
 *   deno run -A bench/servers/app.ts <port>
 */
import { buildCalculationApp } from "./build.ts";

const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8788);
const app = await buildCalculationApp();
Deno.serve({ hostname: "127.0.0.1", port, onListen: () => console.error(`app listening on ${port}`) }, app.fetch);
