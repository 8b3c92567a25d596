/**
 * The operation lifecycle's own failures as messages (`wallet.lifecycle.*` of app/locales): why the
 * server failed an operation (stored as jsonb in app.pending_operations.error, answered by
 * GET /api/operations/:hash) and what the browser's write code says when it cannot follow one.
 * They stay `{ key, values }` until a page says them in its language (app/i18n/spec-texts.ts).
 */
import { message, type Message } from "../i18n/message";

const lifecycle = (kind: string, values?: Record<string, string | number>): Message => message(`wallet.lifecycle.${kind}`, values);

export const dropped = () => lifecycle("dropped");
export const notRegistered = (sender: string) => lifecycle("notRegistered", { sender });
export const replaced = (by: string) => lifecycle("replaced", { by });
export const serverAnswered = (status: number) => lifecycle("serverAnswered", { status });
export const unknownOperation = (hash: string) => lifecycle("unknownOperation", { hash });
export const notFinal = (hash: string, status: string) => lifecycle("notFinal", { hash, status });
export const stuck = (hash: string, ms: number) => lifecycle("stuck", { hash, ms });
