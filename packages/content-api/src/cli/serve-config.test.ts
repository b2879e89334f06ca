import { ConfigError, serveConfig } from "./serve-config";

const CWD = "/srv/site";

test("defaults: ./content on 127.0.0.1:3001, open, kept running", () => {
  expect(serveConfig({}, CWD)).toEqual({
    dir: "/srv/site/content",
    host: "127.0.0.1",
    port: 3001,
    accessToken: undefined,
    exitOnStdinEnd: false,
  });
});

test("empty variables count as unset, as in .env files", () => {
  const env = { CONTENT_DIR: "", CONTENT_PORT: "", CONTENT_HOST: "", CONTENT_ACCESS_TOKEN: "" };
  expect(serveConfig(env, CWD)).toEqual(serveConfig({}, CWD));
});

test("every variable is read", () => {
  const env = {
    CONTENT_DIR: "../generated",
    CONTENT_PORT: "0",
    CONTENT_HOST: "::1",
    CONTENT_ACCESS_TOKEN: "s3cret",
    CONTENT_EXIT_ON_STDIN_END: "1",
  };
  expect(serveConfig(env, CWD)).toEqual({
    dir: "/srv/generated",
    host: "::1",
    port: 0,
    accessToken: "s3cret",
    exitOnStdinEnd: true,
  });
});

test.each([
  ["CONTENT_PORT", "70000", 'CONTENT_PORT must be a port number (0-65535), got "70000"'],
  ["CONTENT_PORT", "3001 ", 'CONTENT_PORT must be a port number (0-65535), got "3001 "'],
  ["CONTENT_HOST", "local host", 'CONTENT_HOST must be a host name or IP address, got "local host"'],
  ["CONTENT_EXIT_ON_STDIN_END", "yes", 'CONTENT_EXIT_ON_STDIN_END must be 1 or 0, got "yes"'],
])("%s=%j is refused in one line naming it", (name, value, message) => {
  const read = () => serveConfig({ [name]: value }, CWD);
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(message);
});

test("a token with stray spaces is refused without being printed", () => {
  const read = () => serveConfig({ CONTENT_ACCESS_TOKEN: "s3cret\n" }, CWD);
  expect(read).toThrow("CONTENT_ACCESS_TOKEN must be a token without surrounding spaces");
  expect(read).not.toThrow(/s3cret/);
});
