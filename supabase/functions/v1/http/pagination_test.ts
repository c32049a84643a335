import assert from "node:assert/strict";
import { nextLink } from "./pagination.ts";

Deno.test("next link: keeps the other parameters, replaces the cursor, percent-encodes", () => {
  assert.equal(
    nextLink(new URL("http://x/v1/me/statements/imports?limit=7&cursor=old"), "a+b/c="),
    '<?limit=7&cursor=a%2Bb%2Fc%3D>; rel="next"',
  );
  assert.equal(nextLink(new URL("http://x/p?kind=expense"), "z"), '<?kind=expense&cursor=z>; rel="next"');
});
