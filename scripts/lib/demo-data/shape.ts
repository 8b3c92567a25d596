/**
 * What the demo data holds: the same chapters, members, applications, evaluations and info
 * messages on every machine, so screenshots, docs and bug reports agree.
 */

/**
 * Chapters with their current member count (150 in all, deliberately uneven), at the real
 * coordinates of their cities (city centres, degrees north and east); the plan turns them into the
 * contract's x and y through the map's projection (app/map/projection.ts, decision 0014).
 */
export const CITIES = [
  { name: "Berlin", lat: 52.52, lon: 13.405, members: 21 },
  { name: "London", lat: 51.507, lon: -0.128, members: 17 },
  { name: "New York", lat: 40.713, lon: -74.006, members: 15 },
  { name: "Lagos", lat: 6.524, lon: 3.379, members: 13 },
  { name: "Tokyo", lat: 35.676, lon: 139.65, members: 12 },
  { name: "Buenos Aires", lat: -34.604, lon: -58.382, members: 11 },
  { name: "Mumbai", lat: 19.076, lon: 72.878, members: 10 },
  { name: "Mexico City", lat: 19.433, lon: -99.133, members: 9 },
  { name: "Cairo", lat: 30.044, lon: 31.236, members: 8 },
  { name: "Sydney", lat: -33.869, lon: 151.209, members: 8 },
  { name: "Cape Town", lat: -33.925, lon: 18.424, members: 7 },
  { name: "Singapore", lat: 1.352, lon: 103.82, members: 6 },
  { name: "San Francisco", lat: 37.775, lon: -122.419, members: 6 },
  { name: "Reykjavik", lat: 64.147, lon: -21.943, members: 4 },
  { name: "Anchorage", lat: 61.218, lon: -149.9, members: 3 },
] as const;

/** Chapters (by index) whose founders include a party executive. */
export const PARTY_EXECUTIVE_CHAPTERS = [0, 3, 4];
/** The first eight chapters get chapter executives: two in the big ones, one in the others. */
export const EXECUTIVE_CHAPTERS = 8;
/** Joiners who later leave (by themselves or removed), per chapter index; refilled on top. */
export const LEAVERS: Record<number, { left: number; removed: number }> = {
  0: { left: 1, removed: 1 },
  1: { left: 1, removed: 0 },
  2: { left: 1, removed: 0 },
  3: { left: 0, removed: 1 },
  4: { left: 0, removed: 1 },
  6: { left: 1, removed: 0 },
};
export const PENDING_APPLICATIONS = 20;
export const REJECTED_CHAPTERS = [1, 3, 6, 9];
export const EVALUATIONS = 20;
export const INFO_MESSAGES = 30;
export const EVENT_NAMES = ["congress", "meeting", "statement", "press-release", "election", "campaign"];
export const PRNG_SEED = 0x5eed_2024;

/** The numbers the demo data is built to have; readDemoSummary must read these back. */
export const DEMO_SHAPE = {
  chapters: CITIES.length,
  members: CITIES.reduce((sum, city) => sum + city.members, 0),
  pendingApplications: PENDING_APPLICATIONS,
  rejectedApplications: REJECTED_CHAPTERS.length,
  evaluations: EVALUATIONS,
  infoMessages: INFO_MESSAGES,
  partyExecutives: PARTY_EXECUTIVE_CHAPTERS.length,
  partyOnlyMembers: 4,
} as const;

export const DEMO_CITIES: readonly string[] = CITIES.map(({ name }) => name);

/** Every demo account the plan uses: the members, those who left, applicants, party-only members. */
export const DEMO_ACCOUNT_COUNT =
  DEMO_SHAPE.members +
  Object.values(LEAVERS).reduce((sum, { left, removed }) => sum + left + removed, 0) +
  PENDING_APPLICATIONS +
  REJECTED_CHAPTERS.length +
  DEMO_SHAPE.partyOnlyMembers;
