/**
 * The one bounded reader of bodies and streams: every request body, upstream answer and
 * decompressed proof is read through it, counting bytes as they arrive (Content-Length is only
 * a hint), so nothing larger than its limit is ever held in memory. Web APIs only: runs on the
 * server and in the browser.
 */

/**
 * The stream's bytes, or undefined once they exceed `limit`. Past the limit the rest is read and
 * dropped up to `drainLimit` bytes; beyond that reading stops at once: an upstream answer is
 * cancelled, a request body is left unread (`keepOpen`): cancelling it would close the client's
 * connection before the 413 is written, and unread it stops the socket by backpressure (the web
 * server then closes the connection once the answer is sent: server/index.ts).
 */
export async function readStreamLimited(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  drainLimit = limit,
  { keepOpen = false }: { keepOpen?: boolean } = {},
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainLimit) {
      if (keepOpen) reader.releaseLock();
      else await reader.cancel().catch(() => undefined);
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
  const request = message instanceof Request;
  const declared = Number(message.headers.get("content-length") ?? 0);
  if (declared > drainLimit) {
    if (!request) await message.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!message.body) return "";
  const bytes = await readStreamLimited(message.body, limit, drainLimit, { keepOpen: request });
  return bytes && new TextDecoder().decode(bytes);
}
