/** The map's arrow keys: which chapter each goes to. */
import { nearestInDirection } from "../../../app/components/map-keys.js";

// y grows upwards, as the map draws it.
const points = [
  { id: "1", x: 100, y: 100 },
  { id: "2", x: 200, y: 110 }, // right, nearly level
  { id: "3", x: 150, y: 400 }, // up, a little right
  { id: "4", x: 130, y: 0 }, // down
  { id: "5", x: 0, y: 100 }, // left, level
  { id: "6", x: 160, y: 300 }, // right and up: nearer than 2 in a straight line, but far across
];

it("goes to the nearest chapter that way, straight ahead before off to the side", () => {
  expect(nearestInDirection(points, "1", "right")).toBe("2");
  expect(nearestInDirection(points, "1", "left")).toBe("5");
  expect(nearestInDirection(points, "1", "up")).toBe("6");
  expect(nearestInDirection(points, "1", "down")).toBe("4");
  expect(nearestInDirection(points, "6", "up")).toBe("3");
});

it("stays (null) when nothing lies that way or the chapter is unknown", () => {
  expect(nearestInDirection(points, "5", "left")).toBeNull();
  expect(nearestInDirection(points, "3", "up")).toBeNull();
  expect(nearestInDirection(points, "99", "up")).toBeNull();
  expect(nearestInDirection([{ id: "1", x: 5, y: 5 }], "1", "right")).toBeNull();
});

it("takes the lower id of two equally near chapters, by number", () => {
  const tie = [
    { id: "9", x: 0, y: 0 },
    { id: "10", x: 10, y: 5 },
    { id: "11", x: 10, y: -5 },
  ];
  expect(nearestInDirection(tie, "9", "right")).toBe("10");
});

it("goes off to the side when nothing lies within 45°", () => {
  const sideways = [
    { id: "1", x: 0, y: 0 },
    { id: "2", x: 100, y: 10 },
  ];
  expect(nearestInDirection(sideways, "1", "up")).toBe("2");
  expect(nearestInDirection(sideways, "2", "down")).toBe("1");
});
