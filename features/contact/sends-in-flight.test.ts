/**
 * The sends a stopping server waits for: counted while under way (failed ones too), waited for
 * within a bound.
 */
import { sendsInFlight, sendsSettled, trackSend } from "./sends-in-flight";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

test("counts each send until it settles, and resolves once all have, those started meanwhile too", async () => {
  const first = deferred<string>();
  const second = deferred<string>();
  const later = deferred<string>();
  expect(trackSend(first.promise)).toBe(first.promise);
  trackSend(second.promise).catch(() => undefined);
  expect(sendsInFlight()).toBe(2);
  const settled = sendsSettled(5_000);
  first.resolve("sent");
  trackSend(later.promise);
  second.reject(new Error("refused"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sendsInFlight()).toBe(1);
  later.resolve("sent");
  await expect(settled).resolves.toBe(true);
  expect(sendsInFlight()).toBe(0);
});

test("gives up past its bound, and says so", async () => {
  const hanging = deferred<string>();
  trackSend(hanging.promise);
  await expect(sendsSettled(50)).resolves.toBe(false);
  expect(sendsInFlight()).toBe(1);
  hanging.resolve("sent");
  await expect(sendsSettled(50)).resolves.toBe(true);
});

test("with nothing under way, resolves at once", async () => {
  await expect(sendsSettled(0)).resolves.toBe(true);
});
