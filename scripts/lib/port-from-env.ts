/** The port in environment variable `name`, else `fallback`; anything but a port number is an error. */
export function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return port;
}
