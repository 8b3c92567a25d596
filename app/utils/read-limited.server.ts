/**
 * The body as text, or undefined once it exceeds `limit` bytes. Past the limit the rest is read
 * and dropped up to `drainLimit` bytes, so the client can read the 413 instead of seeing its
 * upload reset; beyond that (or with a larger Content-Length) the stream is cancelled at once.
 */
export async function readLimited(message: Request | Response, limit: number, drainLimit = limit): Promise<string | undefined> {
  const declared = Number(message.headers.get("content-length") ?? 0);
  if (declared > drainLimit) {
    await message.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!message.body) return "";
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainLimit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) return undefined;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
