/** The sender's retry rule (server/notifier/retries.ts): by the delivery's age, not a count of tries. */
import { nextRetrySeconds } from "../../../server/notifier/retries.js";

const wait = (attempts: number, ageSeconds = 0, scale = 1) => nextRetrySeconds({ attempts, ageSeconds, scale, random: 0 });

it("doubles from 10 s up to 5 minutes, then keeps to 5 minutes", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 50, 10_000].map((n) => wait(n))).toEqual([10, 20, 40, 80, 160, 300, 300, 300, 300]);
});

it("adds up to a quarter at random", () => {
  expect(nextRetrySeconds({ attempts: 1, ageSeconds: 0, random: 0.999 })).toBeCloseTo(12.5, 1);
});

it("keeps trying for a day after the delivery was written, whatever the count, then gives up", () => {
  expect(wait(300, 86_399)).toBe(300);
  expect(wait(2, 86_400)).toBeUndefined();
});

it("runs its clock faster by the scale, the rule unchanged", () => {
  expect(wait(1, 0, 60)).toBeCloseTo(10 / 60);
  expect(wait(7, 0, 60)).toBe(5);
  expect(wait(7, 1_439, 60)).toBe(5);
  expect(wait(7, 1_440, 60)).toBeUndefined();
});
