import assert from "node:assert/strict";
import { escapeHtml, inline, markdown } from "./markdown.ts";

Deno.test("escapeHtml escapes the five HTML-significant characters", () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
});

Deno.test("inline: code, bold and in-page links; markup in text is escaped, even inside code", () => {
  assert.equal(inline("use `<b>` and **this**"), "use <code>&lt;b&gt;</code> and <strong>this</strong>");
  assert.equal(inline("see [Problem](#schema-Problem)"), 'see <a href="#schema-Problem">Problem</a>');
  assert.equal(inline("[x](javascript:alert(1))"), "[x](javascript:alert(1))", "only #anchors become links");
  assert.equal(inline("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
});

Deno.test("markdown: headings (offset), lists with continuation lines, paragraphs", () => {
  const html = markdown("## Title\nsome text\ncontinued\n\n- one\n  more\n- two\n\nend", 1);
  assert.equal(
    html,
    "<h3>Title</h3>\n<p>some text continued</p>\n<ul><li>one more</li><li>two</li></ul>\n<p>end</p>",
  );
});
