import fc from "fast-check";

import { EMBEDDED_PLAYER_ORIGINS } from "@/lib/security/embedded-players";

import { playerSource } from "./player-source";

/** Hosts an embed's html may name: the players the site frames, look-alikes, and others. */
const host = fc.constantFrom(
  "player.vimeo.com",
  "www.youtube.com",
  "youtube-nocookie.com",
  "player.vimeo.com.evil.example",
  "evil.example",
  "player.vimeo.com@evil.example",
  "evil.example#player.vimeo.com",
  "PLAYER.VIMEO.COM",
  "player.vimeo.com:8443",
  "xn--plyer-vimeo-4cb.com",
);
const scheme = fc.constantFrom(
  "https://",
  "http://",
  "//",
  "javascript:",
  " https://",
  "HTTPS://",
  "https:\\\\",
);
/** An html snippet as an oEmbed provider (or someone editing content) could write one. */
const snippet = fc
  .tuple(
    fc.constantFrom("", "<div>", '<p title="<iframe src=https://evil.example/>">', "text "),
    fc.constantFrom("<iframe", "<IFRAME", "<iframe/", "<iframex"),
    fc.constantFrom(" src=", ' src="', " src='", " data-src=", " SRC = "),
    scheme,
    host,
    fc.constantFrom("/video/1", "/embed/abc?start=5", "", "/x&quot; onload=&quot;alert(1)"),
    fc.constantFrom('"', "'", "", " "),
    fc.constantFrom("></iframe>", " allow=autoplay>", ""),
  )
  .map((parts) => parts.join(""));

describe("playerSource", () => {
  test("the player of a Vimeo or YouTube embed, started at once, on the hosts the site frames", () => {
    expect(playerSource('<iframe src="https://player.vimeo.com/video/2?h=x"></iframe>')).toBe(
      "https://player.vimeo.com/video/2?h=x&autoplay=1",
    );
    expect(
      playerSource('<iframe width="200" src="https://www.youtube.com/embed/abc?feature=oembed"></iframe>'),
    ).toBe("https://www.youtube-nocookie.com/embed/abc?feature=oembed&autoplay=1");
  });

  test("whatever the html holds, the player is one the site's policies let it frame, or none", () => {
    fc.assert(
      fc.property(fc.oneof(snippet, fc.string({ maxLength: 80 })), (html) => {
        const player = playerSource(html);
        if (player === undefined) return;
        expect(EMBEDDED_PLAYER_ORIGINS).toContain(new URL(player).origin);
      }),
      { numRuns: 3000, seed: 22 },
    );
  });
});
