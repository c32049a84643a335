// A small dependency-free SVG line chart for the bench's scale section: one panel per series, x = transactions.

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A round step for about `count` ticks over [0, max]. */
function tickStep(max, count = 5) {
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

function panel({ x0, y0, w, h, xs, series, title, unit }) {
  const xMax = Math.max(...xs);
  const yMax = Math.max(...series.flatMap((s) => s.values.filter(Number.isFinite))) * 1.1 || 1;
  const xStep = tickStep(xMax, 4);
  const yStep = tickStep(yMax, 5);
  const X = (v) => x0 + (v / (Math.ceil(xMax / xStep) * xStep)) * w;
  const yTop = Math.ceil(yMax / yStep) * yStep;
  const Y = (v) => y0 + h - (v / yTop) * h;
  const out = [`<text x="${x0}" y="${y0 - 12}" font-size="14" font-weight="bold">${esc(title)}</text>`];
  out.push(`<line x1="${x0}" y1="${y0 + h}" x2="${x0 + w}" y2="${y0 + h}" stroke="#333"/>`);
  out.push(`<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y0 + h}" stroke="#333"/>`);
  for (let v = 0; v <= yTop + 1e-9; v += yStep) {
    out.push(`<line x1="${x0}" y1="${Y(v)}" x2="${x0 + w}" y2="${Y(v)}" stroke="#ddd"/>`);
    out.push(`<text x="${x0 - 6}" y="${Y(v) + 4}" font-size="11" text-anchor="end">${+v.toFixed(2)}</text>`);
  }
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    out.push(`<text x="${X(v)}" y="${y0 + h + 16}" font-size="11" text-anchor="middle">${v / 1000}k</text>`);
  }
  out.push(
    `<text x="${x0 + w / 2}" y="${y0 + h + 34}" font-size="12" text-anchor="middle">transactions per request</text>`,
  );
  out.push(
    `<text x="${x0 - 44}" y="${y0 + h / 2}" font-size="12" text-anchor="middle" ` +
      `transform="rotate(-90 ${x0 - 44} ${y0 + h / 2})">${esc(unit)}</text>`,
  );
  series.forEach((s, k) => {
    const pts = xs.map((x, i) => [x, s.values[i]]).filter(([, y]) => Number.isFinite(y));
    out.push(
      `<polyline fill="none" stroke="${s.color}" stroke-width="2" ${s.dash ? `stroke-dasharray="5,4"` : ""} ` +
        `points="${pts.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" ")}"/>`,
    );
    for (const [x, y] of pts) {
      out.push(`<circle cx="${X(x).toFixed(1)}" cy="${Y(y).toFixed(1)}" r="3.5" fill="${s.color}"/>`);
    }
    out.push(`<rect x="${x0 + 10}" y="${y0 + 8 + k * 18}" width="14" height="3" fill="${s.color}"/>`);
    out.push(`<text x="${x0 + 30}" y="${y0 + 13 + k * 18}" font-size="11">${esc(s.label)}</text>`);
  });
  return out.join("\n");
}

/** `panels`: [{ title, unit, series: [{ label, color, values, dash? }] }], all over the same `xs`. */
export function scaleSvg({ xs, panels, caption }) {
  const w = 380;
  const h = 240;
  const width = 80 + panels.length * (w + 90);
  const height = h + 110;
  const body = panels.map((p, i) => panel({ ...p, xs, x0: 80 + i * (w + 90), y0: 40, w, h })).join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="#fff"/>\n` +
    `${body}\n<text x="80" y="${height - 10}" font-size="11" fill="#555">${esc(caption)}</text>\n</svg>\n`;
}
