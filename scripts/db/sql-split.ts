/**
 * Splits a SQL script into statements the way the Supabase CLI does before it records them in
 * `supabase_migrations.schema_migrations.statements`: split on `;` outside quotes, dollar quotes and comments;
 * each statement trimmed, without its `;`; empty statements dropped. Comments stay with the statement they precede.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (text !== "" && !isOnlyComments(text)) statements.push(text);
  };
  while (i < n) {
    const c = script[i]!;
    const next = script[i + 1];
    if (c === "-" && next === "-") {
      const eol = script.indexOf("\n", i);
      i = eol === -1 ? n : eol + 1;
    } else if (c === "/" && next === "*") {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (script[i] === "/" && script[i + 1] === "*") (depth++, i += 2);
        else if (script[i] === "*" && script[i + 1] === "/") (depth--, i += 2);
        else i++;
      }
    } else if (c === "'" || c === '"') {
      const escapes = c === "'" && i > 0 && /[eE]/.test(script[i - 1]!) && !/\w/.test(script[i - 2] ?? "");
      i++;
      while (i < n) {
        if (escapes && script[i] === "\\") i += 2;
        else if (script[i] === c && script[i + 1] === c) i += 2;
        else if (script[i] === c) {
          i++;
          break;
        } else i++;
      }
    } else if (c === "$") {
      const tag = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(script.slice(i, i + 64));
      if (tag && !/\w/.test(script[i - 1] ?? "")) {
        const close = script.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? n : close + tag[0].length;
      } else i++;
    } else if (c === ";") {
      push(i);
      start = i + 1;
      i++;
    } else i++;
  }
  push(n);
  return statements;
}

function isOnlyComments(text: string): boolean {
  return text.replace(/--[^\n]*(\n|$)/g, "").replace(/\/\*[\s\S]*?\*\//g, "").trim() === "";
}
