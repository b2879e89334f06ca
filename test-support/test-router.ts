/** The router DOM tests' components get from useRouter() (setup-dom.ts); each call is recorded. */
export const testRouter = {
  back: jest.fn(),
  forward: jest.fn(),
  refresh: jest.fn(),
  push: jest.fn(),
  replace: jest.fn(),
  prefetch: jest.fn(),
};
