/**
 * The server's refusals in the reader's language: an `error` frame or an HTTP `detail` carries a
 * `code`, a finer `reason` and `params`; the words are the client's (`refusal.*` labels), never the
 * server's English `message` nor a validator's text.
 */
import { hasLabel, t } from './i18n.js';

/** Params that count seats from 0 on the wire and from 1 for a reader. */
const SEAT_PARAMS = ['seat', 'last'];

/** A refusal (`{code, reason?, params?}`) as one sentence for a toast or a notice. */
export function refusalText(detail) {
  const params = { ...(detail?.params || {}) };
  for (const key of SEAT_PARAMS) if (typeof params[key] === 'number') params[key] += 1;
  if (typeof params.what === 'string') params.what = t(`refusal.what.${params.what}`);
  if (typeof params.field === 'string') params.field = fieldName(params.field);
  const key = [detail?.reason, detail?.code].map((k) => `refusal.${k}`).find((k) => hasLabel(k));
  return t(key ?? 'refusal.unknown', params);
}

/** A request field as the lobby's form names it (`turn_seconds` is the turn timer), else as written. */
function fieldName(field) {
  const last = field.split('.').pop();
  return hasLabel(`lobby.${last}`) ? t(`lobby.${last}`) : field;
}
