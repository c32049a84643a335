#!/usr/bin/env node
// Replaces the "Latest numbers" block of BENCHMARKS.md with bench/table.mjs's output for bench/results.json.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const md = new URL("../BENCHMARKS.md", import.meta.url);
const table = execFileSync(process.execPath, [new URL("./table.mjs", import.meta.url).pathname], { encoding: "utf8" });
const text = readFileSync(md, "utf8");
const start = "<!-- numbers: node bench/update-md.mjs -->";
const end = "<!-- end of numbers -->";
const a = text.indexOf(start);
const b = text.indexOf(end);
if (a < 0 || b < 0) throw new Error("BENCHMARKS.md has no numbers block");
writeFileSync(md, text.slice(0, a + start.length) + "\n\n" + table.trim() + "\n\n" + text.slice(b));
