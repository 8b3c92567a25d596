/**
 * The one bounded reader of bodies and streams: every request body, upstream answer and
 * decompressed proof is read through it, counting bytes as they arrive (Content-Length is only
 * a hint), so nothing larger than its limit is ever held in memory. Web APIs only: runs on the
 * server and in the browser.
 */

/**
 * The stream's bytes, or undefined once they exceed `limit`. Past the limit the rest is read and
 * dropped up to `drainLimit` bytes (so an HTTP client can read the 413 instead of seeing its
 * upload reset); beyond that the stream is cancelled at once.
 */
export async function readStreamLimited(stream: ReadableStream<Uint8Array>, limit: number, drainLimit = limit): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
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
  return bytes;
}

/** A request's or response's body as text, or undefined once it exceeds `limit` bytes (see above). */
export async function readLimited(message: Request | Response, limit: number, drainLimit = limit): Promise<string | undefined> {
  const declared = Number(message.headers.get("content-length") ?? 0);
  if (declared > drainLimit) {
    await message.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!message.body) return "";
  const bytes = await readStreamLimited(message.body, limit, drainLimit);
  return bytes && new TextDecoder().decode(bytes);
}
